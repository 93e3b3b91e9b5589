import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/** The one row (id 1) naming the Data Protection Officer the public is told to contact (migration 0029). */
export default class DataProtectionOfficer extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  /** A name or a role ("Data Protection Officer, Aero Development Sdn Bhd"). */
  @column()
  declare name: string

  @column()
  declare email: string

  @column()
  declare phone: string

  @column()
  declare updatedById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
