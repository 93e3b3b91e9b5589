import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { BookingDetails } from '~/components/account/booking-details'
import { BookingsPanel } from '~/components/account/bookings-panel'
import { CancelBookingDialog } from '~/components/account/cancel-booking-dialog'
import { ChangePasswordDialog } from '~/components/account/change-password-dialog'
import { VIEW_PARAMS, parseTab, withParams } from '~/components/account/dashboard-links'
import { DashboardTabs } from '~/components/account/dashboard-tabs'
import { MembershipCard } from '~/components/account/membership-card'
import { Modal } from '~/components/account/modal'
import { MyWaitlist } from '~/components/account/my-waitlist'
import { audienceOf, canBook } from '~/components/public/hub/audience'
import type { WaitlistEntry } from '~/models/waitlist'
import { WAITLIST_MESSAGES } from '~/models/waitlist'
import { listMyWaitlist, submitWaitlistForm } from '~/models/waitlist.server'
import { ProfileForm } from '~/components/account/profile-form'
import { TimedMessage, useHeldNotice } from '~/components/account/timed-message'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import type { UserBooking } from '~/models/user-booking'
import { cancelBooking, getBooking, listOwnBookings, replaceDocument } from '~/models/user-bookings.server'
import { DOCUMENT_REVIEW_MESSAGES } from '~/utils/document-review'
import type { UploadAgainResult } from '~/utils/document-review'
import { MESSAGE_DURATIONS, accountTypeLabel, isRecentApproval } from '~/utils/account'
import { submitPasswordChange, submitProfile } from '~/utils/account-forms.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser, throwIfSignedOut } from '~/utils/auth.server'
import { cacheControlHeaders } from '~/utils/cache-control.server'
import { formatDate } from '~/utils/format'
import { headerLinks } from '~/utils/navigation'
import { noticeCookie, takeNotice } from '~/utils/notice.server'
import type { NoticeKey } from '~/utils/notice.server'
import { CANCEL_MESSAGES, bookingRow, cancelFailureMessage, countBookings } from '~/utils/user-bookings'
import bookingStyles from '~/components/booking/booking.css?url'
import documentReviewStyles from '~/components/account/document-review.css?url'
import { AGENCY_RECHECK_MS, usePeriodicRevalidate } from '~/utils/use-periodic-revalidate'

const BOOKINGS_LOAD_FAILED = 'Failed to load your bookings. Please try again later.'

export const meta: MetaFunction = () => [{ title: 'My dashboard | Aero Property Booking' }]

/** The document picker and upload progress of "Upload again", and the documents' reviews. */
export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: bookingStyles },
  { rel: 'stylesheet', href: documentReviewStyles },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const bookingId = url.searchParams.get('booking')

  const [bookings, selected, waitlist] = await Promise.all([
    loadBookings(request),
    bookingId ? loadBooking(request, bookingId) : null,
    canBook(audienceOf(user)) ? loadWaitlist(request) : null,
  ])
  const { notice, setCookies } = takeNotice(request)
  return data(
    {
      user,
      bookings: bookings.list,
      bookingsError: bookings.error,
      selected,
      waitlist: waitlist?.list ?? null,
      waitlistError: waitlist?.error ?? null,
      welcome: isRecentApproval(user, Date.now()),
      notice,
    },
    { headers: cookieHeaders(setCookies) }
  )
}

