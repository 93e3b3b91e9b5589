import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { User } from '#identity'
import { AppError } from '#core/errors'

export const NO_PENDING_REQUEST = 'No pending agency request was found for this user.'

export default class FindPendingRequest {
  async handle(userId: number): Promise<AgencyMembershipRequest> {
    const user = await User.find(userId)
    const request =
      user && user.agencyStatus === 'pending' && user.agencyId !== null
        ? await AgencyMembershipRequest.query()
            .where('user_id', user.id)
            .where('agency_id', user.agencyId)
            .where('status', 'pending')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .first()
        : null
    if (!request) throw AppError.notFound(NO_PENDING_REQUEST)
    return request
  }
}
