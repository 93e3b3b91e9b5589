import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import PriceListVersion from '#inventory/models/price_list_version'
import type { PriceListEntryRow } from '#inventory/transformers/price_list_transformer'
import { paginate, parseListParams } from '#core/listing'
import { AppError } from '#core/errors'

/** A development's versions, newest effective first, on the (development_id, effective_at, id) index. */
export async function priceListVersions(ctx: HttpContext, developmentId: number) {
  const params = parseListParams(ctx, { effectiveAt: 'effective_at' }, ['effectiveAt', 'DESC'])
  const query = PriceListVersion.query().where('development_id', developmentId)
  return paginate(ctx, 'price-lists', query, params)
}

export const PRICE_LIST_NOT_FOUND = 'Price list not found'

/** One version of the development's, with its entries in the lots' natural order. */
export async function priceListVersion(developmentId: number, versionId: number) {
  const version = await PriceListVersion.query().where('id', versionId).where('development_id', developmentId).first()
  if (!version) throw AppError.notFound(PRICE_LIST_NOT_FOUND)
  const entries: PriceListEntryRow[] = await db
    .from('price_list_entries as e')
    .join('lots as l', 'l.id', 'e.lot_id')
    .where('e.version_id', version.id)
    .orderBy('l.unit_number_sort')
    .orderBy('l.lot_number_sort')
    .orderBy('l.id')
    .select('e.lot_id', 'e.price_sen', 'l.unit_number', 'l.lot_number')
  return { version, entries }
}
