import db from '@adonisjs/lucid/services/db'
import type { User } from '#identity'
import PrivacyNotice from '#documents/models/privacy_notice'

/**
 * A super admin's edit of the privacy notice adds the next version (docs/privacy.md, "Notice and
 * choice"): bookings made before keep the version they were made under. Version 1 is the
 * built-in text (#documents/privacy_notice_text), so the first edit is version 2. The newest row is
 * locked so two edits at once make two versions, never one number twice.
 */
export default class PublishPrivacyNotice {
  async handle(actor: User, body: string): Promise<PrivacyNotice> {
    return db.transaction(async (trx) => {
      const latest = await PrivacyNotice.query({ client: trx }).orderBy('version', 'desc').forUpdate().first()
      return PrivacyNotice.create({ version: (latest?.version ?? 1) + 1, body, createdById: actor.id }, { client: trx })
    })
  }
}
