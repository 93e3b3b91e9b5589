import AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import { serializeExportedMembershipRequest } from '#agencies/transformers/membership_request_transformer'

/** One person's agency membership requests and their decisions, oldest first (their data export). */
export async function membershipRequestsOf(userId: number) {
  const requests = await AgencyMembershipRequest.query().where('user_id', userId).preload('agency').orderBy('id')
  return requests.map(serializeExportedMembershipRequest)
}
