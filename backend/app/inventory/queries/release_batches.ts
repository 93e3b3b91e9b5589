import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ReleaseBatch from '#inventory/models/release_batch'

export type BatchLot = { id: number; lotNumber: string; unitNumber: string | null }

/** Each batch's lots, in the lists' natural order of their numbers. */
export async function batchLots(
  batchIds: number[],
  client?: TransactionClientContract
): Promise<Map<number, BatchLot[]>> {
  const byBatch = new Map<number, BatchLot[]>()
  if (batchIds.length === 0) return byBatch
  const rows: Array<{ batch_id: number; id: number; lot_number: string; unit_number: string | null }> = await (
    client ?? db
  )
    .from('release_batch_lots')
    .join('lots', 'lots.id', 'release_batch_lots.lot_id')
    .whereIn('release_batch_lots.batch_id', batchIds)
    .select('release_batch_lots.batch_id', 'lots.id', 'lots.lot_number', 'lots.unit_number')
    .orderBy('lots.lot_number_sort')
    .orderBy('lots.id')
  for (const row of rows) {
    const lots = byBatch.get(Number(row.batch_id)) ?? []
    lots.push({ id: Number(row.id), lotNumber: row.lot_number, unitNumber: row.unit_number })
    byBatch.set(Number(row.batch_id), lots)
  }
  return byBatch
}

/** A development's batches, by release date (scheduled and released alike). */
export function listReleaseBatches(developmentId: number): Promise<ReleaseBatch[]> {
  return ReleaseBatch.query().where('development_id', developmentId).orderBy('release_at').orderBy('id')
}
