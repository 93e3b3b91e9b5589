import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { sqlDateTime } from '#core/dates'

/** Each lot's price from its development's price lists, in sen; absent: no version in force lists it. */
export type ListedPrices = Map<number, number>

/**
 * One query for any number of lots: every entry of theirs in a version already in force, newest
 * version first, the first seen per lot kept. Walks `price_list_entries (lot_id, version_id)` and the
 * versions' primary key; a development publishes a handful of versions, so the rows stay few.
 */
export async function listedPrices(
  lotIds: number[],
  at: DateTime = DateTime.utc(),
  client?: TransactionClientContract
): Promise<ListedPrices> {
  const prices: ListedPrices = new Map()
  if (lotIds.length === 0) return prices
  const rows: Array<{ lot_id: number; price_sen: number | string }> = await (client ?? db)
    .from('price_list_entries as e')
    .join('price_list_versions as v', 'v.id', 'e.version_id')
    .whereIn('e.lot_id', [...new Set(lotIds)])
    .where('v.effective_at', '<=', sqlDateTime(at))
    .orderBy('v.effective_at', 'desc')
    .orderBy('v.id', 'desc')
    .select('e.lot_id', 'e.price_sen')
  for (const row of rows) {
    const lotId = Number(row.lot_id)
    if (!prices.has(lotId)) prices.set(lotId, Number(row.price_sen))
  }
  return prices
}

/** A lot's own `price` (whole RM) in sen: what is in force while no price list names the lot. */
export function senOf(price: number | null): number | null {
  return price === null || price === undefined ? null : Math.round(Number(price) * 100)
}

/** The price in force of one lot, in sen (a booking records it in its own transaction). */
export async function priceInForce(
  lot: { id: number; price: number | null },
  client?: TransactionClientContract,
  at: DateTime = DateTime.utc()
): Promise<number | null> {
  return (await listedPrices([lot.id], at, client)).get(lot.id) ?? senOf(lot.price)
}
