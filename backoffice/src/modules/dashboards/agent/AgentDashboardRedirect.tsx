import { useBasename } from 'react-admin'
import { Navigate, useSearchParams } from 'react-router-dom'
import { homeTabFor } from './tabs'

/**
 * /agent-dashboard (requirements: agent-admin.md#agent-dashboard): the agent admin's dashboard is the backoffice home,
 * whose tabs are the agent widgets; `?tab=` picks one (manage-bookings: Booking Requests). A
 * super admin, whom the route guard admits too, lands on their own home the same way: its
 * Booking Requests tab holds the platform's requests, and a tab it lacks opens the Overview.
 */
export default function AgentDashboardRedirect() {
  const basename = useBasename()
  const [searchParams] = useSearchParams()
  const tab = homeTabFor(searchParams.get('tab'))
  return <Navigate to={`${basename}/${tab ? `?tab=${tab}` : ''}`} replace />
}
