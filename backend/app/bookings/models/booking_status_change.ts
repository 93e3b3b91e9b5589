import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { User } from '#identity'
import type { BookingStatus } from '#bookings/workflow_table'

/** A history row that is not a status change: a document's review or its upload again (from = to). */
export type HistoryEvent = 'document_review' | 'document_upload'

/** A step that keeps the status (an extension, a document's review or re-upload) is a row with from = to. */
export default class BookingStatusChange extends BaseModel {
  static table = 'booking_status_history'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare fromStatus: BookingStatus | null

  @column()
  declare toStatus: BookingStatus

  @column()
  declare changedById: number | null

  @column()
  declare notes: string | null

  /** Null for a status change (or a hold's extension). */
  @column()
  declare event: HistoryEvent | null

  /** The document a document step concerns, and its type as reviewed (`other` for the legacy name). */
  @column()
  declare documentId: number | null

  @column()
  declare documentType: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'changedById' })
  declare changedBy: BelongsTo<typeof User>
}
