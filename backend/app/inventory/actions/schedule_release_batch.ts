import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import Development from '#inventory/models/development'
import ReleaseBatch from '#inventory/models/release_batch'
import ReleaseDueLots from '#inventory/jobs/release_due_batches'
import { batchLots } from '#inventory/queries/release_batches'
import { batchAuditFields } from '#inventory/actions/release_batch_audit'
import { recordAudit, type AuditBy } from '#audit'
import { AppError, type FieldError } from '#core/errors'

export type ReleaseBatchInput = { name: string; releaseAt: DateTime; lotIds: number[] }

export const RELEASE_BATCH_RELEASED = 'This release batch has already been released: it cannot be cancelled.'
export const RELEASE_BATCH_NOT_FOUND = 'Release batch not found'

const INSERT_CHUNK = 500

function refuse(errors: FieldError[]): never {
  throw new AppError(errors[0].message, 422, errors)
}

async function lockDevelopment(trx: TransactionClientContract, id: number): Promise<Development> {
  const development = await Development.query({ client: trx }).where('id', id).forUpdate().first()
  if (!development) throw AppError.notFound('Development not found')
  return development
}

/**
 * Each lot the development's, not released and in no other scheduled batch. Asked with the development's row
 * locked, so two batches written at once cannot both take a lot.
 */
async function checkLots(trx: TransactionClientContract, development: Development, lotIds: number[]) {
  const lots: Array<{ id: number; development_id: number; is_released: boolean | number }> = await trx
    .from('lots')
    .whereIn('id', lotIds)
    .select('id', 'development_id', 'is_released')
  const byId = new Map(lots.map((lot) => [Number(lot.id), lot]))
  const scheduled: Array<{ lot_id: number; name: string }> = await trx
    .from('release_batch_lots')
    .join('release_batches', 'release_batches.id', 'release_batch_lots.batch_id')
    .whereIn('release_batch_lots.lot_id', lotIds)
    .whereNull('release_batches.released_at')
    .select('release_batch_lots.lot_id', 'release_batches.name')
  const inBatch = new Map(scheduled.map((row) => [Number(row.lot_id), row.name]))
  const seen = new Set<number>()
  const errors = lotIds.flatMap((lotId, index): FieldError[] => {
    const field = `lotIds.${index}`
    if (seen.has(lotId)) return [{ field, message: 'This lot is listed more than once' }]
    seen.add(lotId)
    const lot = byId.get(lotId)
    if (!lot) return [{ field, message: 'Lot not found' }]
    if (Number(lot.development_id) !== development.id) {
      return [{ field, message: 'This lot belongs to another development' }]
    }
    if (lot.is_released) return [{ field, message: 'This lot is already released' }]
    const other = inBatch.get(lotId)
    if (other !== undefined) return [{ field, message: `This lot is already in the scheduled batch "${other}"` }]
    return []
  })
  if (errors.length) refuse(errors)
}

/** A release job due at the batch's own time; the minute sweep releases a batch whose job was lost. */
function releaseAtItsTime(batch: ReleaseBatch) {
  const delay = Math.max(0, batch.releaseAt.toMillis() - Date.now())
  Promise.resolve(ReleaseDueLots.dispatch({}).in(delay)).catch((error) => {
    logger.warn({ err: error, batchId: batch.id }, 'a release job could not be queued; the minute sweep releases it')
  })
}

/** Schedules and cancels a development's release batches; nothing written on a refusal. */
export class ScheduleReleaseBatch {
  async create(developmentId: number, input: ReleaseBatchInput, by: AuditBy) {
    return db.transaction(async (trx) => {
      const development = await lockDevelopment(trx, developmentId)
      await checkLots(trx, development, input.lotIds)
      const batch = new ReleaseBatch()
      batch.merge({
        developmentId: development.id,
        name: input.name,
        releaseAt: input.releaseAt,
        releasedAt: null,
        createdById: by.actor.id,
      })
      batch.useTransaction(trx)
      await batch.save()
      trx.after('commit', async () => releaseAtItsTime(batch))
      for (let start = 0; start < input.lotIds.length; start += INSERT_CHUNK) {
        await trx
          .table('release_batch_lots')
          .multiInsert(
            input.lotIds.slice(start, start + INSERT_CHUNK).map((lotId) => ({ batch_id: batch.id, lot_id: lotId }))
          )
      }
      const lots = (await batchLots([batch.id], trx)).get(batch.id) ?? []
      await recordAudit(trx, by, {
        action: 'development.release_batch_scheduled',
        subject: { type: 'development', id: development.id, label: development.name },
        after: batchAuditFields(batch, lots),
      })
      return { batch, lots }
    })
  }

  /**
   * Only while scheduled: the row lock waits for a release under way, which then reads as released (409).
   * The batch goes; its lots stay not released.
   */
  async cancel(developmentId: number, batchId: number, by: AuditBy) {
    return db.transaction(async (trx) => {
      const development = await Development.find(developmentId, { client: trx })
      if (!development) throw AppError.notFound('Development not found')
      const batch = await ReleaseBatch.query({ client: trx })
        .where('id', batchId)
        .where('development_id', development.id)
        .forUpdate()
        .first()
      if (!batch) throw AppError.notFound(RELEASE_BATCH_NOT_FOUND)
      if (batch.releasedAt) throw AppError.conflict(RELEASE_BATCH_RELEASED)
      const lots = (await batchLots([batch.id], trx)).get(batch.id) ?? []
      await trx.from('release_batch_lots').where('batch_id', batch.id).delete()
      await trx.from('release_batches').where('id', batch.id).whereNull('released_at').delete()
      await recordAudit(trx, by, {
        action: 'development.release_batch_cancelled',
        subject: { type: 'development', id: development.id, label: development.name },
        before: batchAuditFields(batch, lots),
      })
      return batch
    })
  }
}
