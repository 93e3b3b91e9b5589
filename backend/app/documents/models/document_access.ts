import { DateTime } from 'luxon'
import { BaseModel, beforeDelete, beforeUpdate, column } from '@adonisjs/lucid/orm'
import type { Role } from '#core/roles'

/** The kinds of file an access names: a booking document's type, or a booking fee's receipt. */
export const ACCESSED_DOCUMENT_TYPES = [
  'cheque',
  'ic_front',
  'ic_back',
  'uploaded_document',
  'other',
  'fee_receipt',
] as const
export type AccessedDocumentType = (typeof ACCESSED_DOCUMENT_TYPES)[number]

/**
 * `view`: shown inline in the browser; `download`: saved as a file; `export`: read into the
 * person's own personal-data export (privacy module).
 */
export const ACCESS_ACTIONS = ['view', 'download', 'export'] as const
export type AccessAction = (typeof ACCESS_ACTIONS)[number]

export const ACCESS_LOG_APPEND_ONLY = 'Document access records cannot be changed or deleted.'

/**
 * One view or download of a booking's document: who (as they were then), role, which document
 * of which booking, the client address, when. Written as the file is served
 * (services/document_access_log.ts); never changed.
 */
export default class DocumentAccess extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number

  @column()
  declare documentId: number | null

  @column()
  declare documentType: AccessedDocumentType

  @column()
  declare documentName: string | null

  @column()
  declare action: AccessAction

  @column()
  declare userId: number | null

  @column()
  declare userName: string

  @column()
  declare userEmail: string

  @column()
  declare userRole: Role

  @column()
  declare ip: string | null

  @column.dateTime({ autoCreate: true })
  declare createdAt: DateTime

  @beforeUpdate()
  static refuseUpdate() {
    throw new Error(ACCESS_LOG_APPEND_ONLY)
  }

  @beforeDelete()
  static refuseDelete() {
    throw new Error(ACCESS_LOG_APPEND_ONLY)
  }
}
