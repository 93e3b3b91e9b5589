import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { BumiputeraKind } from '#identity'

/**
 * A document a person declared their Bumiputera status with, stored encrypted like a booking's IC
 * images. The row stays when the file is deleted (`deleted_at`, `deletion_reason`).
 */
export default class BumiputeraEvidence extends BaseModel {
  static table = 'bumiputera_evidence'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  /** What the declaration was made as, when this document came with it. */
  @column()
  declare kind: BumiputeraKind

  @column()
  declare originalName: string

  @column({ serializeAs: null })
  declare storageKey: string

  @column()
  declare mimeType: string

  @column()
  declare sizeBytes: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime()
  declare deletedAt: DateTime | null

  /** `superseded` (declared again after a rejection) or `account_deletion`. */
  @column()
  declare deletionReason: string | null
}
