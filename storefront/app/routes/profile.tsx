import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import type { User } from '@aero/shared/user'
import { ProfileForm } from '~/components/account/profile-form'
import { BUMIPUTERA_INTENT, BumiputeraCard } from '~/components/account/bumiputera-card'
import type { BumiputeraField, BumiputeraFormResult } from '~/components/account/bumiputera-card'
import bookingStyles from '~/components/booking/booking.css?url'
import { declareBumiputera } from '~/models/bumiputera.server'
import { BUMIPUTERA_TEXTS, bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraRecord } from '~/utils/bumiputera'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { EMAIL_PREFERENCES_INTENT, EmailPreferencesCard } from '~/components/account/email-preferences-card'
import { PersonalDataCard } from '~/components/account/personal-data-card'
import type { DeletionFormResult } from '~/components/account/personal-data-card'
import { PERSONAL_DATA_EXPORT_URL, getDeletionRequest, requestAccountDeletion } from '~/models/personal-data.server'
import { TimedMessage, useHeldNotice } from '~/components/account/timed-message'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MESSAGE_DURATIONS, simpleAccountType } from '~/utils/account'
import { submitProfile } from '~/utils/account-forms.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser, throwIfSignedOut } from '~/utils/auth.server'
import { cacheControlHeaders, markDegraded } from '~/utils/cache-control.server'
import { loadEmailPreferences, submitEmailPreferences } from '~/utils/email-preferences.server'
import { noticeCookie, takeNotice } from '~/utils/notice.server'

export const meta: MetaFunction = () => [{ title: 'Profile | Aero Property Booking' }]

// The evidence field is the booking forms' document picker.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStyles }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { notice, setCookies } = takeNotice(request)
  const [deletion, email] = await Promise.all([
    // A side panel: without its answer the profile still shows (not kept: markDegraded), and a
    // second request is refused by the backend with its own message.
    getDeletionRequest(request).catch(() => {
      markDegraded(request)
      return null
    }),
    loadEmailPreferences(request),
  ])
  return data(
    {
      user,
      bumiputera: bumiputeraOf(user as User & BumiputeraRecord),
      notice,
      deletionRequest: deletion?.data.request ?? null,
      emailPreferences: email.preferences,
      // Through the loader: a .server module's value cannot reach the page's component itself.
      exportUrl: PERSONAL_DATA_EXPORT_URL,
    },
    { headers: cookieHeaders(setCookies, deletion?.setCookies ?? [], email.setCookies) }
  )
}

export const headers = cacheControlHeaders

/** Saves the name and phone on the server (PUT /api/auth/me); the email never changes. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  // The Bumiputera declaration alone is multipart (its evidence): its body goes to the backend unread.
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return declare(request)
  const form = await request.formData()
  if (form.get('intent') === 'request-deletion') return askForDeletion(request, form)
  if (form.get('intent') === EMAIL_PREFERENCES_INTENT) return saveEmailPreferences(request, form)
  const outcome = await submitProfile(request, form, user, ['name', 'phone'])
  if (outcome.ok) {
    const headers = cookieHeaders(outcome.setCookies)
    headers.append('Set-Cookie', noticeCookie('profile-updated'))
    return redirect('/profile', { headers })
  }
  const { ok: _ok, status, setCookies, ...result } = outcome
  return data(result, { status, headers: cookieHeaders(setCookies) })
}

const BUMIPUTERA_FIELDS: readonly BumiputeraField[] = ['kind', 'evidence']

/** POST /api/users/me/bumiputera; a refusal is shown on the card, each field's beside it. */
async function declare(request: Request) {
  const outcome = await declareBumiputera(request)
  if (outcome.ok) {
    const headers = cookieHeaders(outcome.response.setCookies)
    headers.append('Set-Cookie', noticeCookie('bumiputera-declared'))
    return redirect('/profile', { headers })
  }
  const { error } = outcome
  throwIfSignedOut(error, request)
  const fieldErrors = fieldErrorsFrom(error.fieldErrors, BUMIPUTERA_FIELDS)
  const result: BumiputeraFormResult = {
    intent: BUMIPUTERA_INTENT,
    // With field errors the fields say it; otherwise the backend's own words (already verified, ...).
    message:
      Object.keys(fieldErrors).length > 0
        ? null
        : (error.serverMessage ?? error.fieldErrors[0]?.message ?? BUMIPUTERA_TEXTS.failed),
    fieldErrors,
    kind: outcome.kind,
    evidenceName: outcome.evidenceName,
  }
  return data(result, { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) })
}

