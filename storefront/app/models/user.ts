/** The user object of the identity API (docs/api-identity.md). */
export type Role = 'user' | 'agent_admin' | 'admin' | 'super_admin'

export type AgencyStatus = 'none' | 'pending' | 'approved' | 'rejected'

export interface User {
  id: string | number
  _id: string | number
  name: string
  email: string
  phone: string | null
  address: string | null
  role: Role
  company: string | null
  position: string | null
  createdAt: string
  agencyId: string | number | null
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

export interface AuthSession {
  expiresAt: string
  windowEndsAt: string
}

/** What the browser needs to know about the signed-in user to draw the site chrome. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'role' | 'agencyId' | 'agencyName' | 'agencyStatus'>

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    agencyId: user.agencyId,
    agencyName: user.agencyName,
    agencyStatus: user.agencyStatus,
  }
}
