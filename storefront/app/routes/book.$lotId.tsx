import { data } from '@remix-run/node'
import type { User } from '@aero/shared/user'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { BookingPanel, bookingLotLabel } from '~/components/booking/booking-panel'
import { BOOKING_MESSAGES } from '~/components/booking/booking-rules'
import type {
  BookingActionData,
  BookingBlock,
  BookingPageData,
  BookingResult,
} from '~/components/booking/booking-types'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { audienceOf } from '~/components/public/hub/audience'
import { heldUntil } from '~/components/public/hub/waitlist-hold'
import { listMyWaitlist } from '~/models/waitlist.server'
import { listPublicAgencies, submitMembershipForm } from '~/models/agencies.server'
import type { AgencySummary } from '~/models/agencies.server'
import { requestBooking } from '~/models/bookings.server'
import { getLot, getLotPackages } from '~/models/lots.server'
import { getPrivacyNotice } from '~/models/privacy-notice.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin, requireUser } from '~/utils/auth.server'
import { cacheControlHeaders, requirePageData } from '~/utils/cache-control.server'
import { MESSAGES } from '~/utils/messages'
import { bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraRecord } from '~/utils/bumiputera'
import type { LotPackages } from '~/utils/packages'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { safeRedirect } from '~/utils/redirects'
import { BOOKING_FILE_FIELDS, BOOKING_TEXT_FIELDS } from '~/components/booking/booking-rules'
import bookingStyles from '~/components/booking/booking.css?url'

const BOOKING_FIELDS = [
  ...BOOKING_TEXT_FIELDS.filter((field) => field !== 'lotId'),
  ...BOOKING_FILE_FIELDS,
  'consent',
] as const

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: bookingStyles }]

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page ? `Book ${bookingLotLabel(page.lot)} | Aero Property Booking` : 'Book a lot | Aero Property Booking' },
  { name: 'robots', content: 'noindex' },
]

function lotIdFrom(param: string | undefined): number {
  const id = Number(param)
  if (!Number.isInteger(id) || id <= 0) throw data({ message: 'Lot not found' }, { status: 404 })
  return id
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<BookingPageData> {
  const lotId = lotIdFrom(params.lotId)
  const user = await requireUser(request)
  const returnTo = safeRedirect(new URL(request.url).searchParams.get('returnTo'), '/aero-industrial-hub')

  let lot
  try {
    lot = (await requirePageData(getLot(request, lotId), MESSAGES.lotsLoadFailed)).data
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data({ message: 'Lot not found' }, { status: 404 })
    throw error
  }

  const audience = audienceOf(user)
  let blocked: BookingBlock | null = null
  if (audience === 'super_admin') blocked = 'super-admin'
  else if (audience === 'pending') blocked = 'pending'
  else if (audience === 'join' || audience === 'anonymous') blocked = 'not-member'
  else if (lot.status !== 'available') blocked = 'unavailable'
  else if (heldUntil(lot) && !(await offeredToMe(request, lot.id))) blocked = 'held'

  const [notice, packages] = blocked
    ? [null, null]
    : await Promise.all([
        requirePageData(getPrivacyNotice(request), MESSAGES.lotsLoadFailed),
        getLotPackages(request, lot.id),
      ])

  let agencies: AgencySummary[] = []
  if (blocked === 'not-member')
    agencies = await listPublicAgencies(request).then(
      (response) => response.data,
      () => []
    )

  return {
    lot: {
      id: lot.id,
      lotNumber: lot.lotNumber,
      unitNumber: lot.unitNumber,
      title: lot.title,
      type: lot.type,
      typeCode: lot.typeCode,
      landSize: lot.landSize,
      builtUpArea: lot.builtUpArea,
      price: lot.price,
      priceSen: lot.priceSen ?? null,
      status: lot.status,
      offeredUntil: lot.offeredUntil ?? null,
      bumiputeraReserved: lot.bumiputeraReserved === true,
    },
    requester: audience === 'agent_admin' ? 'agent_admin' : audience === 'member' ? 'member' : null,
    blocked,
    defaults: { name: user.name ?? '', email: user.email ?? '', phone: user.phone ?? '' },
    notice,
    agencies,
    returnTo,
    packages,
    buyer: buyerStatus(user, packages),
  }
}

/** The requester's own status: the session's record, or what the packages were read for. */
function buyerStatus(user: User, packages: LotPackages | null) {
  const own = bumiputeraOf(user as User & BumiputeraRecord)
  return own.status === 'none' && packages?.bumiputeraStatus
    ? bumiputeraOf({ bumiputeraStatus: packages.bumiputeraStatus })
    : own
}

/** Whether the waitlist offer holding this lot is the signed-in user's own (they alone may request it). */
async function offeredToMe(request: Request, lotId: number): Promise<boolean> {
  try {
    const entries = (await listMyWaitlist(request)).data.data
    return entries.some((entry) => entry.lotId === lotId && entry.status === 'offered')
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // Unknown: offer the form; the backend decides on the request itself.
    return true
  }
}

export const headers = cacheControlHeaders

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request)
  lotIdFrom(params.lotId)
  await requireUser(request)

  // The membership form posts plain fields; the booking form posts its documents as multipart.
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const { result, status } = await submitMembershipForm(request, await request.formData())
    return data<BookingActionData>(result, { status })
  }

  const outcome = await requestBooking(request)
  const base = {
    intent: 'booking' as const,
    values: outcome.form.values,
    fileNames: outcome.form.fileNames,
    packageIds: outcome.form.packageIds,
  }
  if (outcome.ok) {
    const result: BookingResult = {
      ...base,
      ok: true,
      message: outcome.response.data.message || BOOKING_MESSAGES.success,
      fieldErrors: {},
      notMember: false,
    }
    return data<BookingActionData>(result, { status: 201, headers: cookieHeaders(outcome.response.setCookies) })
  }

  const { error } = outcome
  const fieldErrors = fieldErrorsFrom(error.fieldErrors, BOOKING_FIELDS)
  const notMember = error.status === 403 && error.serverMessage === BOOKING_MESSAGES.notAMember
  const lotError = error.fieldErrors.find((entry) => entry.field === 'lotId')?.message
  const result: BookingResult = {
    ...base,
    ok: false,
    fieldErrors,
    notMember,
    // A 409 says the lot was taken meanwhile ('no longer available'): the server's words.
    message:
      Object.keys(fieldErrors).length > 0 ? (lotError ?? null) : (error.serverMessage ?? BOOKING_MESSAGES.failed),
  }
  return data<BookingActionData>(result, {
    status: error.status >= 400 ? error.status : 502,
    headers: cookieHeaders(error.setCookies),
  })
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, formAction, defaultShouldRevalidate }) => {
  // A membership request keeps its success message on screen; the page reloads 2 s later.
  if (formData?.get('intent') === 'request-agency') return false
  // After a booking request the form stays as it was, with the answer (success, or why not) on it.
  if (formAction?.startsWith('/book/')) return false
  return defaultShouldRevalidate
}

export default function BookLotRoute() {
  const page = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <section className="section">
      <div className="section__inner section__inner--narrow">
        <BookingPanel
          data={page}
          headingId="booking-title"
          headingLevel={1}
          bookingResult={actionData?.intent === 'booking' ? actionData : null}
          membershipResult={actionData?.intent === 'request-agency' ? actionData : null}
        />
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
