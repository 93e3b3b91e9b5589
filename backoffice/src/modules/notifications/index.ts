import { lazy } from 'react'
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined'
import OutboxIcon from '@mui/icons-material/Outbox'
import type { BackofficePlugin } from '../../plugins/types'
import { notificationsDataProvider } from './dataProvider'
import { failedJobRepresentation, outboxEmailRepresentation } from './types'

const FailedJobList = lazy(() => import('./jobs/FailedJobList'))
const OutboxList = lazy(() => import('./outbox/OutboxList'))

/**
 * Notifications' screens for super admins: the background jobs that failed (emails the queue
 * gave up on ...) and the outbox kept without SMTP (docs/notifications.md, "Email"). The bell
 * itself is the app bar's (layout/NotificationBell).
 */
export const notificationsPlugin: BackofficePlugin<ReturnType<typeof notificationsDataProvider>> = {
  name: 'notifications',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/failed-jobs',
      endpoint: { list: 'admin/jobs/failed' },
      list: FailedJobList,
      icon: ErrorOutlineIcon,
      recordRepresentation: failedJobRepresentation,
    },
    {
      name: 'admin/outbox',
      endpoint: { list: 'admin/outbox' },
      list: OutboxList,
      icon: OutboxIcon,
      recordRepresentation: outboxEmailRepresentation,
    },
  ],
  menu: [
    { label: 'Failed Jobs', to: '/admin/failed-jobs', icon: ErrorOutlineIcon },
    { label: 'Outbox', to: '/admin/outbox', icon: OutboxIcon },
  ],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/failed-jobs': {
        name: 'Failed Job |||| Failed Jobs',
        fields: { name: 'Job', summary: 'Email', attempts: 'Runs', lastError: 'Last Error', failedAt: 'Failed At' },
      },
      'admin/outbox': {
        name: 'Outbox Email |||| Outbox',
        fields: { to: 'To', subject: 'Subject', sentAt: 'Kept At' },
      },
    },
  },
  dataProvider: notificationsDataProvider,
}
