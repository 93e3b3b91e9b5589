import db from '@adonisjs/lucid/services/db'
import User from '#identity/models/user'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import type { Role } from '#core/roles'
import { AppError } from '#core/errors'

export type RegisterUserInput = {
  name: string
  email: string
  password: string
  role?: Role
  phone?: string | null
  address?: string | null
  company?: string | null
  agencyId?: number | null
}

/**
 * A registered email is a 422 (the unique index backs the check under races). `by`: the staff member
 * creating it, for the audit trail.
 */
export default class RegisterUser {
  async handle(input: RegisterUserInput, by?: AuditBy): Promise<User> {
    const email = input.email.trim().toLowerCase()
    return db.transaction(async (trx) => {
      const existing = await User.query({ client: trx }).where('email', email).first()
      if (existing) throw AppError.invalid('email', 'An account with this email already exists.')

      const role = input.role ?? 'user'
      const inAgency = input.agencyId != null
      try {
        const user = await User.create(
          {
            name: input.name.trim(),
            email,
            password: input.password,
            role,
            phone: input.phone ?? null,
            address: input.address ?? null,
            company: input.company ?? null,
            position: role === 'agent_admin' ? 'Agent Admin' : 'Member',
            agencyId: input.agencyId ?? null,
            agencyStatus: inAgency ? 'approved' : 'none',
          },
          { client: trx }
        )
        if (by) {
          await recordAudit(trx, by, {
            action: 'user.created',
            subject: { type: 'user', id: user.id, label: `${user.name} (${user.email})` },
            before: null,
            after: auditFields(user),
          })
        }
        await user.load('agency')
        return user
      } catch (error) {
        if ((error as { code?: string }).code?.includes('DUP') || /UNIQUE/i.test(String(error))) {
          throw AppError.invalid('email', 'An account with this email already exists.')
        }
        throw error
      }
    })
  }
}
