import { data } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { BookingDetails } from '~/components/account/booking-details'
import { BookingsPanel } from '~/components/account/bookings-panel'
import { CancelBookingDialog } from '~/components/account/cancel-booking-dialog'
import { ChangePasswordDialog } from '~/components/account/change-password-dialog'
import { DashboardOverview } from '~/components/account/dashboard-overview'
import { VIEW_PARAMS, parseTab, withParams } from '~/components/account/dashboard-links'
import { DashboardTabs } from '~/components/account/dashboard-tabs'
import { Modal } from '~/components/account/modal'
import { MyWaitlist } from '~/components/account/my-waitlist'
import { ProfilePanel } from '~/components/account/profile-panel'
import { TimedMessage, useHeldNotice } from '~/components/account/timed-message'
import { audienceOf, canBook } from '~/components/public/hub/audience'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { cancelBookingIntent } from '~/features/dashboard/cancel-booking.server'
import { loadBooking, loadBookings, loadWaitlist } from '~/features/dashboard/data.server'
import { leaveWaitlistIntent } from '~/features/dashboard/leave-waitlist.server'
import { changePasswordIntent, updateProfileIntent } from '~/features/dashboard/profile.server'
import { uploadDocumentIntent } from '~/features/dashboard/upload-document.server'
import { MESSAGE_DURATIONS, isRecentApproval } from '~/utils/account'
import { cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser } from '~/utils/auth.server'
import { cacheControlHeaders } from '~/utils/cache-control.server'
import { headerLinks } from '~/utils/navigation'
import { takeNotice } from '~/utils/notice.server'
import { bookingRow, countBookings, lotName } from '~/utils/user-bookings'
import type { User } from '@aero/shared/user'
import type { UserBooking } from '~/models/user-booking'
import { bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraRecord, BumiputeraView } from '~/utils/bumiputera'
import bookingStyles from '~/components/booking/booking.css?url'
import documentReviewStyles from '~/components/account/document-review.css?url'
import { AGENCY_RECHECK_MS, usePeriodicRevalidate } from '~/utils/use-periodic-revalidate'

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

/** The page's forms; each intent's handler lives in features/dashboard. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  // "Upload again" posts its file as multipart: the body goes through to the backend unread.
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data'))
    return uploadDocumentIntent(request)
  const form = await request.formData()
  switch (form.get('intent')) {
    case 'cancel-booking':
      return cancelBookingIntent(request, form)
    case 'leave-waitlist':
      return leaveWaitlistIntent(request, form)
    case 'update-profile':
      return updateProfileIntent(request, form, user)
    case 'change-password':
      return changePasswordIntent(request, form)
    default:
      throw data({ message: 'Unknown action' }, { status: 400 })
  }
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

/** The viewer's own Bumiputera status on a booking they are the buyer of (one made for them included). */
function buyerOf(booking: UserBooking, user: User): BumiputeraView | null {
  const buyerId = booking.user?.id ?? null
  return buyerId === null || String(buyerId) === String(user.id) ? bumiputeraOf(user as User & BumiputeraRecord) : null
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

        {tab === 'overview' ? <DashboardOverview user={user} counts={counts} welcome={welcome} /> : null}
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
                buyer={buyerOf(selected.booking, user)}
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
            lotName={lotName(cancelling)}
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
