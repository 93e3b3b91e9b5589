import { DateTime } from 'luxon'
import { presentUser } from '#identity'
import { membershipRequestsOf } from '#agencies'
import { Booking, recordDocumentAccesses, requesterData, type DocumentReader, type ExportedDocument } from '#bookings'
import { Notification } from '#notifications'
import { bumiputeraEvidenceForExport } from '#documents'
import { AuditEntry } from '#audit'
import AccountDeletionRequest from '#privacy/models/account_deletion_request'
import { serializeDeletionRequest } from '#privacy/transformers/account_deletion_request_transformer'
import {
  serializeConsent,
  serializeExportedAuditEntry,
  serializeExportedNotification,
} from '#privacy/transformers/personal_data_transformer'
import { zip, type ZipEntry } from '#privacy/services/zip'
import {
  PERSONAL_DATA_SCHEMA_FILE,
  PERSONAL_DATA_SCHEMA_VERSION,
  personalDataSchema,
} from '#privacy/services/personal_data_schema'

/** The notifications sent to the person (notifications module, migration 0018). */
async function notificationsOf(userId: number) {
  const notifications = await Notification.query().where('user_id', userId).orderBy('id')
  return notifications.map(serializeExportedNotification)
}

/** The privacy notice versions the person consented to with their bookings, and when. */
async function consentsOf(userId: number) {
  const bookings = await Booking.query()
    .where('user_id', userId)
    .whereNotNull('consented_at')
    .select('id', 'consent_notice_version', 'consented_at')
    .orderBy('id')
  return bookings.map(serializeConsent)
}

/** Staff names on them are the record of who changed the account, which the person is entitled to know. */
async function auditEntriesOf(userId: number) {
  const entries = await AuditEntry.query()
    .where((about) =>
      about
        .where((subject) => subject.where('subject_type', 'user').where('subject_id', userId))
        .orWhere('actor_id', userId)
    )
    .orderBy('id')
  return entries.map(serializeExportedAuditEntry)
}

/**
 * One ZIP (docs/privacy.md, "Access"): `data.json`, its JSON Schema and the person's documents. Only rows
 * keyed by the person's own id are read, so nobody else's data can slip in; each document is on the access
 * log before the archive is sent.
 */
export async function personalDataExport(reader: DocumentReader): Promise<{ fileName: string; archive: Buffer }> {
  const { user } = reader
  const bookings = await requesterData(user.id)
  const deletionRequests = await AccountDeletionRequest.query().where('user_id', user.id).orderBy('id')
  const evidence = await bumiputeraEvidenceForExport(user.id)
  const now = DateTime.now()
  const data = {
    $schema: PERSONAL_DATA_SCHEMA_FILE,
    schemaVersion: PERSONAL_DATA_SCHEMA_VERSION,
    exportedAt: now.toUTC().toISO(),
    profile: await presentUser(user),
    membershipRequests: await membershipRequestsOf(user.id),
    bookings: bookings.bookings,
    consents: await consentsOf(user.id),
    notifications: await notificationsOf(user.id),
    accountDeletionRequests: deletionRequests.map(serializeDeletionRequest),
    auditEntries: await auditEntriesOf(user.id),
    bumiputeraEvidence: evidence.map((row) => row.record),
  }
  const entries: ZipEntry[] = [
    { name: 'data.json', data: Buffer.from(JSON.stringify(data, null, 2)) },
    { name: PERSONAL_DATA_SCHEMA_FILE, data: Buffer.from(JSON.stringify(personalDataSchema, null, 2)) },
  ]
  const read: ExportedDocument[] = []
  for (const document of bookings.documents) {
    const bytes = await document.read()
    if (!bytes) continue
    entries.push({ name: document.fileName, data: bytes })
    read.push(document)
  }
  for (const row of evidence) {
    const bytes = await row.read()
    if (!bytes) continue
    entries.push({ name: row.fileName, data: bytes })
    read.push(row)
  }
  await recordDocumentAccesses(
    reader,
    read.map((document) => document.accessed),
    'export'
  )
  return { fileName: `aero-personal-data-${user.id}-${now.toFormat('yyyy-LL-dd')}.zip`, archive: zip(entries) }
}
