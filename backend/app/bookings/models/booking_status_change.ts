import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { User } from '#identity'
import type { BookingStatus } from '#bookings/statuses'

/** One row per status change: who, when, from, to, notes. */
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

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @belongsTo(() => User, { foreignKey: 'changedById' })
  declare changedBy: BelongsTo<typeof User>
}
