import { DateTime } from 'luxon'
import { BaseModel, column, hasMany } from '@adonisjs/lucid/orm'
import type { HasMany } from '@adonisjs/lucid/types/relations'
import DataBreachNotice from '#privacy/models/data_breach_notice'
import { jsonList } from '#privacy/models/json_list'

/** The kinds of personal data the product holds (docs/privacy.md, "Record of processing"). */
export const BREACH_DATA_KINDS = [
  'identity_documents',
  'cheques',
  'contact_details',
  'account_credentials',
  'booking_records',
  'fees',
  'notifications',
  'other',
] as const
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number]

export const BREACH_STATUSES = ['open', 'closed'] as const
export type BreachStatus = (typeof BREACH_STATUSES)[number]

/** One incident on the breach register (migration 0029): what happened, to whose data, and who was told when. */
export default class DataBreach extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column.dateTime()
  declare discoveredAt: DateTime

  @column()
  declare description: string

  /** Whose data, in words: "buyers of Phase 4 lots", "agent admins of one agency". */
  @column()
  declare affectedPeople: string

  @column(jsonList)
  declare dataKinds: BreachDataKind[]

  @column()
  declare affectedCount: number

  @column()
  declare status: BreachStatus

  @column.dateTime()
  declare commissionerNotifiedAt: DateTime | null

  @column()
  declare commissionerReference: string | null

  @column.dateTime()
  declare individualsNotifiedAt: DateTime | null

  @column.dateTime()
  declare closedAt: DateTime | null

  @column()
  declare recordedById: number | null

  @column()
  declare recordedByName: string

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @hasMany(() => DataBreachNotice)
  declare notices: HasMany<typeof DataBreachNotice>
}
