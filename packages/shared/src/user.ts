/** The user object of the identity API (docs/api-identity.md), as both front ends read it. */
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
  /** The buyer's Bumiputera status: declared by the person, verified or rejected by staff. */
  bumiputeraStatus?: 'none' | 'declared' | 'verified' | 'rejected'
  bumiputeraKind?: 'individual' | 'company' | null
  bumiputeraVerifiedBy?: number | null
  bumiputeraVerifiedByName?: string | null
  bumiputeraVerifiedAt?: string | null
}

/** The backend's path for the signed-in user. */
export const CURRENT_USER_URL = '/api/users/me'
