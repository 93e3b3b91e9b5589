import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type ReleaseBatchStatus = 'scheduled' | 'released'

/**
 * A development's lots not released, released together at `releaseAt` by the scheduler. Scheduled while
 * `releasedAt` is null; its lots are in `release_batch_lots`.
 */
export default class ReleaseBatch extends BaseModel {
  static table = 'release_batches'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare developmentId: number

  @column()
  declare name: string

  @column.dateTime()
  declare releaseAt: DateTime

  @column.dateTime()
  declare releasedAt: DateTime | null

  @column()
  declare createdById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  get status(): ReleaseBatchStatus {
    return this.releasedAt ? 'released' : 'scheduled'
  }
}
