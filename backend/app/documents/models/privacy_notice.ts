import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** An edit adds a version; a booking keeps the version its requester consented to. */
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
