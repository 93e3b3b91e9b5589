import db from '@adonisjs/lucid/services/db'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import DataProtectionOfficer from '#privacy/models/data_protection_officer'

export type OfficerContact = { name: string; email: string; phone: string }

export default class SetDataProtectionOfficer {
  async handle(contact: OfficerContact, by: AuditBy): Promise<DataProtectionOfficer> {
    return db.transaction(async (trx) => {
      const current = await DataProtectionOfficer.query({ client: trx }).where('id', 1).forUpdate().first()
      const before = current ? auditFields(current) : null
      const officer = current ?? new DataProtectionOfficer().fill({ id: 1 })
      officer.merge({ ...contact, updatedById: by.actor.id })
      await officer.useTransaction(trx).save()
      await recordAudit(trx, by, {
        action: 'data_protection_officer.updated',
        subject: { type: 'data_protection_officer', id: 1, label: 'Data Protection Officer' },
        before,
        after: auditFields(officer),
      })
      return officer
    })
  }
}
