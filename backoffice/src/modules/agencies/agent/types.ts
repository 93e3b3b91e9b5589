import type { User } from '@aero/shared/user'

export type MembershipRequestStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn'

/** The agent admin's decision on a membership request. */
export type MembershipDecision = 'approve' | 'reject'

/**
 * A membership request as GET /api/users/agency-requests serialises it
 * (requirements: api.md#membership-request-record).
 */
export interface MembershipRequest {
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
  decidedAt: string | null
  decisionNotes: string | null
  user: User | null
}

/** The membership requests page's status filters; the dashboard tab shows the pending ones only. */
export const MEMBERSHIP_FILTERS: { id: MembershipRequestStatus | 'all'; name: string }[] = [
  { id: 'all', name: 'All Requests' },
  { id: 'pending', name: 'Pending' },
  { id: 'approved', name: 'Approved' },
  { id: 'rejected', name: 'Rejected' },
]
