import { serializeUser, type UserResource } from '#identity'
import type AgencyMembershipRequest from '#agencies/models/agency_membership_request'
import type { MembershipRequestStatus } from '#agencies/models/agency_membership_request'

/**
 * The message and date under both of the spec's names (requirements: api.md#membership-request-record).
 * Preload `user.agency` and `agency`.
 */
export type MembershipRequestResource = {
  id: number
  _id: number
  userId: number
  name: string | null
  email: string | null
  phone: string | null
  agencyId: number | null
  agencyName: string | null
  position: string
  status: MembershipRequestStatus
  message: string | null
  agencyRequestMessage: string | null
  createdAt: string | null
  agencyRequestDate: string | null
  decidedById: number | null
  decidedAt: string | null
  decisionNotes: string | null
  user: UserResource | null
}

export function serializeMembershipRequest(request: AgencyMembershipRequest): MembershipRequestResource {
  const user = request.user ?? null
  const createdAt = request.createdAt?.toISO() ?? null
  return {
    id: request.id,
    _id: request.id,
    userId: request.userId,
    name: user?.name ?? null,
    email: user?.email ?? null,
    phone: user?.phone ?? null,
    agencyId: request.agencyId,
    agencyName: request.agency?.name ?? null,
    position: request.position,
    status: request.status,
    message: request.message,
    agencyRequestMessage: request.message,
    createdAt,
    agencyRequestDate: createdAt,
    decidedById: request.decidedById,
    decidedAt: request.decidedAt?.toISO() ?? null,
    decisionNotes: request.decisionNotes,
    user: user ? serializeUser(user) : null,
  }
}

/** A membership request in its person's data export: the agency by name, the decision and its date. */
export function serializeExportedMembershipRequest(request: AgencyMembershipRequest) {
  return {
    id: request.id,
    agency: request.agency ? { id: request.agency.id, name: request.agency.name } : null,
    position: request.position,
    message: request.message,
    status: request.status,
    decidedAt: request.decidedAt?.toISO() ?? null,
    decisionNotes: request.decisionNotes,
    createdAt: request.createdAt?.toISO() ?? null,
  }
}

export type ExportedMembershipRequestResource = ReturnType<typeof serializeExportedMembershipRequest>
