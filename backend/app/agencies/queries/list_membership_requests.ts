import AgencyMembershipRequest, { type MembershipRequestStatus } from '#agencies/models/agency_membership_request'

export type MembershipRequestFilter = {
  /** Required for an agent admin (their own agency); optional for a super admin. */
  agencyId?: number
  status: MembershipRequestStatus | 'all'
}

/**
 * A pending request counts only while its user is still pending with that agency: after an account edit
 * nobody could decide it any more.
 */
export default class ListMembershipRequests {
  async handle(filter: MembershipRequestFilter): Promise<AgencyMembershipRequest[]> {
    const query = AgencyMembershipRequest.query()
      .preload('user', (user) => user.preload('agency'))
      .preload('agency')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    if (filter.agencyId !== undefined) query.where('agency_id', filter.agencyId)
    if (filter.status !== 'all') query.where('status', filter.status)
    if (filter.status === 'pending' || filter.status === 'all') {
      query.where((open) =>
        open
          .whereNot('status', 'pending')
          .orWhereHas('user', (user) =>
            user
              .where('agency_status', 'pending')
              .whereColumn('users.agency_id', 'agency_membership_requests.agency_id')
          )
      )
    }
    return query
  }
}
