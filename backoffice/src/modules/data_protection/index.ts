import { createElement, lazy } from 'react'
import ReportIcon from '@mui/icons-material/Report'
import ContactMailIcon from '@mui/icons-material/ContactMail'
import type { BackofficePlugin } from '../../plugins/types'
import { breachRepresentation } from './types'

const BreachList = lazy(() => import('./BreachList'))
const BreachCreate = lazy(() => import('./BreachCreate'))
const BreachEdit = lazy(() => import('./BreachEdit'))
const BreachClocksWidget = lazy(() => import('./BreachClocksWidget'))
const DataProtectionOfficerPage = lazy(() => import('./DataProtectionOfficerPage'))

/** The PDPA's breach and officer duties (docs/privacy.md): the breach register and the officer's contact. */
export const dataProtectionPlugin: BackofficePlugin = {
  name: 'data-protection',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/data-breaches',
      endpoint: { list: 'data-breaches' },
      list: BreachList,
      create: BreachCreate,
      edit: BreachEdit,
      icon: ReportIcon,
      recordRepresentation: breachRepresentation,
    },
    {
      name: 'admin/data-breach-notices',
      endpoint: { list: 'data-breach-notices' },
      recordRepresentation: (notice) => `Notice #${notice.id}`,
    },
    {
      name: 'admin/data-protection-officer',
      endpoint: { list: 'data-protection-officer' },
      recordRepresentation: () => 'Data Protection Officer',
    },
  ],
  menu: [
    { label: 'Breach Register', to: '/admin/data-breaches', icon: ReportIcon },
    { label: 'Data Protection Officer', to: '/data-protection-officer', icon: ContactMailIcon },
  ],
  dashboardWidgets: [{ name: 'BreachClocks', component: BreachClocksWidget }],
  routes: [{ path: '/data-protection-officer', element: createElement(DataProtectionOfficerPage) }],
  messages: {
    resources: {
      'admin/data-breaches': { name: 'Breach |||| Breach Register', fields: {} },
      'admin/data-breach-notices': { name: 'Breach Notice |||| Breach Notices', fields: {} },
      'admin/data-protection-officer': { name: 'Data Protection Officer |||| Data Protection Officer', fields: {} },
    },
  },
}
