import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The state's approval of a quota lot's release, stored encrypted and private (super admins read it). */
export default class LotReleaseDocument extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare lotId: number

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
}
