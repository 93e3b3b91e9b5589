import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { User } from '#identity'

export const DOCUMENT_TYPES = ['cheque', 'ic_front', 'ic_back', 'uploaded_document', 'other'] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/** A document's review (docs/booking-workflow.md, "Documents under review"): a new upload is pending. */
export const REVIEW_STATUSES = ['pending', 'accepted', 'rejected'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

export default class BookingDocument extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare documentType: DocumentType

  @column()
  declare originalName: string

  @column({ serializeAs: null })
  declare storageKey: string

  @column()
  declare mimeType: string

  @column()
  declare sizeBytes: number

  @column()
  declare uploadedById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  /** Set once the file is deleted (docs/privacy.md): the row stays as the record that it existed. */
  @column.dateTime()
  declare deletedAt: DateTime | null

  /** The rule it went by, e.g. `account_deletion`. */
  @column()
  declare deletionReason: string | null

  @column()
  declare reviewStatus: ReviewStatus

  @column()
  declare reviewReason: string | null

  @column()
  declare reviewedById: number | null

  @column.dateTime()
  declare reviewedAt: DateTime | null

  /** The newer upload that superseded this rejected document; null while it is the one in force. */
  @column()
  declare replacedById: number | null

  @belongsTo(() => User, { foreignKey: 'reviewedById' })
  declare reviewedBy: BelongsTo<typeof User>
}
