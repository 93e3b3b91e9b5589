import { Link, useNavigate } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import type { Lot } from '~/models/lots.server'
import { LotStatusBadge } from '~/components/public/status-badge'
import { BumiputeraLotTag } from '~/components/public/bumiputera-tag'
import {
  formatSqftFromSqm,
  formatSqm,
  formatPriceFigure,
  formatWholeNumber,
  landAreaOrDefault,
  lotTypeCodeOf,
  LOT_TYPES,
  sqmToSqft,
} from '~/utils/format'

/** A click anywhere on a row (not on its own link or button) follows the row's link. */
function useRowNavigation() {
  const navigate = useNavigate()
  return (event: MouseEvent<HTMLTableRowElement>, href: string) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea, label')) return
    navigate(href, { preventScrollReset: true })
  }
}

/** The row's own link: selects the lot, or deselects it when it is already selected. */
function RowLink({ href, selected, children }: { href: string; selected: boolean; children: ReactNode }) {
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

interface LotColumn {
  header: string
  numeric?: boolean
  cell: (lot: Lot) => ReactNode
}

export type LotColumnName = 'type' | 'landArea' | 'builtUp' | 'landSqm' | 'landSqft' | 'price'

/** The columns a lot table may show between the unit and its status. */
const LOT_COLUMNS: Record<LotColumnName, LotColumn> = {
  type: { header: 'Type', cell: (lot) => <TypeTag lot={lot} /> },
  landArea: {
    header: 'Land area',
    cell: (lot) => (
      <>
        {formatSqm(lot.landSize)}
        <span className="lot-table__sub">{formatSqftFromSqm(lot.landSize)}</span>
      </>
    ),
  },
  builtUp: { header: 'Built-up', cell: (lot) => (lot.builtUpArea === null ? '-' : formatSqm(lot.builtUpArea)) },
  // The lot-type page gives every lot a land area, its type's standard one when none is recorded.
  landSqm: {
    header: 'Land (sqm)',
    numeric: true,
    cell: (lot) => formatWholeNumber(landAreaOrDefault(lot.landSize, lot.type)),
  },
  landSqft: {
    header: 'Land (sqft)',
    numeric: true,
    cell: (lot) => formatWholeNumber(sqmToSqft(landAreaOrDefault(lot.landSize, lot.type))),
  },
  price: { header: 'Price (RM)', numeric: true, cell: (lot) => formatPriceFigure(lot) },
}

interface LotTableProps {
  lots: Lot[]
  /** The visually hidden caption, which names the table's region. */
  caption: { id: string; text: string }
  /** The first column's header: the unit ('Unit') or the lot ('Lot number'). */
  unitHeader: string
  /** The lot's title under its unit. */
  showTitle?: boolean
  columns: readonly LotColumnName[]
  selectedId: number | null
  hrefFor: (lot: Lot) => string
  action: (lot: Lot) => ReactNode
}

/**
 * A table of lots (at most 600 px high; it scrolls): the unit, the chosen columns, the status
 * and the action. A row selects its lot; the hub and the lot-type pages show it. On a phone
 * each row shows as a card (hub.css): the cells' `data-label`s name their values there, and
 * the rows and cells stay the table's (browsers keep a table's roles whatever its display).
 */
export function LotTable({
  lots,
  caption,
  unitHeader,
  showTitle = false,
  columns,
  selectedId,
  hrefFor,
  action,
}: LotTableProps) {
  const followRow = useRowNavigation()
  const shown = columns.map((name) => LOT_COLUMNS[name])
  return (
    <div className="lot-table" data-facts={shown.length} tabIndex={0} role="region" aria-labelledby={caption.id}>
      <table>
        <caption id={caption.id} className="visually-hidden">
          {caption.text}
        </caption>
        <thead>
          <tr>
            <th scope="col">{unitHeader}</th>
            {shown.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'numeric' : undefined}>
                {column.header}
              </th>
            ))}
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
                <th scope="row" className="lot-table__unit">
                  <RowLink href={href} selected={selected}>
                    {lot.unitNumber || `Lot ${lot.lotNumber}`}
                  </RowLink>
                  {showTitle && lot.title ? <span className="lot-table__sub">{lot.title}</span> : null}
                </th>
                {shown.map((column) => (
                  <td key={column.header} data-label={column.header} className={column.numeric ? 'numeric' : undefined}>
                    {column.cell(lot)}
                  </td>
                ))}
                <td className="lot-table__status">
                  <LotStatusBadge status={lot.status} offeredUntil={lot.offeredUntil} />
                  <BumiputeraLotTag lot={lot} />
                </td>
                <td className="lot-table__action">{action(lot)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