export const headers = cacheControlHeaders

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  // "Upload again" posts its file as multipart: the body goes through to the backend unread.
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return uploadAgain(request)
  const form = await request.formData()
  const intent = form.get('intent')

  if (intent === 'cancel-booking') {
    const bookingId = String(form.get('bookingId') ?? '')
    try {
      const { setCookies } = await cancelBooking(request, bookingId)
      return done(request, 'booking-cancelled', { tab: 'bookings', booking: null }, setCookies)
    } catch (error) {
      throwIfSignedOut(error, request)
      if (!(error instanceof ApiError)) throw error
      const message = cancelFailureMessage(error.status, error.serverMessage ?? error.message)
      return data(
        { intent: 'cancel-booking' as const, error: message, at: Date.now() },
        { status: error.status || 502, headers: cookieHeaders(error.setCookies) }
      )
    }
  }

  if (intent === 'leave-waitlist') {
    try {
      const { result, status, setCookies } = await submitWaitlistForm(request, form)
      if (result.ok) return done(request, 'waitlist-left', { tab: 'bookings', booking: null }, setCookies)
      return data(
        { intent: 'leave-waitlist' as const, error: result.message, at: result.at },
        { status, headers: cookieHeaders(setCookies) }
      )
    } catch (error) {
      throwIfSignedOut(error, request)
      throw error
    }
  }

  if (intent === 'update-profile') {
    const outcome = await submitProfile(request, form, user)
    if (outcome.ok) return done(request, 'profile-updated', { tab: 'profile', edit: null }, outcome.setCookies)
    const { ok: _ok, status, setCookies, ...result } = outcome
    return data({ intent: 'update-profile' as const, ...result }, { status, headers: cookieHeaders(setCookies) })
  }

  if (intent === 'change-password') {
    const outcome = await submitPasswordChange(request, form)
    if (outcome.ok) return done(request, 'password-changed', { tab: 'profile', dialog: null }, outcome.setCookies)
    const { ok: _ok, status, setCookies, values: _values, ...result } = outcome
    return data({ intent: 'change-password' as const, ...result }, { status, headers: cookieHeaders(setCookies) })
  }

  throw data({ message: 'Unknown action' }, { status: 400 })
}

