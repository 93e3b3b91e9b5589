import type { ApprovalTimes } from '../../bookings/queue'

/** GET /api/dashboard/agent: the agent admin's agency and its counts, counted by the backend. */
export interface AgentDashboardFigures {
  agency: {
    id: number
    _id: number
    name: string
    contactEmail: string
    /** The agency's phone, or 'N/A'. */
    phone: string
    /** The agency's address, or 'N/A'. */
    address: string
  }
  agencyMembers: number
  pendingBookings: number
  membershipRequests: number
  /** Per approval tier: time to decision and overdue now (approval time limits). */
  approvalTimes?: ApprovalTimes
}
