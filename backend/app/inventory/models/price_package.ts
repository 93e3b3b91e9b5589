import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export type PackageKind = 'percent' | 'fixed'
export type PackageEligibility = 'everyone' | 'bumiputera'

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * A development's named discount (docs/prices.md, "Packages"): changed only while not yet in force,
 * then retired, never deleted. Its lots are in `price_package_lots` unless it applies to all.
 */
export default class PricePackage extends BaseModel {
  static table = 'price_packages'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare developmentId: number

  @column()
  declare name: string

  @column()
  declare kind: PackageKind

  /** Basis points (500 = 5%), for a percentage package. */
  @column({ consume: toNumber })
  declare percentBp: number | null

  /** Whole sen, for a fixed-amount package. */
  @column({ consume: toNumber })
  declare amountSen: number | null

  @column.dateTime()
  declare validFrom: DateTime

  /** The first moment it is no longer in force; null: until retired. */
  @column.dateTime()
  declare validUntil: DateTime | null

  @column({ consume: (value) => Boolean(value) })
  declare allLots: boolean

  @column({ consume: (value) => Boolean(value) })
  declare combinable: boolean

  @column()
  declare eligibility: PackageEligibility

  @column.dateTime()
  declare retiredAt: DateTime | null

  @column()
  declare createdById: number | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime
}
