import type { DataProviderApi } from '../../plugins/types'
import type { ApprovalTimes } from '../bookings/queue'
import type { AgentDashboardFigures } from './agent/types'

/** GET /api/dashboard/admin: the super admin's overview figures, counted by the backend. */
export interface AdminDashboardFigures {
  totalAgencies: number
  totalUsers: number
  agentAdmins: number
  bookingRequests: number
  pendingApproval: number
  pendingMembershipRequests: number
  newContactMessages: number
  approvalTimes?: ApprovalTimes
}

/** The dashboards' figures, counted by the backend for the signed-in user's role. */
export const dashboardsDataProvider = ({ json }: DataProviderApi) => ({
  getAdminDashboard: () => json<AdminDashboardFigures>('/dashboard/admin'),

  /** GET /api/dashboard/agent: the agent admin's own agency and its counts. */
  getAgentDashboard: () => json<AgentDashboardFigures>('/dashboard/agent'),
})

declare module '../../plugins/types' {
  interface PluginDataProviders {
    dashboards: ReturnType<typeof dashboardsDataProvider>
  }
}