/** The email switches (PUT /api/notifications/preferences); a refusal is shown on their card. */
async function saveEmailPreferences(request: Request, form: FormData) {
  const outcome = await submitEmailPreferences(request, form)
  const headers = cookieHeaders(outcome.setCookies)
  if (!outcome.ok) return data(outcome.result, { status: outcome.status, headers })
  headers.append('Set-Cookie', noticeCookie('email-preferences-saved'))
  return redirect('/profile', { headers })
}

/** POST /api/me/deletion-request; the backend's refusal (already asked, a super admin) is shown on the card. */
async function askForDeletion(request: Request, form: FormData) {
  const reason = String(form.get('reason') ?? '').trim()
  try {
    const { setCookies } = await requestAccountDeletion(request, reason || null)
    const headers = cookieHeaders(setCookies)
    return redirect('/profile', { headers })
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const result: DeletionFormResult = {
      intent: 'request-deletion',
      reason,
      formError: error.serverMessage ?? 'Your request could not be sent. Please try again.',
    }
    return data(result, { status: error.status || 502, headers: cookieHeaders(error.setCookies) })
  }
}

/** The simple profile page (requirements: account.md#profile-page): name, email, phone, account type. */
export default function ProfileRoute() {
  const {
    user,
    bumiputera,
    notice: loadedNotice,
    deletionRequest,
    emailPreferences,
    exportUrl,
  } = useLoaderData<typeof loader>()
  const notice = useHeldNotice(loadedNotice)
  const answer = useActionData<typeof action>() ?? null
  const deletionResult = answer && 'intent' in answer && answer.intent === 'request-deletion' ? answer : null
  const emailResult = answer && 'intent' in answer && answer.intent === EMAIL_PREFERENCES_INTENT ? answer : null
  const bumiputeraResult = answer && 'intent' in answer && answer.intent === BUMIPUTERA_INTENT ? answer : null
  const result = answer && !('intent' in answer) ? answer : null
  const [searchParams] = useSearchParams()
  const editing = searchParams.get('edit') === '1'

  return (
    <section className="section account-page">
      <div className="section__inner profile-page">
        <h1 className="section__title">Profile</h1>
        {notice ? (
          <TimedMessage key={notice.id} tone="success" text={notice.text} durationMs={MESSAGE_DURATIONS.success} />
        ) : null}

        <article className="card account-card" aria-labelledby="profile-details-title">
          <div className="account-card__head">
            <h2 id="profile-details-title" className="card__title">
              {editing ? 'Edit profile' : 'Your details'}
            </h2>
            {editing ? null : (
              <Link to="?edit=1" className="button button--ghost button--small">
                Edit
              </Link>
            )}
          </div>
          {editing ? (
            <ProfileForm fields={['name', 'phone']} user={user} result={result} cancelTo="/profile" />
          ) : (
            <dl className="details">
              <dt>Name</dt>
              <dd>{user.name}</dd>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Phone</dt>
              <dd>{user.phone || 'Not provided'}</dd>
              <dt>Account type</dt>
              <dd>{simpleAccountType(user.role)}</dd>
            </dl>
          )}
        </article>

        {/* Super admins book nothing: a buyer's status is not theirs to declare. */}
        {user.role === 'super_admin' ? null : <BumiputeraCard view={bumiputera} result={bumiputeraResult} />}

        <EmailPreferencesCard preferences={emailPreferences} formError={emailResult?.formError ?? null} />

        <PersonalDataCard exportUrl={exportUrl} deletionRequest={deletionRequest} result={deletionResult} />
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
