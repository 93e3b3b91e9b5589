import db from '@adonisjs/lucid/services/db'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import Agency from '#agencies/models/agency'
import { AppError } from '#core/errors'

export type AgencyInput = {
  name: string
  description?: string | null
  contactEmail: string
  contactPhone?: string | null
  address?: string | null
  isActive?: boolean
}

export const DUPLICATE_AGENCY_NAME = 'An agency with this name already exists'

/** The unique index backs the validator's name check up under races. */
export function isDuplicateName(error: unknown): boolean {
  return Boolean((error as { code?: string }).code?.includes('DUP')) || /UNIQUE/i.test(String(error))
}

export default class CreateAgency {
  async handle(input: AgencyInput, by: AuditBy): Promise<Agency> {
    try {
      return await db.transaction(async (trx) => {
        const agency = await Agency.create(
          {
            name: input.name,
            description: input.description || null,
            contactEmail: input.contactEmail,
            contactPhone: input.contactPhone || null,
            address: input.address || null,
            isActive: input.isActive ?? true,
          },
          { client: trx }
        )
        await recordAudit(trx, by, {
          action: 'agency.created',
          subject: { type: 'agency', id: agency.id, label: agency.name },
          before: null,
          after: auditFields(agency),
        })
        return agency
      })
    } catch (error) {
      if (isDuplicateName(error)) throw AppError.invalid('name', DUPLICATE_AGENCY_NAME)
      throw error
    }
  }
}
