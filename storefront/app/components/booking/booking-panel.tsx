import { Link } from '@remix-run/react'
import { useState } from 'react'
import { BookingForm } from '~/components/booking/booking-form'
import { BumiputeraLotNotice } from '~/components/booking/bumiputera-lot-notice'
import { BOOKING_MESSAGES } from '~/components/booking/booking-rules'
import type { BookingLot, BookingPageData, BookingResult } from '~/components/booking/booking-types'
import { MembershipForm } from '~/components/public/membership/membership-form'
import type { MembershipResult } from '~/components/public/membership/membership-rules'
import { LotStatusBadge } from '~/components/public/status-badge'
import { BumiputeraLotTag } from '~/components/public/bumiputera-tag'
import { heldText, heldUntil } from '~/components/public/hub/waitlist-hold'
import { formatPrice, formatSqftFromSqm, formatSqm, lotTypeLabel, priceSenOf } from '~/utils/format'

/** The lot's name as the booking screens show it. */
export function bookingLotLabel(lot: { unitNumber: string | null; lotNumber: string }): string {
  return lot.unitNumber || `Lot ${lot.lotNumber}`
}

/** The lot a booking form is for: its type, land area, price in force (exact) and status. */
export function LotSummary({ lot }: { lot: BookingLot }) {
  return (
    <dl className="lot-summary">
      <div>
        <dt>Type</dt>
        <dd>{lotTypeLabel(lot)}</dd>
      </div>
      <div>
        <dt>Land area</dt>
        <dd>
          {formatSqm(lot.landSize)} ({formatSqftFromSqm(lot.landSize)})
        </dd>
      </div>
      <div>
        <dt>Price</dt>
        <dd>{formatPrice(lot)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <LotStatusBadge status={lot.status} offeredUntil={lot.offeredUntil} /> <BumiputeraLotTag lot={lot} />
        </dd>
      </div>
    </dl>
  )
}

interface BookingPanelProps {
  data: BookingPageData
  headingId: string
  /** h1 on the booking page, h2 in the dialog. */
  headingLevel: 1 | 2
  bookingResult?: BookingResult | null
  membershipResult?: MembershipResult | null
  /** Called once the backend accepted the request (the dialog closes, the page says so). */
  onBooked?: (result: BookingResult) => void
}

/** The booking request for one lot: its summary, then the form or why it cannot be offered. */
export function BookingPanel({
  data,
  headingId,
  headingLevel,
  bookingResult,
  membershipResult,
  onBooked,
}: BookingPanelProps) {
  const { lot } = data
  const [toldNotMember, setToldNotMember] = useState(bookingResult?.notMember === true)
  const [booked, setBooked] = useState<BookingResult | null>(bookingResult?.ok ? bookingResult : null)
  const blocked = toldNotMember ? 'not-member' : data.blocked
  const action = `/book/${lot.id}?returnTo=${encodeURIComponent(data.returnTo)}`
  const Heading = headingLevel === 1 ? 'h1' : 'h2'

  return (
    <div className="booking-panel">
      <Heading id={headingId} className={headingLevel === 1 ? 'section__title' : 'dialog__title'}>
        Request a booking: {bookingLotLabel(lot)}
      </Heading>
      <LotSummary lot={lot} />

      {membershipResult?.ok && blocked !== 'not-member' ? (
        // Posted without JavaScript: the page came back with the request already pending.
        <p className="alert alert--success" role="status">
          {membershipResult.message}
        </p>
      ) : null}
      {booked ? (
        <div className="booking-panel__done">
          <p className="alert alert--success" role="status">
            {booked.message ?? BOOKING_MESSAGES.success}
          </p>
          <p>Your agency's agent admin reviews the request next. You can follow it on your dashboard.</p>
          <p className="booking-panel__actions">
            <Link to={data.returnTo} className="button button--primary">
              Back to the lots
            </Link>
            <Link to="/enhanced-dashboard" className="button button--ghost">
              My bookings
            </Link>
          </p>
        </div>
      ) : blocked === 'not-member' ? (
        <div>
          <p className="alert alert--warning" role="alert">
            {BOOKING_MESSAGES.notAMember}
          </p>
          <h3 className="booking-panel__subtitle">Join an agency</h3>
          <p>Ask to join the agency you work with. Once its agent admin approves you, you can request bookings.</p>
          <MembershipForm agencies={data.agencies} action={action} pageResult={membershipResult} />
        </div>
      ) : blocked === 'pending' ? (
        <div className="alert alert--warning">
          <strong>Agency Membership Pending</strong>
          <p>Your membership request is waiting for your agency's approval. You can book lots once it is approved.</p>
          <Link to={data.returnTo} className="button button--ghost button--small">
            Back
          </Link>
        </div>
      ) : blocked === 'super-admin' ? (
        <p className="alert alert--info">
          Super admins cannot book lots. Use the lot's edit form to change its status.
        </p>
      ) : blocked === 'held' ? (
        <div>
          <p className="alert alert--warning" role="alert">
            {heldText(heldUntil(lot) ?? lot.offeredUntil ?? '')}. Only the person it is offered to can request it until
            then.
          </p>
          <Link to={data.returnTo} className="button button--primary">
            Choose another lot
          </Link>
        </div>
      ) : blocked === 'unavailable' || !data.requester || !data.notice ? (
        <div>
          <p className="alert alert--warning" role="alert">
            This lot is no longer available. Please choose another lot.
          </p>
          <Link to={data.returnTo} className="button button--primary">
            Choose another lot
          </Link>
        </div>
      ) : (
        <>
          <BumiputeraLotNotice lot={lot} buyer={data.buyer ?? null} />
          <BookingForm
            lotId={lot.id}
            requester={data.requester}
            defaults={data.defaults}
            notice={data.notice}
            pricing={{
              priceSen: data.packages?.priceSen ?? priceSenOf(lot),
              offered: data.packages ?? null,
              buyer: data.buyer ?? null,
            }}
            action={action}
            pageResult={bookingResult}
            onBooked={(result) => {
              if (onBooked) onBooked(result)
              else setBooked(result)
            }}
            onNotMember={() => setToldNotMember(true)}
          />
        </>
      )}
    </div>
  )
}
