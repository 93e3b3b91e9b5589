import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * One version of the privacy notice the booking forms show (docs/privacy.md, "Notice and
 * choice"). An edit adds a version; a booking keeps the version its requester consented to.
 */
export default class PrivacyNotice extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare version: number

  @column()
  declare body: string

  @column()
  declare createdById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
