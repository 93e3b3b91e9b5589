import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import SetAgencyMembership from '#agencies/actions/set_agency_membership'
import Agency from '#agencies/models/agency'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

export const SELECT_AGENCY_AND_USER = 'Please select both an agency and a user'

/**
 * Only a user of role user not approved by another agency qualifies (requirements:
 * super-admin.md#agent-admins-management); any request they still have open is withdrawn.
 */
@inject()
export default class AssignAgentAdmin {
  constructor(private setAgencyMembership: SetAgencyMembership) {}

  async handle(actor: User, agencyId: number, userId: number, by: AuditBy): Promise<User> {
    return db.transaction(async (trx) => {
      const agency = await Agency.query({ client: trx }).where('id', agencyId).first()
      if (!agency) throw AppError.invalid('agencyId', SELECT_AGENCY_AND_USER)
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      if (!user) throw AppError.invalid('userId', SELECT_AGENCY_AND_USER)

      const approvedElsewhere =
        user.agencyStatus === 'approved' && user.agencyId !== null && user.agencyId !== agency.id
      if (user.role !== 'user' || approvedElsewhere) {
        throw AppError.invalid(
          'userId',
          'Only a user with role user and no approved membership of another agency can become an agent admin.'
        )
      }

      const before = auditFields(user)
      const now = sqlDateTime()
      await AgencyMembershipRequest.query({ client: trx })
        .where('user_id', user.id)
        .where('status', 'pending')
        .update({
          status: 'withdrawn',
          decided_by_id: actor.id,
          decided_at: now,
          decision_notes: `Assigned as agent admin of ${agency.name}`,
          updated_at: now,
        })
      await this.setAgencyMembership.handle(user, { kind: 'approved', agencyId: agency.id, asAgentAdmin: true }, trx)
      await recordAudit(trx, by, {
        action: 'agent_admin.assigned',
        subject: { type: 'user', id: user.id, label: `${user.name} (${user.email}), agent admin of ${agency.name}` },
        before,
        after: auditFields(user),
      })
      user.$setRelated('agency', agency)
      return user
    })
  }
}
