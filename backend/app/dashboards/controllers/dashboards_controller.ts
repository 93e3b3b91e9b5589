import type { HttpContext } from '@adonisjs/core/http'
import type { User } from '#identity'
import { UserStatisticsQuery } from '#identity'
import { Agency, countAgencies, countAgencyMembers, countPendingMembershipRequests } from '#agencies'
import { approvalTimes, bookingCounts } from '#bookings'
import { countNewContactMessages } from '#contact'
import DashboardPolicy from '#dashboards/policies/dashboard_policy'
import { serializeAdminDashboard, serializeAgentDashboard } from '#dashboards/transformers/dashboard_transformer'
import { AppError } from '#core/errors'

/**
 * The dashboards' figures: each a few SQL aggregates answered by the module that owns the
 * data, never a count over a full list in memory.
 */
export default class DashboardsController {
  async admin({ bouncer }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('viewAdmin')
    const [totalAgencies, users, bookings, pendingMembershipRequests, newContactMessages, times] = await Promise.all([
      countAgencies(),
      new UserStatisticsQuery().handle(),
      bookingCounts(),
      countPendingMembershipRequests(),
      countNewContactMessages(),
      approvalTimes(),
    ])
    return serializeAdminDashboard({
      totalAgencies,
      users,
      bookings,
      pendingMembershipRequests,
      newContactMessages,
      times,
    })
  }

  async agent({ auth, bouncer }: HttpContext) {
    await bouncer.with(DashboardPolicy).authorize('viewAgent')
    const user = auth.user as User
    const agency = user.agencyId !== null ? await Agency.find(user.agencyId) : null
    if (!agency) throw AppError.notFound('Agency not found')
    const [agencyMembers, bookings, membershipRequests, times] = await Promise.all([
      countAgencyMembers(agency.id),
      bookingCounts(agency.id),
      countPendingMembershipRequests(agency.id),
      approvalTimes(agency.id),
    ])
    return serializeAgentDashboard(agency, { agencyMembers, bookings, membershipRequests, times })
  }
}
