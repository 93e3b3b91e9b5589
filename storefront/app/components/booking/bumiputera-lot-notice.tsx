import { Link } from '@remix-run/react'
import type { BumiputeraView } from '~/utils/bumiputera'
import { BUMIPUTERA_LOT_TEXTS, BUMIPUTERA_PROFILE_HREF, BUMIPUTERA_TEXTS } from '~/utils/bumiputera'

interface BumiputeraLotNoticeProps {
  lot: { bumiputeraReserved?: boolean }
  /** The buyer's status when the requester is the buyer; null when it is not known here (an agent booking for a client). */
  buyer: BumiputeraView | null
}

/**
 * Above a booking form for a Bumiputera quota lot: a verified buyer learns the discount applies,
 * anyone else the backend's refusal before filling the form, with the way to declare their
 * status. The form stays open: the backend decides on the request, and a status verified
 * meanwhile counts.
 */
export function BumiputeraLotNotice({ lot, buyer }: BumiputeraLotNoticeProps) {
  if (!lot.bumiputeraReserved) return null
  if (buyer === null) {
    return (
      <p className="alert alert--info bumi-notice" data-bumiputera-notice>
        {BUMIPUTERA_LOT_TEXTS.refusal}
      </p>
    )
  }
  if (buyer.status === 'verified') {
    return (
      <p className="alert alert--success bumi-notice" data-bumiputera-notice>
        {BUMIPUTERA_LOT_TEXTS.verified}
      </p>
    )
  }
  const declared = buyer.status === 'declared'
  return (
    <div className="alert alert--warning bumi-notice" data-bumiputera-notice>
      <p>{BUMIPUTERA_LOT_TEXTS.refusal}</p>
      {declared ? <p>{BUMIPUTERA_TEXTS.declared}</p> : null}
      <p>
        <Link to={BUMIPUTERA_PROFILE_HREF}>
          {declared ? BUMIPUTERA_LOT_TEXTS.review : BUMIPUTERA_LOT_TEXTS.declare}
        </Link>
      </p>
    </div>
  )
}
