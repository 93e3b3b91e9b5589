import { createElement, lazy } from 'react'
import type { BackofficePlugin } from '../../plugins/types'
import { dashboardsDataProvider } from './dataProvider'
import { RedirectHome } from '../../components/RedirectHome'

const AdminOverview = lazy(() => import('./AdminOverview'))
const BumiputeraQuotaPanel = lazy(() => import('./BumiputeraQuotaPanel'))
const AgentOverview = lazy(() => import('./agent/AgentOverview'))
const AgentDashboardRedirect = lazy(() => import('./agent/AgentDashboardRedirect'))

/** The dashboards' figures, which span modules (the backend's app/dashboards). */
export const dashboardsPlugin: BackofficePlugin<ReturnType<typeof dashboardsDataProvider>> = {
  name: 'dashboards',
  roles: ['super_admin', 'agent_admin'],
  resources: [],
  menu: [],
  dashboardWidgets: [
    { name: 'AdminOverview', component: AdminOverview, roles: ['super_admin'] },
    // Last on the Overview: each development's Bumiputera quota fill.
    { name: 'BumiputeraQuotaPanel', component: BumiputeraQuotaPanel, roles: ['super_admin'], order: 10 },
    // The agent dashboard's Overview; its other tabs are the agencies and bookings plugins' widgets.
    { name: 'AgentOverview', component: AgentOverview, roles: ['agent_admin'] },
  ],
  routes: [
    { path: '/admin', element: createElement(RedirectHome), roles: ['super_admin'] },
    { path: '/admin-dashboard', element: createElement(RedirectHome), roles: ['super_admin'] },
    // Both roles: the route guard admits super admins to the agent admin's pages, and their
    // home has the same Booking Requests tab (?tab=manage-bookings), with the platform's requests.
    { path: '/agent-dashboard', element: createElement(AgentDashboardRedirect) },
  ],
  messages: { resources: {} },
  dataProvider: dashboardsDataProvider,
}
