import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useMemo, useState } from 'react'
import { agentBookingAction } from '~/components/booking/agent-booking-form'
import { AgentBookingDialog, BookingDialog } from '~/components/booking/booking-dialog'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { telHref } from '~/components/public/contact/contact-channels'
import { audienceOf, canBook } from '~/components/public/hub/audience'
import { LotAction } from '~/components/public/hub/lot-action'
import { LotDetail } from '~/components/public/hub/lot-detail'
import { LotTable } from '~/components/public/hub/lot-table'
import { readSelectedLot } from '~/components/public/hub/lot-filters'
import { LiveAnnouncer } from '~/components/public/live-announcer'
import { countLots } from '~/components/public/live-lots'
import { AvailabilityOverview } from '~/components/public/lot-type/availability'
import { LotWaitlist } from '~/components/public/lot-type/waitlist'
import { useWaitlistLive } from '~/components/public/lot-type/use-waitlist-live'
import { loadViewerWaitlist, waitlistAction } from '~/components/public/lot-type/waitlist.server'
import { useLiveLots } from '~/components/public/use-live-lots'
import { pageMeta } from '~/components/public/meta'
import { Toast, useToast } from '~/components/public/toast'
import { getSiteContact } from '~/models/contact.server'
import { getLotsOfType } from '~/models/lots.server'
import type { LotsOfType } from '~/models/lots.server'
import type { WaitlistResult } from '~/models/waitlist'
import { ApiError } from '~/utils/api.server'
import { assertSameOrigin, getViewer } from '~/utils/auth.server'
import {
  cacheControlHeaders,
  isBackendUnavailable,
  markDegraded,
  pageData,
  pageUnavailable,
} from '~/utils/cache-control.server'
import { LOT_TYPES, landAreaOrDefault, toLotTypeCode } from '~/utils/format'
import hubStyles from '~/components/public/hub/hub.css?url'
import bookingStyles from '~/components/booking/booking.css?url'
import waitlistStyles from '~/components/public/lot-type/waitlist.css?url'

const TYPE_COPY = {
  A: 'Corner lots sit at both ends of each row: wider frontage, a side yard and signage facing two roads.',
  B: 'Intermediate lots line the middle of each row, facing the main road with the service lane behind.',
  C: 'End lots sit next to the corners: the intermediate layout with a little more built-up space.',
} as const

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: hubStyles },
  { rel: 'stylesheet', href: bookingStyles },
  { rel: 'stylesheet', href: waitlistStyles },
]

export const meta: MetaFunction<typeof loader> = ({ data: page, location }) => {
  const type = page ? LOT_TYPES[page.typeId] : null
  return pageMeta({
    title: type ? `${type.label} lots (${type.code}), Aero Industrial Hub` : 'Lot type',
    description: type
      ? `${type.label} shop lots of Phase 4 at the Aero Industrial Hub, Nilai: availability, land area in sqm and sqft, and prices in RM.`
      : 'Shop lots of the Aero Industrial Hub.',
    path: location.pathname,
    origin: page?.origin,
  })
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const typeId = toLotTypeCode(params.typeId)
  // Types are A, B and C; anything else is the 404 page.
  if (!typeId) throw data({ message: 'Not Found' }, { status: 404 })
  const url = new URL(request.url)
  if (params.typeId !== typeId) throw redirect(`/properties/aeroindustrial/type/${typeId}${url.search}`, 301)
  const viewer = await getViewer(request)
  const audience = audienceOf(viewer.user)
  // The member's own places in line, and the lots their bookings hold (no line for those).
  const own = loadViewerWaitlist(request, viewer, audience)

  let result: LotsOfType | null = null
  let loadError: string | null = null
  try {
    result = (await getLotsOfType(request, typeId)).data
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 404) throw data({ message: 'Not Found' }, { status: 404 })
    loadError = `Failed to load property data. ${error.serverMessage ?? (error.status ? `Server error ${error.status}` : error.message)}`
    // Without its lots the page has nothing to show: the error page, try again shortly.
    if (isBackendUnavailable(error)) {
      console.error(`Lot type ${typeId}: ${error.message}`)
      throw pageUnavailable(loadError)
    }
    markDegraded(request)
  }

  return pageData(request, {
    typeId,
    lots: result?.lots ?? [],
    availability: result?.availability ?? null,
    loadError,
    selectedLotId: readSelectedLot(url.searchParams),
    audience,
    viewerId: viewer.user ? viewer.user.id : null,
    ...(await own),
    contact: getSiteContact(),
    origin: url.origin,
  })
}

export const headers = cacheControlHeaders

/** "Notify me / Join waitlist" and "Leave waitlist": posted with or without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  return waitlistAction(request, await request.formData())
}

/** The 'Booking Notification' toast hides after 3 seconds (requirements: public-site.md#lot-type-page). */
const TOAST_MS = 3_000

