import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, hasMany } from '@adonisjs/lucid/orm'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { Lot } from '#inventory'
import { Agency } from '#agencies'
import { User } from '#identity'
import AgentPropertyImage from '#portfolio/models/agent_property_image'

export const PROPERTY_STATUSES = ['active', 'sold', 'pending'] as const
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number]

export const PROPERTY_SOURCES = ['own', 'agency'] as const
export type PropertySource = (typeof PROPERTY_SOURCES)[number]

/** Decimals and big integers come back as strings from some drivers. */
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A list column stored one item a line (features, amenities). */
const toList = {
  prepare: (value: string[] | null) => (value && value.length ? value.join('\n') : null),
  consume: (value: unknown) => (typeof value === 'string' && value ? value.split('\n') : []),
}

/**
 * A lot their booking made theirs, with the marketing details they publish (requirements:
 * decisions.md#d10-agent-properties). Areas in sqm, money in whole RM.
 */
export default class AgentProperty extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare agentAdminId: number

  @column()
  declare agencyId: number | null

  @column()
  declare lotId: number | null

  @column()
  declare bookingId: number | null

  @column()
  declare displayName: string

  @column()
  declare description: string | null

  @column()
  declare status: PropertyStatus

  @column()
  declare source: PropertySource

  @column({ consume: (value) => Boolean(value) })
  declare isPublic: boolean

  @column()
  declare propertyType: string | null

  @column()
  declare lotNumber: string | null

  @column({ consume: toNumber })
  declare lotSize: number | null

  @column({ consume: toNumber })
  declare builtUpArea: number | null

  @column({ consume: toNumber })
  declare price: number | null

  @column({ consume: toNumber })
  declare pricePerSqft: number | null

  @column()
  declare bedrooms: number | null

  @column()
  declare bathrooms: number | null

  @column()
  declare parking: number | null

  @column(toList)
  declare features: string[]

  @column(toList)
  declare amenities: string[]

  @column()
  declare address: string | null

  @column()
  declare city: string | null

  @column()
  declare state: string | null

  @column()
  declare postcode: string | null

  @column({ consume: toNumber })
  declare expectedRoi: number | null

  @column({ consume: toNumber })
  declare rentalYield: number | null

  @column.date()
  declare completionDate: DateTime | null

  @column.dateTime()
  declare dateOwned: DateTime

  @column()
  declare shareCount: number

  @column.dateTime()
  declare lastSharedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'agentAdminId' })
  declare owner: BelongsTo<typeof User>

  @belongsTo(() => Agency)
  declare agency: BelongsTo<typeof Agency>

  @belongsTo(() => Lot)
  declare lot: BelongsTo<typeof Lot>

  @hasMany(() => AgentPropertyImage)
  declare images: HasMany<typeof AgentPropertyImage>
}
