import type ReleaseBatch from '#inventory/models/release_batch'
import type { BatchLot } from '#inventory/queries/release_batches'

/** A batch as its audit entries record it (scheduled, cancelled, released). */
export function batchAuditFields(batch: ReleaseBatch, lots: BatchLot[]) {
  return {
    batchId: batch.id,
    name: batch.name,
    releaseAt: batch.releaseAt.toUTC().toISO(),
    lotIds: lots.map((lot) => lot.id).join(','),
    lotNumbers: lots.map((lot) => lot.lotNumber).join(', '),
  }
}
