import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import SetAgencyMembership from '#agencies/actions/set_agency_membership'
import type Agency from '#agencies/models/agency'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import AgencyPolicy from '#agencies/policies/agency_policy'
import { AppError } from '#core/errors'
import { authorizeLocked } from '#core/policies/after_lock'

/**
 * The removal is kept in the membership history as a withdrawn entry naming who removed them. Whom the actor
 * may remove is AgencyPolicy.removeMember's, asked about the member's locked row.
 */
@inject()
export default class RemoveAgencyMember {
  constructor(private setAgencyMembership: SetAgencyMembership) {}

  async handle(actor: User, agency: Agency, userId: number, by: AuditBy): Promise<User> {
    if (userId === actor.id) throw AppError.invalid('userId', 'You cannot remove yourself from the agency.')
    return db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      const isMember = user?.agencyId === agency.id && (user.role === 'agent_admin' || user.agencyStatus === 'approved')
      if (!user || !isMember) throw AppError.notFound('This user is not a member of this agency.')
      authorizeLocked(new AgencyPolicy().removeMember(actor, user))
      const before = auditFields(user)

      await AgencyMembershipRequest.create(
        {
          userId: user.id,
          agencyId: agency.id,
          position: user.position,
          message: null,
          status: 'withdrawn',
          decidedById: actor.id,
          decidedAt: DateTime.utc(),
          decisionNotes: 'Removed from the agency',
        },
        { client: trx }
      )
      await this.setAgencyMembership.handle(user, { kind: 'left' }, trx)
      await recordAudit(trx, by, {
        action: 'agency_member.removed',
        subject: { type: 'user', id: user.id, label: `${user.name} (${user.email}), removed from ${agency.name}` },
        before,
        after: auditFields(user),
      })
      return user
    })
  }
}
