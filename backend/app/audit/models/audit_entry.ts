import { DateTime } from 'luxon'
import { BaseModel, beforeDelete, beforeUpdate, column } from '@adonisjs/lucid/orm'
import type { Role } from '#core/roles'

/** Changed fields by name, as JSON values (dates as ISO text). */
export type AuditFields = Record<string, unknown>

const json = {
  prepare: (value: AuditFields | null) => (value === null ? null : JSON.stringify(value)),
  consume: (value: unknown): AuditFields | null =>
    value === null || value === undefined
      ? null
      : typeof value === 'string'
        ? JSON.parse(value)
        : (value as AuditFields),
}

export const APPEND_ONLY = 'Audit entries cannot be changed or deleted.'

/** Who as they were then; never changed: the model refuses updates and deletes. */
export default class AuditEntry extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare actorId: number | null

  @column()
  declare actorName: string

  @column()
  declare actorEmail: string

  @column()
  declare actorRole: Role

  @column()
  declare action: string

  @column()
  declare subjectType: string

  @column()
  declare subjectId: number | null

  @column()
  declare subjectLabel: string | null

  @column(json)
  declare before: AuditFields | null

  @column(json)
  declare after: AuditFields | null

  @column()
  declare ip: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @beforeUpdate()
  static refuseUpdate() {
    throw new Error(APPEND_ONLY)
  }

  @beforeDelete()
  static refuseDelete() {
    throw new Error(APPEND_ONLY)
  }
}
