import type User from '#identity/models/user'
import { isAgentAdmin, isSuperAdmin, type Role } from '#core/roles'
import type { AgencyStatus, BumiputeraKind, BumiputeraStatus } from '#identity/models/user'
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
  bumiputeraStatus: BumiputeraStatus
  bumiputeraKind: BumiputeraKind | null
  bumiputeraVerifiedBy: number | null
  /** The deciding staff member's name, where their row was read with the person's (presentUser). */
  bumiputeraVerifiedByName: string | null
  bumiputeraVerifiedAt: string | null
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
    ...serializeBumiputeraFields(user),
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

/** `serializeUser` with the agency's and the Bumiputera verifier's names read first, when there are any. */
export async function presentUser(user: User): Promise<UserResource> {
  if (user.agencyId !== null) await user.load('agency')
  if (user.bumiputeraVerifiedBy !== null) await user.load('bumiputeraVerifier')
  return serializeUser(user)
}

function serializeBumiputeraFields(user: User) {
  return {
    bumiputeraStatus: user.bumiputeraStatus ?? 'none',
    bumiputeraKind: user.bumiputeraKind ?? null,
    bumiputeraVerifiedBy: user.bumiputeraVerifiedBy ?? null,
    bumiputeraVerifiedByName:
      user.bumiputeraVerifiedBy !== null
        ? ((user.$preloaded.bumiputeraVerifier as User | undefined)?.name ?? null)
        : null,
    bumiputeraVerifiedAt: user.bumiputeraVerifiedAt?.toUTC().toISO() ?? null,
  }
}

/** A buyer's Bumiputera status, who verified or rejected it and when. */
export function serializeBumiputera(user: User) {
  return { userId: user.id, ...serializeBumiputeraFields(user) }
}
