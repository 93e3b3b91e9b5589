import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column } from '@adonisjs/lucid/orm'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { User } from '#identity'
import Agency from '#agencies/models/agency'

export type MembershipRequestStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn'

/** The table is the history of requests and decisions. */
export default class AgencyMembershipRequest extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare userId: number

  @column()
  declare agencyId: number | null

  @column()
  declare position: string

  @column()
  declare message: string | null

  @column()
  declare status: MembershipRequestStatus

  @column()
  declare decidedById: number | null

  @column.dateTime()
  declare decidedAt: DateTime | null

  @column()
  declare decisionNotes: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @column.dateTime({ autoCreate: true, autoUpdate: true })
  declare updatedAt: DateTime

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @belongsTo(() => Agency)
  declare agency: BelongsTo<typeof Agency>
}
