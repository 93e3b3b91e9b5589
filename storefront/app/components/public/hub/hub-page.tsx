import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { BookingDialog } from '~/components/booking/booking-dialog'
import { BackButton } from '~/components/public/back-button'
import { canBook } from '~/components/public/hub/audience'
import { DevelopmentCard } from '~/components/public/hub/development-card'
import { FilterBar } from '~/components/public/hub/filter-bar'
import { LotAction } from '~/components/public/hub/lot-action'
import { LotDetail } from '~/components/public/hub/lot-detail'
import { LotEditForm } from '~/components/public/hub/lot-edit-form'
import type { LotEditResult } from '~/components/public/hub/lot-edit-rules'
import { describeFilters, filterLots, hasFilters, hubSearch } from '~/components/public/hub/lot-filters'
import { LotTable } from '~/components/public/hub/lot-table'
import { SitePlan } from '~/components/public/hub/site-plan'
import type { HubData } from '~/components/public/hub/hub.server'
import { LiveAnnouncer } from '~/components/public/live-announcer'
import { countLots } from '~/components/public/live-lots'
import { AvailabilityOverview } from '~/components/public/lot-type/availability'
import { useWaitlistLive } from '~/components/public/lot-type/use-waitlist-live'
import { LotWaitlist } from '~/components/public/lot-type/waitlist'
import { useLiveLots } from '~/components/public/use-live-lots'
import { MembershipForm } from '~/components/public/membership/membership-form'
import type { MembershipResult } from '~/components/public/membership/membership-rules'
import { Toast, useToast } from '~/components/public/toast'
import type { WaitlistResult } from '~/models/waitlist'
import { loginPath } from '~/utils/redirects'

/** The booking success message shows for 5 seconds (requirements: public-site.md#shop-lot-hub). */
const BOOKING_TOAST_MS = 5_000

interface HubPageProps {
  hub: HubData
  membershipResult: MembershipResult | null
  lotEditResult: LotEditResult | null
  /** Where the forms post: the route serving the hub. */
  formAction: string
  /** The answer to a waitlist form posted without JavaScript. */
  waitlistResult?: WaitlistResult | null
}

/** A form's address with the page's query (filters, chosen lot) after it, so the answer shows the same page. */
function withQuery(action: string, search: string): string {
  if (!search) return action
  return action.includes('?') ? `${action}&${search.slice(1)}` : `${action}${search}`
}