export default function LotTypeRoute() {
  const page = useLoaderData<typeof loader>()
  const { typeId, loadError, selectedLotId, audience, contact } = page
  // (This page's `action` below is the lots' action cell: the type is named, not inferred.)
  const waitlistResult = (useActionData() as WaitlistResult | undefined) ?? null
  // Status changes pushed since the page loaded show in place; the counts follow the lots then.
  // A member's own places in line (and an offer made to them) load again when a lot or their bell says so.
  const onLotMessage = useWaitlistLive({
    lotIds: page.waitlist?.map((entry) => entry.lotId) ?? [],
    viewerId: canBook(audience) ? page.viewerId : null,
  })
  const { lots, announcement } = useLiveLots(page.lots, onLotMessage)
  const availability = useMemo(
    () => (lots === page.lots || !page.availability ? page.availability : countLots(lots)),
    [lots, page.lots, page.availability]
  )
  const type = LOT_TYPES[typeId]
  const path = `/properties/aeroindustrial/type/${typeId}`
  const selected = lots.find((lot) => lot.id === selectedLotId) ?? null
  const [bookingLotId, setBookingLotId] = useState<number | null>(null)
  const [toast, showToast, hideToast] = useToast(TOAST_MS)
  // An agent admin books through the agent booking form (requirements: public-site.md#lot-type-page).
  const agent = audience === 'agent_admin'

  const hrefFor = (lot: { id: number }) => (lot.id === selectedLotId ? path : `${path}?lot=${lot.id}`)
  const action = (lot: (typeof lots)[number]) => (
    <>
      <LotAction
        lot={lot}
        audience={audience}
        returnTo={path}
        page="type"
        onBook={setBookingLotId}
        bookHref={agent ? (lotId) => agentBookingAction(lotId, path) : undefined}
        offeredToViewer={page.waitlist?.some((entry) => entry.lotId === lot.id && entry.status === 'offered') ?? false}
      />
      <LotWaitlist
        lot={lot}
        audience={audience}
        entry={page.waitlist?.find((entry) => entry.lotId === lot.id) ?? null}
        yours={page.heldLotIds?.includes(lot.id) ?? false}
        returnTo={`${path}?lot=${lot.id}`}
        action={selectedLotId === null ? path : `${path}?lot=${selectedLotId}`}
        pageResult={waitlistResult}
      />
    </>
  )

  return (
    <>
      <section className={`page-hero page-hero--type page-hero--${type.tone}`} aria-labelledby="type-title">
        <div className="page-hero__inner page-hero__inner--single">
          <p>
            <Link to="/aero-industrial-hub" className="back-link">
              ← Back to the Aero Industrial Hub
            </Link>
          </p>
          <p className="hero__eyebrow">Aero Industrial Hub · Phase 4 · Type {type.code}</p>
          <h1 id="type-title" className="page-hero__title">
            {type.label} lots
          </h1>
          <p className="page-hero__lead">
            {TYPE_COPY[typeId]} Land area {landAreaOrDefault(null, type.type)} sqm unless stated.
          </p>
        </div>
      </section>

      <section className="section" aria-label={`${type.label} lots`}>
        <div className="section__inner">
          {loadError ? (
            <p className="alert alert--error" role="alert">
              {loadError}
            </p>
          ) : null}
          {availability ? (
            <AvailabilityOverview availability={availability} label={`${type.label.toLowerCase()} lots`} />
          ) : null}
          <LiveAnnouncer text={announcement} />

          {lots.length === 0 && !loadError ? (
            <p className="no-results">No lots available for this type</p>
          ) : (
            <div className="hub-layout hub-layout--type">
              <div className="hub-layout__table">
                <LotTable
                  lots={lots}
                  caption={{ id: 'type-table-caption', text: 'Lots of this type: choose a lot to see its details' }}
                  unitHeader="Lot number"
                  columns={['landSqm', 'landSqft', 'price']}
                  selectedId={selected?.id ?? null}
                  hrefFor={hrefFor}
                  action={action}
                />
              </div>
              {selected ? (
                <div className="hub-layout__side">
                  <LotDetail lot={selected} closeHref={path} action={action(selected)} />
                </div>
              ) : null}
            </div>
          )}

          <aside className="cta-block" aria-labelledby="cta-title">
            <div>
              <h2 id="cta-title" className="cta-block__title">
                Questions about {type.label.toLowerCase()} lots?
              </h2>
              <p>Our sales team answers Monday to Saturday, 9 am to 6 pm.</p>
            </div>
            <p className="cta-block__actions">
              <a
                className="button button--accent"
                href={`mailto:${contact.email}?subject=${encodeURIComponent(`${type.label} lots (${type.code})`)}`}
              >
                Email {contact.email}
              </a>
              <a className="button button--ghost" href={telHref(contact.phone)}>
                Call {contact.phone}
              </a>
            </p>
          </aside>

          <p>
            <Link to="/aero-industrial-hub" className="back-link">
              ← Back to the Aero Industrial Hub
            </Link>
          </p>
        </div>
      </section>

      <AgentBookingDialog
        lotId={agent ? bookingLotId : null}
        returnTo={path}
        onClose={() => setBookingLotId(null)}
        onBooked={(result) => showToast({ tone: 'success', title: 'Booking Notification', text: result.message })}
      />
      <BookingDialog
        lotId={agent ? null : bookingLotId}
        returnTo={path}
        onClose={() => setBookingLotId(null)}
        onBooked={(result) =>
          showToast({
            tone: 'success',
            title: 'Booking Notification',
            text: result.message ?? 'Booking request submitted successfully!',
          })
        }
      />
      <Toast toast={toast} onDismiss={hideToast} />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
