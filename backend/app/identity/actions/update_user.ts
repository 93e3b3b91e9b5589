import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User, { AGENT_ADMIN_POSITION, MEMBER_POSITION } from '#identity/models/user'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import type { Role } from '#core/roles'
import { announceAccessEndedOnCommit } from '#identity/events'

export type UpdateUserInput = {
  name: string
  email: string
  role?: Role
  agencyId?: number | null
  phone?: string | null
  address?: string | null
}

/** Putting someone in an agency makes them an approved member of it; the position follows the role. */
export default class UpdateUser {
  async handle(actor: User, userId: number, input: UpdateUserInput, by: AuditBy): Promise<User> {
    return db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      if (!user) throw AppError.notFound('User not found')
      if (user.id === actor.id && input.role !== undefined && input.role !== user.role) {
        throw AppError.invalid('role', 'You cannot change your own role.')
      }

      const before = auditFields(user)
      const previous = { role: user.role, agencyId: user.agencyId }
      user.name = input.name
      user.email = input.email
      if (input.phone !== undefined) user.phone = input.phone || null
      if (input.address !== undefined) user.address = input.address || null
      if (input.role !== undefined && input.role !== user.role) {
        user.position = input.role === 'agent_admin' ? AGENT_ADMIN_POSITION : MEMBER_POSITION
        user.role = input.role
      }
      if (input.agencyId !== undefined && input.agencyId !== user.agencyId) {
        user.agencyId = input.agencyId
        user.agencyStatus = input.agencyId === null ? 'none' : 'approved'
        user.agencyStatusDate = DateTime.utc()
      }
      try {
        await user.save()
      } catch (error) {
        if ((error as { code?: string }).code?.includes('DUP') || /UNIQUE/i.test(String(error))) {
          throw AppError.invalid('email', 'An account with this email already exists.')
        }
        throw error
      }
      // What they heard as their old role or agency ends once this commits.
      if (previous.role !== user.role || previous.agencyId !== user.agencyId) {
        announceAccessEndedOnCommit(trx, {
          userId: user.id,
          cause: previous.role !== user.role ? 'role_changed' : 'agency_left',
        })
      }
      await recordAudit(trx, by, {
        action: before.role === user.role ? 'user.updated' : 'user.role_changed',
        subject: { type: 'user', id: user.id, label: `${user.name} (${user.email})` },
        before,
        after: auditFields(user),
      })
      await user.load('agency')
      return user
    })
  }
}
