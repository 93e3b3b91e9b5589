import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { User } from '#identity'

export const DELETION_REQUEST_STATUSES = ['pending', 'confirmed', 'declined'] as const
export type DeletionRequestStatus = (typeof DELETION_REQUEST_STATUSES)[number]

/** A person's request that their account be deleted, and the super admin's answer (migration 0021). */
export default class AccountDeletionRequest extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number | null

  /** Who asked, as they were then: "name (email)"; the account itself is anonymised on confirmation. */
  @column()
  declare userLabel: string

  @column()
  declare reason: string | null

  @column()
  declare status: DeletionRequestStatus

  @column()
  declare decidedById: number | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column()
  declare declineReason: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User, { foreignKey: 'decidedById' })
  declare decidedBy: BelongsTo<typeof User>
}
