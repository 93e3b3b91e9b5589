import type { ReactNode } from 'react'
import type { Lot } from '~/models/lots.server'
import { RowLink, useRowNavigation } from '~/components/public/hub/lot-table'
import { LotStatusBadge } from '~/components/public/status-badge'
import { formatWholeNumber, landAreaOrDefault, sqmToSqft } from '~/utils/format'

interface TypeLotTableProps {
  lots: Lot[]
  selectedId: number | null
  hrefFor: (lot: Lot) => string
  action: (lot: Lot) => ReactNode
}

/** The lot-type page's table: lot number, land area in sqm and sqft, price in RM, status, action. */
export function TypeLotTable({ lots, selectedId, hrefFor, action }: TypeLotTableProps) {
  const followRow = useRowNavigation()
  return (
    <div className="lot-table" tabIndex={0} role="region" aria-labelledby="type-table-caption">
      <table>
        <caption id="type-table-caption" className="visually-hidden">
          Lots of this type: choose a lot to see its details
        </caption>
        <thead>
          <tr>
            <th scope="col">Lot number</th>
            <th scope="col" className="numeric">
              Land (sqm)
            </th>
            <th scope="col" className="numeric">
              Land (sqft)
            </th>
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
            const land = landAreaOrDefault(lot.landSize, lot.type)
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
                </th>
                <td className="numeric">{formatWholeNumber(land)}</td>
                <td className="numeric">{formatWholeNumber(sqmToSqft(land))}</td>
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
