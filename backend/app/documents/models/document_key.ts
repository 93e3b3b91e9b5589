import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** `keyCheck` is null on rows wrapped before check values. Never serialized. */
export default class DocumentKey extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare storageKey: string

  @column()
  declare keyId: string

  @column({ serializeAs: null })
  declare keyCheck: string | null

  @column({ serializeAs: null })
  declare wrappedKey: string

  @column({ serializeAs: null })
  declare iv: string

  @column({ serializeAs: null })
  declare tag: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
