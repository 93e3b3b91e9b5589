import db from '@adonisjs/lucid/services/db'
import type { User } from '#identity'
import PrivacyNotice from '#documents/models/privacy_notice'

/**
 * Bookings made before keep the version they were made under (docs/privacy.md, "Notice and choice"). The
 * newest row is locked so two edits at once never take one number twice.
 */
export default class PublishPrivacyNotice {
  async handle(actor: User, body: string): Promise<PrivacyNotice> {
    return db.transaction(async (trx) => {
      const latest = await PrivacyNotice.query({ client: trx }).orderBy('version', 'desc').forUpdate().first()
      return PrivacyNotice.create({ version: (latest?.version ?? 1) + 1, body, createdById: actor.id }, { client: trx })
    })
  }
}
