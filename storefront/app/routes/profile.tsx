import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { ProfileForm } from '~/components/account/profile-form'
import { TimedMessage, useHeldNotice } from '~/components/account/timed-message'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MESSAGE_DURATIONS, simpleAccountType } from '~/utils/account'
import { submitProfile } from '~/utils/account-forms.server'
import { cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser } from '~/utils/auth.server'
import { cacheControlHeaders } from '~/utils/cache-control.server'
import { noticeCookie, takeNotice } from '~/utils/notice.server'

export const meta: MetaFunction = () => [{ title: 'Profile | Aero Property Booking' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { notice, setCookies } = takeNotice(request)
  return data({ user, notice }, { headers: cookieHeaders(setCookies) })
}

export const headers = cacheControlHeaders

/** Saves the name and phone on the server (PUT /api/auth/me); the email never changes. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const outcome = await submitProfile(request, await request.formData(), user, ['name', 'phone'])
  if (outcome.ok) {
    const headers = cookieHeaders(outcome.setCookies)
    headers.append('Set-Cookie', noticeCookie('profile-updated'))
    return redirect('/profile', { headers })
  }
  const { ok: _ok, status, setCookies, ...result } = outcome
  return data(result, { status, headers: cookieHeaders(setCookies) })
}

/** The simple profile page (requirements: account.md#profile-page): name, email, phone, account type. */
export default function ProfileRoute() {
  const { user, notice: loadedNotice } = useLoaderData<typeof loader>()
  const notice = useHeldNotice(loadedNotice)
  const result = useActionData<typeof action>() ?? null
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
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
