import { Link } from '@remix-run/react'
import { forwardRef } from 'react'
import type { ReactNode } from 'react'
import type { Lot } from '~/models/lots.server'
import { LotStatusBadge } from '~/components/public/status-badge'
import { BumiputeraLotTag } from '~/components/public/bumiputera-tag'
import { TypeTag } from '~/components/public/hub/lot-table'
import { formatPrice, formatSqftFromSqm, formatSqm } from '~/utils/format'

interface LotDetailProps {
  lot: Lot
  /** The address that closes the details (deselects the lot). */
  closeHref: string
  /** What the visitor can do with the lot. */
  action: ReactNode
  children?: ReactNode
}

/** The selected lot's details panel. */
export const LotDetail = forwardRef<HTMLElement, LotDetailProps>(function LotDetail(
  { lot, closeHref, action, children },
  ref
) {
  const name = lot.unitNumber || `Lot ${lot.lotNumber}`
  return (
    <section ref={ref} className="lot-detail" aria-labelledby="lot-detail-title" tabIndex={-1}>
      <div className="lot-detail__head">
        <h2 id="lot-detail-title" className="lot-detail__title">
          {name}
        </h2>
        <Link to={closeHref} preventScrollReset className="lot-detail__close">
          Close<span className="visually-hidden"> the details of {name}</span>
        </Link>
      </div>
      <dl className="lot-detail__facts">
        <div>
          <dt>Status</dt>
          <dd>
            <LotStatusBadge status={lot.status} offeredUntil={lot.offeredUntil} /> <BumiputeraLotTag lot={lot} />
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>
            <TypeTag lot={lot} />
          </dd>
        </div>
        <div>
          <dt>Land area</dt>
          <dd>
            {formatSqm(lot.landSize)} ({formatSqftFromSqm(lot.landSize)})
          </dd>
        </div>
        <div>
          <dt>Built-up area</dt>
          <dd>
            {lot.builtUpArea === null ? '-' : `${formatSqm(lot.builtUpArea)} (${formatSqftFromSqm(lot.builtUpArea)})`}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{formatPrice(lot)}</dd>
        </div>
        {lot.title ? (
          <div>
            <dt>Title</dt>
            <dd>{lot.title}</dd>
          </div>
        ) : null}
        {lot.phase !== null ? (
          <div>
            <dt>Phase</dt>
            <dd>{lot.phase}</dd>
          </div>
        ) : null}
      </dl>
      <div className="lot-detail__action">{action}</div>
      {children}
    </section>
  )
})
