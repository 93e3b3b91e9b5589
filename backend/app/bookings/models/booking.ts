import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { Lot } from '#inventory'
import { Agency } from '#agencies'
import { User } from '#identity'
import BookingStatusChange from '#bookings/models/booking_status_change'
import BookingPackage from '#bookings/models/booking_package'
import type { BookingStatus } from '#bookings/workflow_table'

export type RequiredDocumentType = 'cheque' | 'ic_front' | 'ic_back'

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

  /** The lot's price in force when it was requested, in sen; null for bookings older than price lists. */
  @column({ consume: (value) => (value === null || value === undefined ? null : Number(value)) })
  declare priceSen: number | null

  /** What its packages took off the price, and the price less that (docs/prices.md, "Packages"); null before packages. */
  @column({ consume: (value) => (value === null || value === undefined ? null : Number(value)) })
  declare discountSen: number | null

  @column({ consume: (value) => (value === null || value === undefined ? null : Number(value)) })
  declare netPriceSen: number | null

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

  /** When the booking entered its current status: the start of its time in queue. */
  @column.dateTime()
  declare statusChangedAt: DateTime | null

  /** A pending booking's deadline: it expires then unless decided (docs/decisions/020-booking-hold-clock.md). */
  @column.dateTime()
  declare heldUntil: DateTime | null

  /** When the hold's reminder is due (20% of it left), and when it went out (once). */
  @column.dateTime()
  declare remindAt: DateTime | null

  @column.dateTime()
  declare remindedAt: DateTime | null

  /** The hold's one extension: when, by whom, why. */
  @column.dateTime()
  declare holdExtendedAt: DateTime | null

  @column()
  declare holdExtendedById: number | null

  @column()
  declare holdExtensionReason: string | null

  /** The privacy notice version the requester consented to, and when (#documents/consent); null before consent was asked. */
  @column()
  declare consentNoticeVersion: number | null

  @column.dateTime()
  declare consentedAt: DateTime | null

  /** One missing blocks forwarding and decision. Empty for bookings made before documents were reviewed. */
  @column({
    prepare: (types: string[] | null | undefined) => (types && types.length ? types.join(',') : null),
    consume: (value: string | null) => (value ? value.split(',') : []),
  })
  declare requiredDocuments: RequiredDocumentType[]

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

  @hasMany(() => BookingStatusChange)
  declare history: HasMany<typeof BookingStatusChange>

  /** The packages it was made with, as they were then. */
  @hasMany(() => BookingPackage)
  declare packages: HasMany<typeof BookingPackage>
}
