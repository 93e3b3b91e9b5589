/**
 * Who is looking at a lot list, as the hub and lot-type pages tell them apart
 * (requirements: public-site.md#shop-lot-hub, public-site.md#lot-type-page, account.md#roles).
 */
import type { Role, AgencyStatus } from '@aero/shared/user'
import { isAdminRole } from '~/utils/roles'

export type Audience =
  /** Signed out: 'Login'. */
  | 'anonymous'
  /** A user with no agency (or a refused request): 'Join Agency'. */
  | 'join'
  /** A user whose membership request waits: 'Agency Membership Pending'. */
  | 'pending'
  /** An approved agency member: Book Now. */
  | 'member'
  /** An agent admin: Book Now, with every document required. */
  | 'agent_admin'
  /** A super admin (or admin): edits lots, cannot book. */
  | 'super_admin'

interface AudienceUser {
  role: Role
  agencyId: string | number | null
  agencyStatus: AgencyStatus
}

export function audienceOf(user: AudienceUser | null): Audience {
  if (!user) return 'anonymous'
  if (isAdminRole(user.role)) return 'super_admin'
  if (user.role === 'agent_admin') return 'agent_admin'
  const hasAgency = user.agencyId !== null && user.agencyId !== ''
  if (hasAgency && user.agencyStatus === 'approved') return 'member'
  if (hasAgency && user.agencyStatus === 'pending') return 'pending'
  return 'join'
}

/** Those who may request a booking (canRequestBookings, less super admins who cannot book). */
export function canBook(audience: Audience): boolean {
  return audience === 'member' || audience === 'agent_admin'
}
