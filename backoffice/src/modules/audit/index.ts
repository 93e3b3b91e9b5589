import { lazy } from 'react'
import HistoryIcon from '@mui/icons-material/History'
import type { BackofficePlugin } from '../../plugins/types'
import { auditDataProvider } from './dataProvider'
import { auditEntryRepresentation } from './types'

const AuditEntryList = lazy(() => import('./entries/AuditEntryList'))
const AuditEntryShow = lazy(() => import('./entries/AuditEntryShow'))

/** The audit trail of staff actions, for super admins: read-only, filtered, exported as CSV. */
export const auditPlugin: BackofficePlugin<ReturnType<typeof auditDataProvider>> = {
  name: 'audit',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/audit-entries',
      endpoint: { list: 'audit-entries' },
      list: AuditEntryList,
      show: AuditEntryShow,
      icon: HistoryIcon,
      recordRepresentation: auditEntryRepresentation,
    },
  ],
  menu: [{ label: 'Audit Trail', to: '/admin/audit-entries', icon: HistoryIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/audit-entries': {
        name: 'Audit Entry |||| Audit Entries',
        fields: {
          createdAt: 'When',
          actorName: 'Actor',
          actorEmail: 'Actor Email',
          actorRole: 'Role',
          action: 'Action',
          subjectType: 'Subject',
          subjectLabel: 'Subject',
          ip: 'IP Address',
        },
      },
    },
  },
  dataProvider: auditDataProvider,
}
