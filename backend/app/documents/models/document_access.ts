import { DateTime } from 'luxon'
import { BaseModel, beforeDelete, beforeUpdate, column } from '@adonisjs/lucid/orm'
import type { Role } from '#core/roles'

/**
 * The kinds of file an access names: a booking document's type, a booking fee's receipt, a person's
 * Bumiputera evidence or the approval of a quota lot's release (these two belong to no booking).
 */
export const ACCESSED_DOCUMENT_TYPES = [
  'cheque',
  'ic_front',
  'ic_back',
  'uploaded_document',
  'other',
  'fee_receipt',
  'bumiputera_evidence',
  'bumiputera_release_approval',
] as const
export type AccessedDocumentType = (typeof ACCESSED_DOCUMENT_TYPES)[number]

/**
 * `view` and `download` open the file; `preview` is a thumbnail drawn in a list or dialog, recorded at most once
 * per reader and file within PREVIEW_LOG_MINUTES; `export` is the person's own data export.
 */
export const ACCESS_ACTIONS = ['view', 'download', 'preview', 'export'] as const
export type AccessAction = (typeof ACCESS_ACTIONS)[number]

export const ACCESS_LOG_APPEND_ONLY = 'Document access records cannot be changed or deleted.'

/** Who as they were then; written as the file is served and never changed. */
export default class DocumentAccess extends BaseModel {
  @column({ isPrimary: true })
  declare id: number

  @column()
  declare bookingId: number | null

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
