import type User from '#identity/models/user'
import { isAgentAdmin, isSuperAdmin, type Role } from '#core/roles'
import type { AgencyStatus } from '#identity/models/user'
import { maskEmail, maskPhone } from '#core/masking'

export type UserResource = {
  id: number
  _id: number
  name: string
  email: string
  phone: string | null
  address: string | null
  role: Role
  company: string | null
  position: string
  createdAt: string | null
  agencyId: number | null
  agencyName: string | null
  agencyStatus: AgencyStatus
  agencyStatusDate: string | null
  agencyRequestDate: string | null
  agencyRequestMessage: string | null
  hasPendingAgencyRequest: boolean
  canMakeBookings: boolean
  canRequestBookings: boolean
  isAgencyMember: boolean
  isAdmin: boolean
}

/**
 * Never the password (requirements: api.md#user-record, account.md#roles). Preload `agency` to fill
 * agencyName.
 */
export function serializeUser(user: User): UserResource {
  const isApprovedMember = user.agencyId !== null && user.agencyStatus === 'approved'
  const canMakeBookings = isAgentAdmin(user.role) || isSuperAdmin(user.role)
  const canRequestBookings = canMakeBookings || isApprovedMember
  return {
    id: user.id,
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
    role: user.role,
    company: user.company,
    position: user.position,
    createdAt: user.createdAt?.toISO() ?? null,
    agencyId: user.agencyId,
    agencyName: user.agencyId !== null ? (user.agency?.name ?? null) : null,
    agencyStatus: user.agencyStatus,
    agencyStatusDate: user.agencyStatusDate?.toISO() ?? null,
    agencyRequestDate: user.agencyRequestDate?.toISO() ?? null,
    agencyRequestMessage: user.agencyRequestMessage,
    hasPendingAgencyRequest: user.agencyId !== null && user.agencyStatus === 'pending',
    canMakeBookings,
    canRequestBookings,
    isAgencyMember: canRequestBookings,
    isAdmin: isSuperAdmin(user.role),
  }
}

export type UserContactResource = { id: number; _id: number; name: string; email: string; phone: string | null }

/** Just enough to pick or reach a person: the booking form's client list, an agency's public contacts. */
export function serializeUserContact(user: User): UserContactResource {
  return { id: user.id, _id: user.id, name: user.name, email: user.email, phone: user.phone }
}

/** A person's contact with the email and phone partly masked (#core/masking), as the booking lists show them. */
export function serializeMaskedContact(user: User): UserContactResource {
  return { ...serializeUserContact(user), email: maskEmail(user.email) ?? '', phone: maskPhone(user.phone) }
}

/** `serializeUser` with the agency's name read first, when the user has an agency. */
export async function presentUser(user: User): Promise<UserResource> {
  if (user.agencyId !== null) await user.load('agency')
  return serializeUser(user)
}

/** A buyer's Bumiputera status, who verified or rejected it and when. */
export function serializeBumiputera(user: User) {
  return {
    userId: user.id,
    bumiputeraStatus: user.bumiputeraStatus ?? 'none',
    bumiputeraVerifiedBy: user.bumiputeraVerifiedBy ?? null,
    bumiputeraVerifiedAt: user.bumiputeraVerifiedAt?.toUTC().toISO() ?? null,
  }
}
