import { DateTime } from 'luxon'
import { BaseModel, beforeSave, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
// eslint-disable-next-line modules/no-import-cycle -- Lucid's relations name each other's model; each reads the other only when a relation is used.
import Development from '#inventory/models/development'
import { naturalSortKey } from '@aero/database/natural-sort'

export const LOT_STATUSES = ['available', 'reserved', 'pending', 'booked', 'sold', 'locked'] as const
export type LotStatus = (typeof LOT_STATUSES)[number]
export type LotKind = 'lot' | 'unit'

/** The closed list of lot types (requirements: display.md#lot-types, super-admin.md#lots-management). */
export const LOT_TYPES = [
  'CORNER (A)',
  'INTERMEDIATE (B)',
  'END LOT (C)',
  'Factory',
  'Warehouse',
  'Office',
  'Retail',
] as const
export type LotType = (typeof LOT_TYPES)[number]

/** Decimals and big integers come back as strings from some drivers. */
const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** Areas are in sqm. */
export default class Lot extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare developmentId: number

  @column()
  declare kind: LotKind

  @column()
  declare lotNumber: string

  @column()
  declare unitNumber: string | null

  /** The numbers' natural-order keys (database/natural_sort.ts): the lists sort by these. */
  @column({ serializeAs: null })
  declare unitNumberSort: string | null

  @column({ serializeAs: null })
  declare lotNumberSort: string | null

  @column()
  declare name: string | null

  @column()
  declare title: string | null

  @column()
  declare description: string | null

  @column()
  declare location: string | null

  @column()
  declare address: string | null

  @column()
  declare note: string | null

  @column()
  declare category: string | null

  @column()
  declare type: string

  @column()
  declare typeCode: 'A' | 'B' | 'C' | null

  @column()
  declare propertyType: string | null

  @column({ consume: toNumber })
  declare landSizeSqm: number | null

  @column({ consume: toNumber })
  declare builtUpSqm: number | null

  @column({ consume: toNumber })
  declare sizeSqm: number | null

  @column({ consume: toNumber })
  declare price: number | null

  @column()
  declare spaPrice: string | null

  @column()
  declare phase: number | null

  @column()
  declare status: LotStatus

  /** A Bumiputera quota lot: only a verified Bumiputera buyer may book it until its release is on record. */
  @column({ consume: (value) => Boolean(value) })
  declare isBumiputeraLot: boolean

  /** The state's release of a quota lot: on record when all three are set. */
  @column.dateTime()
  declare bumiReleasedAt: DateTime | null

  @column()
  declare bumiReleaseAuthority: string | null

  @column()
  declare bumiReleaseReference: string | null

  /** Phased release: a lot not released cannot be requested, booked or sold on any path. */
  @column({ consume: (value) => Boolean(value) })
  declare isReleased: boolean

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  /** Whatever writes a number through the model writes its sort key with it. */
  @beforeSave()
  static writeSortKeys(lot: Lot) {
    if ('unitNumber' in lot.$dirty) lot.unitNumberSort = naturalSortKey(lot.unitNumber)
    if ('lotNumber' in lot.$dirty) lot.lotNumberSort = naturalSortKey(lot.lotNumber)
  }

  @belongsTo(() => Development)
  declare development: BelongsTo<typeof Development>
}
