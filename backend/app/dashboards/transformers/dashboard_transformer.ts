import type { Agency } from '#agencies'
import type { UserStatisticsQuery } from '#identity'
import type { approvalTimes, bookingCounts } from '#bookings'

type BookingCounts = Awaited<ReturnType<typeof bookingCounts>>
type ApprovalTimes = Awaited<ReturnType<typeof approvalTimes>>

export type AdminFigures = {
  totalAgencies: number
  users: Awaited<ReturnType<UserStatisticsQuery['handle']>>
  bookings: BookingCounts
  pendingMembershipRequests: number
  newContactMessages: number
  times: ApprovalTimes
}

export function serializeAdminDashboard(figures: AdminFigures) {
  return {
    totalAgencies: figures.totalAgencies,
    totalUsers: figures.users.total,
    agentAdmins: figures.users.byRole.agent_admin,
    usersByRole: figures.users.byRole,
    bookingRequests: figures.bookings.total,
    pendingApproval: figures.bookings.pendingAdmin,
    bookings: figures.bookings,
    pendingMembershipRequests: figures.pendingMembershipRequests,
    newContactMessages: figures.newContactMessages,
    approvalTimes: figures.times,
  }
}

export type AdminDashboardResource = ReturnType<typeof serializeAdminDashboard>

export type AgentFigures = {
  agencyMembers: number
  bookings: BookingCounts
  membershipRequests: number
  times: ApprovalTimes
}

export function serializeAgentDashboard(agency: Agency, figures: AgentFigures) {
  return {
    agency: {
      id: agency.id,
      _id: agency.id,
      name: agency.name,
      contactEmail: agency.contactEmail,
      phone: agency.contactPhone || 'N/A',
      address: agency.address || 'N/A',
    },
    agencyMembers: figures.agencyMembers,
    pendingBookings: figures.bookings.pendingAgent,
    membershipRequests: figures.membershipRequests,
    bookings: figures.bookings,
    approvalTimes: figures.times,
  }
}

export type AgentDashboardResource = ReturnType<typeof serializeAgentDashboard>
