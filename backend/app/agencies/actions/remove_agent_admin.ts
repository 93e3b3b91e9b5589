import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import SetAgencyMembership from '#agencies/actions/set_agency_membership'
import { AppError } from '#core/errors'

@inject()
export default class RemoveAgentAdmin {
  constructor(private setAgencyMembership: SetAgencyMembership) {}

  async handle(agencyId: number, userId: number, by: AuditBy): Promise<User> {
    return db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      if (!user || user.role !== 'agent_admin' || user.agencyId !== agencyId) {
        throw AppError.notFound('This user is not an agent admin of this agency.')
      }
      const before = auditFields(user)
      await this.setAgencyMembership.handle(user, { kind: 'left' }, trx)
      await recordAudit(trx, by, {
        action: 'agent_admin.removed',
        subject: { type: 'user', id: user.id, label: `${user.name} (${user.email})` },
        before,
        after: auditFields(user),
      })
      return user
    })
  }
}
