import type { HttpContext } from '@adonisjs/core/http'
import type { User } from '#identity'
import { lotsQuery } from '#inventory/queries/list_lots'
import { lotsCsv } from '#inventory/lot_csv'
import { AppError } from '#core/errors'
import { listedPrices } from '#inventory/queries/prices_in_force'

/** An export stops here: past this, a narrower filter (or a report) is the better tool. */
export const MAX_EXPORT_ROWS = 10_000

export default class ExportLots {
  async handle(ctx: HttpContext, user: User): Promise<string> {
    const { query, params } = lotsQuery(ctx, user)
    const countRow = await query.clone().count('* as total').first()
    const total = Number(countRow?.$extras.total ?? 0)
    if (total > MAX_EXPORT_ROWS) {
      throw AppError.invalid(
        'filter',
        `An export holds at most ${MAX_EXPORT_ROWS.toLocaleString('en-US')} lots and this list has ${total.toLocaleString('en-US')}. Filter the list to export fewer.`
      )
    }
    const lots = await query.orderBy(params.sort.column, params.sort.direction).orderBy('id', params.sort.direction)
    // The price in force: one query for the whole file.
    return lotsCsv(lots, { listed: await listedPrices(lots.map((lot) => lot.id)) })
  }
}
