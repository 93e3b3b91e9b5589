import type { ModuleDocs } from '#core/openapi/types'
import { NOTIFICATION_SORTABLE } from '#notifications/queries/list_notifications'
import { MAIL_DELIVERY_SORTABLE } from '#notifications/queries/list_mail_deliveries'
import { updatePreferencesValidator } from '#notifications/validators/notification'

const NOTIFICATION =
  'Each notification: `kind`, `title`, `body` (names the lot, the new status, who decided and the notes), `link` (where opening it goes), `read`, `readAt`, `createdAt`.'

/** The notifications module's routes in the API reference (/api/docs). */
export default {
  tag: 'Notifications',
  description:
    "The signed-in person's notifications (the bell) and email preferences. New notifications are pushed live on `users/{id}/notifications`. Nobody reads or marks another person's notifications.",
  operations: {
    'GET /api/notifications': {
      summary: 'My notifications, newest first',
      description: NOTIFICATION,
      list: {
        resource: 'notifications',
        sort: Object.keys(NOTIFICATION_SORTABLE),
        defaultSort: ['createdAt', 'DESC'],
        filter: { unread: '`true`: the unread only' },
      },
    },
    'GET /api/notifications/unread-count': {
      summary: 'How many of my notifications are unread',
      responses: { 200: '`{ unread }`' },
    },
    'PUT /api/notifications/:id/read': {
      summary: 'Mark one of my notifications read',
      params: { id: 'the notification' },
      responses: { 200: 'The notification, with the new `unread` count', 404: 'Notification not found' },
    },
    'POST /api/notifications/read-all': {
      summary: 'Mark all my notifications read',
      responses: { 200: '`{ updated, unread: 0 }`' },
    },
    'GET /api/notifications/preferences': {
      summary: 'My email preferences',
      description: 'One entry per kind I can receive: `{ kind, label, email }`. Email is on unless turned off.',
    },
    'PUT /api/notifications/preferences': {
      summary: 'Turn the email of some kinds on or off',
      body: updatePreferencesValidator,
      responses: { 200: 'Every preference, as GET answers' },
    },
    'GET /api/mail-deliveries': {
      summary: 'The email queue: given-up, waiting or sent emails',
      description:
        'Each: `recipients`, `subject`, `state` (`failed`: given up after its retries; `waiting`; `sent`), `attempts`, `lastError`, `nextAttemptAt`, `failedAt`, `sentAt`, `createdAt`. The message itself is not shown.',
      admits: 'super_admin',
      list: {
        resource: 'mail-deliveries',
        sort: Object.keys(MAIL_DELIVERY_SORTABLE),
        defaultSort: ['id', 'DESC'],
        filter: { state: '`failed` (the default), `waiting` or `sent`' },
      },
    },
    'POST /api/mail-deliveries/:id/retry': {
      summary: 'Send a given-up email again',
      params: { id: 'the queued email' },
      admits: 'super_admin',
      responses: { 404: 'No given-up email with this id: it may have been retried already.' },
    },
  },
} satisfies ModuleDocs
