import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import SetAgencyMembership from '#agencies/actions/set_agency_membership'
import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { NO_PENDING_REQUEST } from '#agencies/queries/find_pending_request'
import { AppError } from '#core/errors'
import { announceMembership } from '#agencies/events'

export type MembershipDecision = 'approve' | 'reject'

/** The user and the request are locked and checked again: of two decisions at once, the second finds none. */
@inject()
export default class DecideMembershipRequest {
  constructor(private setAgencyMembership: SetAgencyMembership) {}

  async handle(decider: User, requestId: number, decision: MembershipDecision, notes: string | null, by: AuditBy) {
    const decided = await db.transaction(async (trx) => {
      // The user row first, then the request: the same order as RequestMembership.
      const target = await AgencyMembershipRequest.query({ client: trx })
        .where('id', requestId)
        .select('user_id')
        .first()
      const user = target ? await User.query({ client: trx }).where('id', target.userId).forUpdate().first() : null
      const request = await AgencyMembershipRequest.query({ client: trx })
        .where('id', requestId)
        .preload('agency')
        .forUpdate()
        .first()
      if (
        !request ||
        !user ||
        request.agencyId === null ||
        request.status !== 'pending' ||
        user.agencyStatus !== 'pending' ||
        user.agencyId !== request.agencyId
      ) {
        throw AppError.notFound(NO_PENDING_REQUEST)
      }

      const before = auditFields(request)
      request.status = decision === 'approve' ? 'approved' : 'rejected'
      request.decidedById = decider.id
      request.decidedAt = DateTime.utc()
      request.decisionNotes = notes
      await request.save()

      const agencyId = request.agencyId!
      await this.setAgencyMembership.handle(
        user,
        decision === 'approve'
          ? { kind: 'approved', agencyId, position: request.position }
          : { kind: 'rejected', agencyId },
        trx
      )
      await recordAudit(trx, by, {
        action: decision === 'approve' ? 'membership.approved' : 'membership.rejected',
        subject: {
          type: 'membership_request',
          id: request.id,
          label: `${user.name} (${user.email}) to join ${request.agency?.name ?? `agency #${agencyId}`}`,
        },
        before,
        after: auditFields(request),
      })
      user.$setRelated('agency', request.agency)
      request.$setRelated('user', user)
      await announceMembership(trx, 'membership:decided', {
        requestId: request.id,
        userId: request.userId,
        agencyId,
        decision,
        deciderId: decider.id,
        notes,
      })
      return request
    })
    return decided
  }
}
