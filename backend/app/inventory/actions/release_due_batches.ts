import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import Development from '#inventory/models/development'
import ReleaseBatch from '#inventory/models/release_batch'
import type { LotStatus } from '#inventory/models/lot'
import { announceLotsRelease } from '#inventory/events'
import { batchLots } from '#inventory/queries/release_batches'
import { batchAuditFields } from '#inventory/actions/release_batch_audit'
import { recordAudit, type AuditBy } from '#audit'
import { User } from '#identity'
import { sqlDateTime } from '#core/dates'

export type ReleasedBatch = { batchId: number; developmentId: number; name: string; lotIds: number[] }

/** At most this many batches a run; the next minute's run takes the rest. */
const BATCHES_PER_RUN = 100

/** Who the trail names when the batch's author is gone: the scheduler acted on their behalf. */
const SCHEDULER_NAME = 'Release schedule'

async function actorOf(batch: ReleaseBatch): Promise<AuditBy> {
  const author = batch.createdById ? await User.find(batch.createdById) : null
  if (author) return { actor: author, ip: null }
  return { actor: { id: 0, name: SCHEDULER_NAME, email: '', role: 'super_admin' }, ip: null }
}

/**
 * Releases every batch due (`release_at` passed, not yet released), each in its own transaction: its lots
 * released, the batch marked, an audit entry, then each lot told live after the commit. The batch is claimed by
 * a guarded UPDATE (`released_at` still null), so two instances or a run and the command never release it twice,
 * and a cancellation (which locks the row) either comes first or finds it released.
 */
export class ReleaseDueBatches {
  async handle(now: DateTime = DateTime.utc()): Promise<ReleasedBatch[]> {
    const due = await ReleaseBatch.query()
      .where('release_at', '<=', sqlDateTime(now))
      .whereNull('released_at')
      .orderBy('release_at')
      .orderBy('id')
      .limit(BATCHES_PER_RUN)
    const released: ReleasedBatch[] = []
    for (const batch of due) {
      try {
        const done = await this.release(batch, now)
        if (done) released.push(done)
      } catch (error) {
        // One batch failing (its lots locked a long time) leaves the others to go; the next run retries it.
        logger.error({ err: error, batchId: batch.id }, 'a release batch could not be released')
      }
    }
    return released
  }

  private async release(batch: ReleaseBatch, now: DateTime): Promise<ReleasedBatch | null> {
    const by = await actorOf(batch)
    return db.transaction(async (trx) => {
      const at = sqlDateTime(now)
      const claimed = await trx
        .from('release_batches')
        .where('id', batch.id)
        .whereNull('released_at')
        .where('release_at', '<=', at)
        .update({ released_at: at, updated_at: at })
      if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return null

      const lots = (await batchLots([batch.id], trx)).get(batch.id) ?? []
      const lotIds = lots.map((lot) => lot.id)
      // Only the lots still not released change (one may have been released by hand meanwhile).
      const changing: Array<{
        id: number
        development_id: number
        type_code: 'A' | 'B' | 'C' | null
        lot_number: string
        unit_number: string | null
        status: LotStatus
      }> = lotIds.length
        ? await trx
            .from('lots')
            .whereIn('id', lotIds)
            .where('is_released', false)
            .forUpdate()
            .select('id', 'development_id', 'type_code', 'lot_number', 'unit_number', 'status')
        : []
      if (changing.length) {
        await trx
          .from('lots')
          .whereIn(
            'id',
            changing.map((lot) => lot.id)
          )
          .update({ is_released: true, updated_at: at })
      }

      const development = await Development.findOrFail(batch.developmentId, { client: trx })
      await recordAudit(trx, by, {
        action: 'development.release_batch_released',
        subject: { type: 'development', id: development.id, label: development.name },
        after: {
          ...batchAuditFields(batch, lots),
          releasedAt: now.toUTC().startOf('second').toISO(),
          releasedLotIds: changing.map((lot) => Number(lot.id)).join(','),
        },
      })
      announceLotsRelease(
        changing.map((lot) => ({
          id: Number(lot.id),
          developmentId: Number(lot.development_id),
          typeCode: lot.type_code,
          lotNumber: lot.lot_number,
          unitNumber: lot.unit_number,
          status: lot.status,
        })),
        true,
        trx
      )
      return { batchId: batch.id, developmentId: development.id, name: batch.name, lotIds }
    })
  }
}
