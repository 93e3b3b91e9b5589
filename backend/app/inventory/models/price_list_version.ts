import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** One published version of a development's price list: never changed once written. */
export default class PriceListVersion extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare developmentId: number

  @column()
  declare label: string

  @column.dateTime()
  declare effectiveAt: DateTime

  @column()
  declare publishedById: number | null

  /** Written with the version (its entries never change), so the list needs no grouped count. */
  @column()
  declare entryCount: number

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
