import { createElement, lazy } from 'react'
import HomeWorkIcon from '@mui/icons-material/HomeWork'
import type { BackofficePlugin } from '../../plugins/types'
import { portfolioDataProvider } from './dataProvider'

const PortfolioPage = lazy(() => import('./PortfolioPage'))
const PortfolioNotForAdmins = lazy(() => import('./PortfolioNotForAdmins'))

/** The agent admin's portfolio and catalogue of properties, with sharing (requirements: agent-admin.md#portfolio). */
export const portfolioPlugin: BackofficePlugin<ReturnType<typeof portfolioDataProvider>> = {
  name: 'portfolio',
  roles: ['agent_admin', 'super_admin'],
  resources: [],
  menu: [{ label: 'My Properties', to: '/agent-properties', icon: HomeWorkIcon, roles: ['agent_admin'] }],
  dashboardWidgets: [],
  routes: [
    { path: '/agent-properties', element: createElement(PortfolioPage), roles: ['agent_admin'] },
    // The route guard admits super admins; the page tells them why there is no portfolio of theirs.
    { path: '/agent-properties', element: createElement(PortfolioNotForAdmins), roles: ['super_admin'] },
  ],
  messages: { resources: {} },
  dataProvider: portfolioDataProvider,
}
