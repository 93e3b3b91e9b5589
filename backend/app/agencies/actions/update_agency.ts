import db from '@adonisjs/lucid/services/db'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import Agency from '#agencies/models/agency'
import { AppError } from '#core/errors'
import { type AgencyInput, DUPLICATE_AGENCY_NAME, isDuplicateName } from '#agencies/actions/create_agency'

export default class UpdateAgency {
  async handle(agencyId: number, input: AgencyInput, by: AuditBy): Promise<Agency> {
    return db.transaction(async (trx) => {
      const agency = await Agency.query({ client: trx }).where('id', agencyId).forUpdate().first()
      if (!agency) throw AppError.notFound('Agency not found')
      const before = auditFields(agency)
      agency.name = input.name
      agency.contactEmail = input.contactEmail
      if (input.description !== undefined) agency.description = input.description || null
      if (input.contactPhone !== undefined) agency.contactPhone = input.contactPhone || null
      if (input.address !== undefined) agency.address = input.address || null
      if (input.isActive !== undefined) agency.isActive = input.isActive
      try {
        await agency.save()
      } catch (error) {
        if (isDuplicateName(error)) throw AppError.invalid('name', DUPLICATE_AGENCY_NAME)
        throw error
      }
      await recordAudit(trx, by, {
        action: 'agency.updated',
        subject: { type: 'agency', id: agency.id, label: agency.name },
        before,
        after: auditFields(agency),
      })
      return agency
    })
  }
}