/**
 * Tabs, filters and dialogs other than a booking's details only change what is shown of
 * data the page already has; a booking's details, a form post or the minute's re-check
 * load again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.href === nextUrl.href) return defaultShouldRevalidate
  const differs = (name: string) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name)
  const names = new Set([...currentUrl.searchParams.keys(), ...nextUrl.searchParams.keys()])
  const onlyViewChanged = [...names].every(
    (name) => !differs(name) || (VIEW_PARAMS as readonly string[]).includes(name)
  )
  return onlyViewChanged ? false : defaultShouldRevalidate
}

/** The user dashboard: Overview, My Bookings, My Profile. */
export default function EnhancedDashboard() {
  const {
    user,
    bookings,
    bookingsError,
    selected,
    waitlist,
    waitlistError,
    welcome,
    notice: loadedNotice,
  } = useLoaderData<typeof loader>()
  const notice = useHeldNotice(loadedNotice)
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const tab = parseTab(searchParams.get('tab'))
  // Agency status re-checked every 60 seconds (requirements: account.md#sessions).
  usePeriodicRevalidate(AGENCY_RECHECK_MS)

  const rows = bookings.map((booking) => bookingRow(booking))
  const counts = countBookings(bookings)
  const cancelError = actionData?.intent === 'cancel-booking' ? actionData : null
  const leaveError = actionData?.intent === 'leave-waitlist' ? actionData : null
  // The confirmation step of a cancel, asked for by address (the Cancel button without JavaScript).
  const cancelling = rows.find((row) => row.id === searchParams.get('cancel') && row.canCancel) ?? null
  const closeCancel = withParams(searchParams, { cancel: null })
  const panel = headerLinks(user).account?.panel
  const showsPanel = panel && panel.to !== '/enhanced-dashboard'

  return (
    <section className="section account-page">
      <div className="section__inner dashboard">
        <div className="account-page__head">
          <h1 className="section__title">Welcome, {user.name}</h1>
          {showsPanel ? (
            <Link to={panel.to} reloadDocument={panel.reloadDocument} className="button button--ghost">
              {panel.label}
            </Link>
          ) : null}
        </div>

        <DashboardTabs active={tab} />

        <div className="account-messages">
          {notice ? (
            <TimedMessage key={notice.id} tone="success" text={notice.text} durationMs={MESSAGE_DURATIONS.success} />
          ) : null}
          {leaveError ? (
            <TimedMessage
              key={leaveError.at}
              tone="error"
              text={leaveError.error}
              durationMs={MESSAGE_DURATIONS.error}
            />
          ) : null}
          {cancelError && !selected ? (
            <TimedMessage
              key={cancelError.at}
              tone="error"
              text={cancelError.error}
              durationMs={MESSAGE_DURATIONS.error}
            />
          ) : null}
        </div>

        {tab === 'overview' ? <Overview user={user} counts={counts} welcome={welcome} /> : null}
        {tab === 'bookings' ? (
          <BookingsPanel rows={rows} counts={counts} loadError={bookingsError} userId={user.id} />
        ) : null}
        {tab === 'bookings' && (waitlist || waitlistError) ? (
          <MyWaitlist
            entries={waitlist}
            loadError={waitlistError}
            userId={user.id}
            action={`/enhanced-dashboard${withParams(searchParams, { tab: 'bookings', booking: null, cancel: null })}`}
          />
        ) : null}
        {tab === 'profile' ? (
          <ProfilePanel
            user={user}
            editing={searchParams.get('edit') === 'profile'}
            profileResult={actionData?.intent === 'update-profile' ? actionData : null}
          />
        ) : null}

        {tab === 'profile' && searchParams.get('dialog') === 'password' ? (
          <ChangePasswordDialog
            result={actionData?.intent === 'change-password' ? actionData : null}
            closeTo={withParams(searchParams, { dialog: null })}
            askForCode={user.role !== 'user'}
          />
        ) : null}

        {selected ? (
          <Modal title="Booking Details" closeTo={withParams(searchParams, { booking: null })} wide>
            {cancelError ? (
              <TimedMessage
                key={cancelError.at}
                tone="error"
                text={cancelError.error}
                durationMs={MESSAGE_DURATIONS.error}
              />
            ) : null}
            {selected.booking ? (
              <BookingDetails
                booking={selected.booking}
                uploadResult={actionData?.intent === 'upload-document' ? actionData : null}
              />
            ) : (
              <p className="alert alert--error" role="alert">
                {selected.error}
              </p>
            )}
          </Modal>
        ) : null}

        {cancelling ? (
          <CancelBookingDialog
            bookingId={cancelling.id}
            lotNumber={cancelling.lotNumber}
            closeHref={closeCancel}
            onClose={() => navigate(closeCancel, { preventScrollReset: true, replace: true })}
          />
        ) : null}
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

type DashboardUser = ReturnType<typeof useLoaderData<typeof loader>>['user']

function Overview({
  user,
  counts,
  welcome,
}: {
  user: DashboardUser
  counts: ReturnType<typeof countBookings>
  welcome: boolean
}) {
  return (
    <div className="dashboard__grid">
      <MembershipCard user={user} welcome={welcome} />

      <article className="card account-card" aria-labelledby="booking-overview-title">
        <h2 id="booking-overview-title" className="card__title">
          Booking Overview
        </h2>
        <dl className="stat-grid">
          <div className="stat">
            <dt>Total</dt>
            <dd>{counts.all}</dd>
          </div>
          <div className="stat stat--pending">
            <dt>Pending</dt>
            <dd>{counts.pending}</dd>
          </div>
          <div className="stat stat--approved">
            <dt>Approved</dt>
            <dd>{counts.approved}</dd>
          </div>
          <div className="stat stat--cancelled">
            <dt>Cancelled</dt>
            <dd>{counts.cancelled}</dd>
          </div>
        </dl>
        <p className="account-card__actions">
          <Link to="?tab=bookings" className="button button--ghost button--small">
            View my bookings
          </Link>
        </p>
      </article>

      <article className="card account-card" aria-labelledby="profile-card-title">
        <h2 id="profile-card-title" className="card__title">
          Profile
        </h2>
        <dl className="details">
          <dt>Name</dt>
          <dd>{user.name}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Phone</dt>
          <dd>{user.phone || 'Not provided'}</dd>
          <dt>Account type</dt>
          <dd>{accountTypeLabel(user.role)}</dd>
          <dt>Member since</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
        <p className="account-card__actions">
          <Link to="?tab=profile&edit=profile" className="button button--ghost button--small">
            Edit profile
          </Link>
        </p>
      </article>
    </div>
  )
}

function ProfilePanel({
  user,
  editing,
  profileResult,
}: {
  user: DashboardUser
  editing: boolean
  profileResult: Parameters<typeof ProfileForm>[0]['result']
}) {
  return (
    <div className="dashboard__grid dashboard__grid--wide">
      <section className="card account-card" aria-labelledby="my-profile-title">
        <div className="account-card__head">
          <h2 id="my-profile-title" className="card__title">
            My Profile
          </h2>
          {editing ? null : (
            <Link to="?tab=profile&edit=profile" className="button button--ghost button--small" preventScrollReset>
              Edit Profile
            </Link>
          )}
        </div>
        {editing ? (
          <ProfileForm
            fields={['name', 'phone', 'address']}
            user={user}
            result={profileResult}
            cancelTo="?tab=profile"
          />
        ) : (
          <dl className="details">
            <dt>Name</dt>
            <dd>{user.name}</dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
            <dt>Phone</dt>
            <dd>{user.phone || 'Not provided'}</dd>
            <dt>Address</dt>
            <dd className="preserve-lines">{user.address || 'Not provided'}</dd>
            <dt>Account type</dt>
            <dd>{accountTypeLabel(user.role)}</dd>
            <dt>Company</dt>
            <dd>{user.company || 'Not provided'}</dd>
            {user.agencyStatus === 'approved' && user.agencyName ? (
              <>
                <dt>Agency</dt>
                <dd>
                  {user.agencyName}
                  {user.position ? ` (${user.position})` : ''}
                </dd>
              </>
            ) : null}
            <dt>Member since</dt>
            <dd>{formatDate(user.createdAt)}</dd>
          </dl>
        )}
      </section>

      <section className="card account-card" aria-labelledby="account-settings-title">
        <h2 id="account-settings-title" className="card__title">
          Account Settings
        </h2>
        <p>Change the password you use to log in. Your other signed-in devices will be logged out.</p>
        <p className="account-card__actions">
          <Link to="?tab=profile&dialog=password" className="button button--primary" preventScrollReset>
            Change Password
          </Link>
        </p>
      </section>
    </div>
  )
}

async function loadBookings(request: Request): Promise<{ list: UserBooking[]; error: string | null }> {
  try {
    return { list: (await listOwnBookings(request)).data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's bookings: ${error.message}`)
    return { list: [], error: BOOKINGS_LOAD_FAILED }
  }
}

async function loadWaitlist(request: Request): Promise<{ list: WaitlistEntry[] | null; error: string | null }> {
  try {
    return { list: (await listMyWaitlist(request)).data.data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's waitlist: ${error.message}`)
    return { list: null, error: WAITLIST_MESSAGES.loadFailed }
  }
}

async function loadBooking(
  request: Request,
  bookingId: string
): Promise<{ booking: UserBooking; error: null } | { booking: null; error: string }> {
  try {
    return { booking: (await getBooking(request, bookingId)).data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const message =
      error.status === 404
        ? CANCEL_MESSAGES.notFound
        : error.status === 403
          ? error.serverMessage || 'You do not have permission to view this booking.'
          : 'Failed to load the booking. Please try again later.'
    return { booking: null, error: message }
  }
}

/**
 * A rejected document uploaded again (issue 19): the booking and the document are in the
 * address the form posts to; the answer shows on the booking's details, which load again.
 */
async function uploadAgain(request: Request) {
  const url = new URL(request.url)
  const documentId = url.searchParams.get('upload') ?? ''
  const base = { intent: 'upload-document' as const, documentId, at: Date.now() }
  try {
    const { setCookies } = await replaceDocument(request, url.searchParams.get('booking') ?? '', documentId)
    const result: UploadAgainResult = { ...base, ok: true, message: DOCUMENT_REVIEW_MESSAGES.uploaded }
    return data(result, { status: 201, headers: cookieHeaders(setCookies) })
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    // The backend's own words (the file's check, a document no longer rejected, a booking decided meanwhile).
    const message =
      error.serverMessage ??
      error.fieldErrors[0]?.message ??
      (error.status === 404 ? DOCUMENT_REVIEW_MESSAGES.notFound : DOCUMENT_REVIEW_MESSAGES.failed)
    const result: UploadAgainResult = { ...base, ok: false, message }
    return data(result, { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) })
  }
}

/** After a successful post: back to the page (dialogs closed) with the notice to show. */
function done(request: Request, notice: NoticeKey, changes: Record<string, string | null>, setCookies: string[]) {
  const url = new URL(request.url)
  const headers = cookieHeaders(setCookies)
  headers.append('Set-Cookie', noticeCookie(notice))
  const query = withParams(url.searchParams, changes)
  return redirect(query === '?' ? url.pathname : `${url.pathname}${query}`, { headers })
}
