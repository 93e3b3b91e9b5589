import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
// eslint-disable-next-line modules/no-import-cycle -- Lucid's relations name each other's model; each reads the other only when a relation is used.
import Lot from '#inventory/models/lot'

/** A development: the spec's "property" (the Aero Industrial Hub, Mahkota Kampar). */
export default class Development extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare slug: string

  @column()
  declare name: string

  @column()
  declare propertyType: string

  @column()
  declare location: string | null

  @column()
  declare address: string | null

  @column()
  declare description: string | null

  @column()
  declare phase: number | null

  @column()
  declare launchYear: number | null

  @column({ consume: (value) => Boolean(value) })
  declare isActive: boolean

  /** How long a request may wait for its agent admin's answer (approval time limits). */
  @column()
  declare agentTargetMinutes: number

  /** How long a forwarded request may wait for the developer's (super admin's) decision. */
  @column()
  declare developerTargetMinutes: number

  /** How long a pending booking holds its lot, in minutes; null: BOOKING_HOLD_DAYS (holds with a clock). */
  @column()
  declare holdMinutes: number | null

  /** The share of its lots the state reserves for Bumiputera buyers (0 to 100); null: no quota. */
  @column()
  declare bumiputeraQuotaPercent: number | null

  /** How long the first in a lot's waitlist alone may request it, in minutes; null: WAITLIST_PRIORITY_MINUTES. */
  @column()
  declare waitlistWindowMinutes: number | null

  /** Whether the public pages list its lots not yet released (as "Not released") or leave them out. */
  @column({ consume: (value) => value === undefined || value === null || Boolean(value) })
  declare showUnreleasedLots: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => Lot)
  declare lots: HasMany<typeof Lot>
}
