import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { Lot } from '#inventory'
import { User } from '#identity'
import { Agency } from '#agencies'

/**
 * `offered`: the lot is free and held for them until `offerExpiresAt`; `passed`: their window ran out;
 * `cancelled`: the lot was sold.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'fulfilled', 'left', 'passed', 'cancelled'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

/** The statuses of a place still in the line: they count for positions, one per person per lot. */
export const LIVE_STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered']

export default class LotWaitlistEntry extends BaseModel {
  static table = 'lot_waitlist_entries'

  @column({ isPrimary: true })
  declare id: number

  @column()
  declare lotId: number

  @column()
  declare userId: number

  /** The agency the person joined under (their agent admins see the place); null without one. */
  @column()
  declare agencyId: number | null

  @column()
  declare status: WaitlistStatus

  @column.dateTime()
  declare joinedAt: DateTime

  @column.dateTime()
  declare offeredAt: DateTime | null

  @column.dateTime()
  declare offerExpiresAt: DateTime | null

  @column.dateTime()
  declare endedAt: DateTime | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => Lot)
  declare lot: BelongsTo<typeof Lot>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Agency)
  declare agency: BelongsTo<typeof Agency>
}
