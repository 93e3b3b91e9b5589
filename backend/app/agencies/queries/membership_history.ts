import AgencyMembershipRequest from '#agencies/models/agency_membership_request'

/** One person's agency membership requests and their decisions, oldest first (their data export). */
export async function membershipRequestsOf(userId: number) {
  const requests = await AgencyMembershipRequest.query().where('user_id', userId).preload('agency').orderBy('id')
  return requests.map((request) => ({
    id: request.id,
    agency: request.agency ? { id: request.agency.id, name: request.agency.name } : null,
    position: request.position,
    message: request.message,
    status: request.status,
    decidedAt: request.decidedAt?.toISO() ?? null,
    decisionNotes: request.decisionNotes,
    createdAt: request.createdAt?.toISO() ?? null,
  }))
}
