import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'
import { jsonList } from '#privacy/models/json_list'

export default class DataBreachNotice extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare dataBreachId: number

  @column()
  declare subject: string

  @column()
  declare body: string

  @column(jsonList)
  declare recipients: string[]

  @column()
  declare recipientCount: number

  @column()
  declare sentById: number | null

  @column()
  declare sentByName: string

  @column.dateTime()
  declare sentAt: DateTime
}
