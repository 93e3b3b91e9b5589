import { Link, useNavigate } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import type { Lot } from '~/models/lots.server'
import { LotStatusBadge } from '~/components/public/status-badge'
import { formatSqftFromSqm, formatSqm, formatWholeNumber, lotTypeCodeOf, LOT_TYPES } from '~/utils/format'

/** A click anywhere on a row (not on its own link or button) follows the row's link. */
export function useRowNavigation() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLTableRowElement>, href: string) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea, label')) return
    navigate(href, { preventScrollReset: true })
  }
}

/** The row's own link: selects the lot, or deselects it when it is already selected. */
export function RowLink({ href, selected, children }: { href: string; selected: boolean; children: ReactNode }) {
  return (
    <Link to={href} preventScrollReset className="lot-table__link" aria-current={selected ? 'true' : undefined}>
      {children}
      <span className="visually-hidden">
        {selected ? ' (selected, choose again to close its details)' : ', show details'}
      </span>
    </Link>
  )
}

export function TypeTag({ lot }: { lot: Pick<Lot, 'type' | 'typeCode'> }) {
  const code = lotTypeCodeOf(lot)
  if (!code) return <>{lot.type}</>
  return <span className={`type-tag type-tag--${LOT_TYPES[code].tone}`}>{`${LOT_TYPES[code].label} (${code})`}</span>
}

interface HubLotTableProps {
  lots: Lot[]
  /** The development's phase, when known. */
  phase: number | null
  selectedId: number | null
  hrefFor: (lot: Lot) => string
  action: (lot: Lot) => ReactNode
}

/** The hub's lot table (at most 600 px high; it scrolls). */
export function HubLotTable({ lots, phase, selectedId, hrefFor, action }: HubLotTableProps) {
  const followRow = useRowNavigation()
  return (
    <div className="lot-table" tabIndex={0} role="region" aria-labelledby="hub-table-caption">
      <table>
        <caption id="hub-table-caption" className="visually-hidden">
          {phase != null ? `Shop lots of Phase ${phase}` : 'Shop lots'}: choose a lot to see its details
        </caption>
        <thead>
          <tr>
            <th scope="col">Unit</th>
            <th scope="col">Type</th>
            <th scope="col">Land area</th>
            <th scope="col">Built-up</th>
            <th scope="col" className="numeric">
              Price (RM)
            </th>
            <th scope="col">Status</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const selected = lot.id === selectedId
            const href = hrefFor(lot)
            return (
              <tr
                key={lot.id}
                className={selected ? 'is-selected' : undefined}
                onClick={(event) => followRow(event, href)}
              >
                <th scope="row">
                  <RowLink href={href} selected={selected}>
                    {lot.unitNumber || `Lot ${lot.lotNumber}`}
                  </RowLink>
                  {lot.title ? <span className="lot-table__sub">{lot.title}</span> : null}
                </th>
                <td>
                  <TypeTag lot={lot} />
                </td>
                <td>
                  {formatSqm(lot.landSize)}
                  <span className="lot-table__sub">{formatSqftFromSqm(lot.landSize)}</span>
                </td>
                <td>{lot.builtUpArea === null ? '-' : formatSqm(lot.builtUpArea)}</td>
                <td className="numeric">{formatWholeNumber(lot.price)}</td>
                <td>
                  <LotStatusBadge status={lot.status} />
                </td>
                <td>{action(lot)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
