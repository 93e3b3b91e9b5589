import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import type { RetentionRule } from '#documents/retention'

export default class DocumentRetentionDeletion extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare documentId: number

  @column()
  declare documentType: string

  @column()
  declare documentName: string | null

  @column()
  declare rule: RetentionRule

  @column()
  declare retentionDays: number

  @column()
  declare bookingStatus: string

  @column.dateTime()
  declare bookingEndedAt: DateTime

  @column.dateTime()
  declare deletedAt: DateTime
}
