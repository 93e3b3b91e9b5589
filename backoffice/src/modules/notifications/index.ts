import { lazy } from 'react'
import OutboxIcon from '@mui/icons-material/Outbox'
import type { BackofficePlugin } from '../../plugins/types'
import { mailDeliveryRepresentation } from './types'

const MailDeliveryList = lazy(() => import('./deliveries/MailDeliveryList'))

/**
 * Notifications' screens for super admins: the emails the queue could not send
 * (docs/notifications.md, "Email"). The bell itself is the app bar's (layout/NotificationBell).
 */
export const notificationsPlugin: BackofficePlugin = {
  name: 'notifications',
  roles: ['super_admin'],
  resources: [
    {
      name: 'admin/mail-deliveries',
      endpoint: { list: 'mail-deliveries' },
      list: MailDeliveryList,
      icon: OutboxIcon,
      recordRepresentation: mailDeliveryRepresentation,
    },
  ],
  menu: [{ label: 'Email Deliveries', to: '/admin/mail-deliveries', icon: OutboxIcon }],
  dashboardWidgets: [],
  routes: [],
  messages: {
    resources: {
      'admin/mail-deliveries': {
        name: 'Email Delivery |||| Email Deliveries',
        fields: {
          recipients: 'Recipient',
          subject: 'Subject',
          attempts: 'Attempts',
          lastError: 'Last Error',
          failedAt: 'Failed At',
        },
      },
    },
  },
}
