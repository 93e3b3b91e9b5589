import { createElement, lazy } from 'react'
import BusinessIcon from '@mui/icons-material/Business'
import GroupAddIcon from '@mui/icons-material/GroupAdd'
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount'
import type { BackofficePlugin } from '../../plugins/types'
import { agenciesDataProvider } from './dataProvider'
import { AGENT_TABS } from '../dashboards/agent/tabs'

// Each screen is its own chunk, loaded when first opened.
const AgencyList = lazy(() => import('./agencies/AgencyList'))
const AgencyDetails = lazy(() => import('./agencies/AgencyDetails'))
const AgentAdminList = lazy(() => import('./agent-admins/AgentAdminList'))
const AgenciesQuickView = lazy(() => import('./widgets/AgenciesQuickView'))
const AgentAdminsQuickView = lazy(() => import('./widgets/AgentAdminsQuickView'))
// The agent admin's own agency: its people and membership requests.
const MembershipRequestList = lazy(() => import('./agent/MembershipRequestList'))
const AgencyUsersTab = lazy(() => import('./agent/AgencyUsersTab'))
const AgencyRequestsTab = lazy(() => import('./agent/AgencyRequestsTab'))

/** Agencies, their agent admins and membership (requirements: super-admin.md#agencies-management). */
export const agenciesPlugin: BackofficePlugin<ReturnType<typeof agenciesDataProvider>> = {
  name: 'agencies',
  roles: ['super_admin', 'agent_admin'],
  resources: [
    {
      name: 'admin/agencies',
      endpoint: { list: 'agencies' },
      list: AgencyList,
      icon: BusinessIcon,
      recordRepresentation: 'name',
      roles: ['super_admin'],
    },
    {
      name: 'admin/agent-admins',
      endpoint: { list: 'users' },
      list: AgentAdminList,
      icon: SupervisorAccountIcon,
      recordRepresentation: 'name',
      roles: ['super_admin'],
    },
  ],
  menu: [
    { label: 'Agencies', to: '/admin/agencies', icon: BusinessIcon, roles: ['super_admin'] },
    { label: 'Agent Admins', to: '/admin/agent-admins', icon: SupervisorAccountIcon, roles: ['super_admin'] },
    { label: 'Agency Membership Requests', to: '/agent/agency-requests', icon: GroupAddIcon, roles: ['agent_admin'] },
  ],
  dashboardWidgets: [
    { name: 'AgenciesQuickView', component: AgenciesQuickView, tab: 'Agencies', order: 1, roles: ['super_admin'] },
    {
      name: 'AgentAdminsQuickView',
      component: AgentAdminsQuickView,
      tab: 'Agent Admins',
      order: 3,
      roles: ['super_admin'],
    },
    { name: 'AgencyUsersTab', component: AgencyUsersTab, tab: AGENT_TABS.users, order: 1, roles: ['agent_admin'] },
    {
      name: 'AgencyRequestsTab',
      component: AgencyRequestsTab,
      tab: AGENT_TABS.requests,
      order: 4,
      roles: ['agent_admin'],
    },
  ],
  routes: [
    { path: '/admin/agencies/:id', element: createElement(AgencyDetails), roles: ['super_admin'] },
    // An agent admin decides their agency's requests; a super admin those of every agency.
    { path: '/agent/agency-requests', element: createElement(MembershipRequestList) },
  ],
  messages: {
    resources: {
      'admin/agencies': {
        name: 'Agency |||| Agencies',
        fields: {
          name: 'Name',
          description: 'Description',
          contactEmail: 'Contact Email',
          contactPhone: 'Contact Phone',
          address: 'Address',
          isActive: 'Active',
          createdAt: 'Created',
        },
        // Requirements: display.md#message-timings.
        notifications: {
          created: 'Agency created successfully',
          updated: 'Agency updated successfully',
          deleted: 'Agency deleted successfully.',
        },
      },
      'admin/agent-admins': {
        name: 'Agent Admin |||| Agent Admins',
        fields: { name: 'Name', email: 'Email', phone: 'Phone', agencyId: 'Agency', createdAt: 'Created' },
        notifications: {
          created: 'Agent admin assigned successfully',
          updated: 'Agent admin updated successfully',
          deleted: 'Agent admin removed successfully',
        },
      },
    },
  },
  dataProvider: agenciesDataProvider,
}
