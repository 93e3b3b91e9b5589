import type ReleaseBatch from '#inventory/models/release_batch'
import type { ReleaseBatchStatus } from '#inventory/models/release_batch'
import type { BatchLot } from '#inventory/queries/release_batches'

export type ReleaseBatchResource = {
  id: number
  developmentId: number
  name: string
  releaseAt: string
  releasedAt: string | null
  status: ReleaseBatchStatus
  lotIds: number[]
  lots: BatchLot[]
  createdById: number | null
  createdAt: string
}

export function serializeReleaseBatch(batch: ReleaseBatch, lots: BatchLot[]): ReleaseBatchResource {
  return {
    id: batch.id,
    developmentId: batch.developmentId,
    name: batch.name,
    releaseAt: batch.releaseAt.toUTC().toISO()!,
    releasedAt: batch.releasedAt?.toUTC().toISO() ?? null,
    status: batch.status,
    lotIds: lots.map((lot) => lot.id),
    lots,
    createdById: batch.createdById,
    createdAt: batch.createdAt.toUTC().toISO()!,
  }
}