/** The shop-lot hub (requirements: public-site.md#shop-lot-hub). */
export function HubPage({ hub, membershipResult, lotEditResult, formAction, waitlistResult = null }: HubPageProps) {
  const { filters, selectedLotId, audience, hubPath } = hub
  // A member's own places in line (and an offer made to them) load again when a lot or their bell says so.
  const onLotMessage = useWaitlistLive({
    lotIds: hub.waitlist?.map((entry) => entry.lotId) ?? [],
    viewerId: canBook(audience) ? hub.viewerId : null,
  })
  // Status changes pushed since the page loaded show in place (the table, counts and plan).
  const { lots, announcement } = useLiveLots(hub.lots, onLotMessage)
  const availability = useMemo(() => countLots(lots), [lots])
  const phase = hub.development?.phase ?? null
  const navigate = useNavigate()
  const shownLots = useMemo(() => filterLots(lots, filters), [lots, filters])
  const shownIds = useMemo(() => new Set(shownLots.map((lot) => lot.id)), [shownLots])
  const selected = shownLots.find((lot) => lot.id === selectedLotId) ?? null
  const [bookingLotId, setBookingLotId] = useState<number | null>(null)
  const [toast, showToast, hideToast] = useToast(BOOKING_TOAST_MS)
  const detailRef = useRef<HTMLElement>(null)
  const firstRender = useRef(true)

  const returnTo = `${hubPath}${hubSearch(filters)}`
  const hrefFor = (lot: { id: number }) => `${hubPath}${hubSearch(filters, lot.id === selectedLotId ? null : lot.id)}`

  // A lot chosen on a narrow screen: bring its details into view.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    if (!selectedLotId) return
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    detailRef.current?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' })
  }, [selectedLotId])

  const entryOf = (lotId: number) => hub.waitlist?.find((entry) => entry.lotId === lotId) ?? null
  const action = (lot: (typeof lots)[number]) => (
    <>
      <LotAction
        lot={lot}
        audience={audience}
        returnTo={returnTo}
        page="hub"
        onBook={setBookingLotId}
        offeredToViewer={entryOf(lot.id)?.status === 'offered'}
      />
      {/* The lot-type page's waitlist, only for those who may book: a visitor's render (the one
          the page cache keeps) offers none. */}
      {canBook(audience) ? (
        <LotWaitlist
          lot={lot}
          audience={audience}
          entry={entryOf(lot.id)}
          yours={hub.heldLotIds.includes(lot.id)}
          returnTo={`${hubPath}${hubSearch(filters, lot.id)}`}
          action={withQuery(formAction, hubSearch(filters, selectedLotId))}
          pageResult={waitlistResult}
        />
      ) : null}
    </>
  )

  return (
    <>
      <section className="page-hero" aria-labelledby="hub-title">
        <div className="page-hero__inner">
          <div>
            <p className="hero__eyebrow">Nilai, Negeri Sembilan</p>
            <h1 id="hub-title" className="page-hero__title">
              Aero Industrial Hub
            </h1>
            <p className="page-hero__lead">
              Two-storey shop lots{phase != null ? ` of Phase ${phase}` : ''}. Filter by type, status and price, choose
              a lot on the table or the site plan to see its details, and book an available one through your agency.
            </p>
          </div>
          <DevelopmentCard development={hub.development} />
        </div>
      </section>

      <section className="section hub" aria-label="Lots">
        <div className="section__inner">
          {membershipResult?.ok && hub.audience !== 'join' ? (
            // Posted without JavaScript: the page came back with the request already pending.
            <p className="alert alert--success" role="status">
              {membershipResult.message}
            </p>
          ) : null}
          <AudiencePanel hub={hub} membershipResult={membershipResult} formAction={formAction} />

          {lots.length > 0 ? <AvailabilityOverview availability={availability} label="shop lots" /> : null}

          <FilterBar filters={filters} action={hubPath} shown={shownLots.length} total={lots.length} />
          <LiveAnnouncer text={announcement} />

          {hub.loadError ? (
            <p className="alert alert--error" role="alert">
              {hub.loadError}
            </p>
          ) : null}

          <div className="hub-layout">
            <div className="hub-layout__table">
              {shownLots.length > 0 ? (
                <LotTable
                  lots={shownLots}
                  caption={{
                    id: 'hub-table-caption',
                    text: `${phase != null ? `Shop lots of Phase ${phase}` : 'Shop lots'}: choose a lot to see its details`,
                  }}
                  unitHeader="Unit"
                  showTitle
                  columns={['type', 'landArea', 'builtUp', 'price']}
                  selectedId={selected?.id ?? null}
                  hrefFor={hrefFor}
                  action={action}
                />
              ) : lots.length > 0 ? (
                <div className="no-results">
                  <p>No lots match {describeFilters(filters)}.</p>
                  <Link to={hubPath} className="button button--ghost button--small">
                    Clear filters
                  </Link>
                </div>
              ) : null}
            </div>
            <div className="hub-layout__side">
              {selected ? (
                <LotDetail
                  ref={detailRef}
                  lot={selected}
                  closeHref={`${hubPath}${hubSearch(filters)}`}
                  action={action(selected)}
                >
                  {audience === 'super_admin' ? (
                    <LotEditForm key={selected.id} lot={selected} action={formAction} pageResult={lotEditResult} />
                  ) : null}
                </LotDetail>
              ) : null}
              {lots.length > 0 ? (
                <SitePlan
                  lots={lots}
                  phase={phase}
                  shownIds={shownIds}
                  selectedId={selected?.id ?? null}
                  hrefFor={hrefFor}
                  onChoose={(_lot, href) => navigate(href, { preventScrollReset: true })}
                />
              ) : null}
              {hasFilters(filters) ? <p className="hub__filter-note">Filters: {describeFilters(filters)}</p> : null}
            </div>
          </div>
        </div>
      </section>

      <BookingDialog
        lotId={bookingLotId}
        returnTo={returnTo}
        onClose={() => setBookingLotId(null)}
        onBooked={(result) =>
          showToast({ tone: 'success', text: result.message ?? 'Booking request submitted successfully!' })
        }
      />
      <Toast toast={toast} onDismiss={hideToast} />
    </>
  )
}

function AudiencePanel({
  hub,
  membershipResult,
  formAction,
}: {
  hub: HubData
  membershipResult: MembershipResult | null
  formAction: string
}) {
  switch (hub.audience) {
    case 'anonymous':
      return (
        <div className="audience-panel">
          <p>
            <strong>Log in to book a lot.</strong> Approved agency members and agent admins can request bookings of
            available lots.
          </p>
          <Link to={loginPath(hub.hubPath)} className="button button--primary button--small">
            Login
          </Link>
        </div>
      )
    case 'join':
      return (
        <div className="audience-panel audience-panel--stacked">
          <p>
            <strong>Join an agency to book.</strong> Bookings are requested through an agency: ask to join yours, and
            book once its agent admin approves you.
          </p>
          <details id="join-agency" className="join-agency" open={membershipResult !== null}>
            <summary className="button button--primary button--small">Join Agency</summary>
            <div className="join-agency__body">
              <h2 className="join-agency__title">Request agency membership</h2>
              <MembershipForm agencies={hub.agencies} action={formAction} pageResult={membershipResult} />
            </div>
          </details>
        </div>
      )
    case 'pending':
      return (
        <div className="audience-panel audience-panel--warning" role="status">
          <p>
            <strong>Agency Membership Pending</strong> Your request to join an agency is waiting for approval. You can
            book lots once it is approved.
          </p>
          <BackButton fallback="/" />
        </div>
      )
    case 'member':
      return (
        <div className="audience-panel">
          <p>
            <strong>You can book available lots.</strong> Choose Book Now on a lot; your agency reviews the request.
          </p>
        </div>
      )
    case 'agent_admin':
      return (
        <div className="audience-panel">
          <p>
            <strong>Agent admin:</strong> book available lots with the payment cheque and both sides of the IC; your
            requests go straight to the developer for approval.
          </p>
        </div>
      )
    case 'super_admin':
      return (
        <div className="audience-panel">
          <p>
            <strong>Super admin:</strong> choose a lot to edit its unit number, type, areas, price, status and title.
          </p>
        </div>
      )
  }
}
