import { DateTime } from 'luxon'
import { BaseModel, column } from '@adonisjs/lucid/orm'

export const SHARE_PLATFORMS = ['whatsapp', 'facebook', 'twitter', 'linkedin', 'telegram', 'email', 'copy'] as const
export type SharePlatform = (typeof SHARE_PLATFORMS)[number]

export default class AgentPropertyShare extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare agentPropertyId: number

  @column()
  declare sharedById: number | null

  @column()
  declare platform: SharePlatform

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime
}
