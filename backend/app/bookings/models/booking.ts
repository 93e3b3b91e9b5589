import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { Lot } from '#inventory'
import { Agency } from '#agencies'
import { User } from '#identity'
import BookingDocument from '#bookings/models/booking_document'
import BookingStatusChange from '#bookings/models/booking_status_change'
import type { BookingStatus } from '#bookings/statuses'

export default class Booking extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare lotId: number

  /** lot_id while the booking holds the lot, else null; unique in the database. */
  @column()
  declare activeLotId: number | null

  @column()
  declare userId: number | null

  @column()
  declare createdById: number | null

  @column()
  declare createdBy: 'user' | 'agent'

  @column()
  declare agencyId: number | null

  @column()
  declare agentAdminId: number | null

  @column()
  declare status: BookingStatus

  @column()
  declare requestMessage: string | null

  @column()
  declare creatorName: string | null

  @column()
  declare creatorEmail: string | null

  @column()
  declare creatorPhone: string | null

  @column()
  declare contactPhone: string | null

  @column()
  declare agentNotes: string | null

  @column()
  declare adminNotes: string | null

  @column.dateTime()
  declare agentResponseDate: DateTime | null

  @column()
  declare respondedById: number | null

  @column.dateTime()
  declare cancellationDate: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Lot)
  declare lot: BelongsTo<typeof Lot>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => User, { foreignKey: 'createdById' })
  declare creator: BelongsTo<typeof User>

  @belongsTo(() => User, { foreignKey: 'respondedById' })
  declare respondedBy: BelongsTo<typeof User>

  @belongsTo(() => Agency)
  declare agency: BelongsTo<typeof Agency>

  @hasMany(() => BookingDocument)
  declare documents: HasMany<typeof BookingDocument>

  @hasMany(() => BookingStatusChange)
  declare history: HasMany<typeof BookingStatusChange>
}
