import type { ModuleDocs } from '#core/openapi/types'
import { NOTIFICATION_SORTABLE } from '#notifications/queries/list_notifications'
import { FAILED_JOB_SORTABLE } from '#core/queue/failed_jobs'
import { OUTBOX_SORTABLE } from '#core/mail/outbox_transport'
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
    'GET /api/admin/jobs/failed': {
      summary: 'The background jobs that failed: emails given up after their retries, schedules whose run failed',
      description:
        'Each: `id`, `queue`, `name` (`SendMail`, `HoldClock` ...), `attempts` (runs, retries included), `lastError`, `failedAt`, `summary` (for an email: recipients and subject; never its body). Kept 30 days; a given-up email until it is retried. 409 when the queue is not in the database.',
      admits: 'super_admin',
      list: { resource: 'jobs', sort: Object.keys(FAILED_JOB_SORTABLE), defaultSort: ['failedAt', 'DESC'] },
    },
    'POST /api/admin/jobs/failed/:id/retry': {
      summary: 'Run a failed job again (its tries start over)',
      params: { id: 'the failed job' },
      admits: 'super_admin',
      responses: {
        202: '`{ jobId }`: the job queued afresh',
        404: 'No failed job with this id: it may have been retried already.',
      },
    },
    'GET /api/admin/outbox': {
      summary: 'The emails kept without SMTP, as rendered',
      description:
        'Without SMTP settings every email lands here instead of being sent. Each: `id`, `to` (every recipient, Cc and Bcc included), `subject`, `text`, `html`, `sentAt`.',
      admits: 'super_admin',
      list: { resource: 'outbox', sort: Object.keys(OUTBOX_SORTABLE), defaultSort: ['sentAt', 'DESC'] },
    },
  },
} satisfies ModuleDocs
