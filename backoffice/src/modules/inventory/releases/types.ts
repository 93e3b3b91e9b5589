/** A lot as a release batch names it. */
export interface BatchLot {
  id: number
  lotNumber: string
  unitNumber: string | null
}

/** GET /api/developments/:id/release-batches: lots that go on sale together at a set time. */
export interface ReleaseBatch {
  id: number
  developmentId: number
  name: string
  releaseAt: string
  releasedAt: string | null
  status: 'scheduled' | 'released'
  lotIds: number[]
  lots: BatchLot[]
  createdById: number | null
  createdAt: string
}

/** POST /api/developments/:id/release-batches: the time an ISO 8601 moment with its offset. */
export interface ReleaseBatchDraft {
  name: string
  releaseAt: string
  lotIds: number[]
}

export const STATUS_LABELS: Record<ReleaseBatch['status'], string> = {
  scheduled: 'Scheduled',
  released: 'Released',
}

/** Unit number first, as the business names a lot; the lot number when it has none. */
export const batchLotLabel = (lot: BatchLot) => lot.unitNumber || lot.lotNumber
