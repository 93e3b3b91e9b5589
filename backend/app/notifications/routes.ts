import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const NotificationsController = () => import('#notifications/controllers/notifications_controller')
const NotificationPreferencesController = () => import('#notifications/controllers/notification_preferences_controller')
const AdminJobsController = () => import('#notifications/controllers/admin_jobs_controller')
const AdminOutboxController = () => import('#notifications/controllers/admin_outbox_controller')

router
  .group(() => {
    router.get('/', [NotificationsController, 'index'])
    router.get('unread-count', [NotificationsController, 'unread'])
    router.post('read-all', [NotificationsController, 'markAllRead'])
    router.put(':id/read', [NotificationsController, 'markRead']).where('id', router.matchers.number())
    router.get('preferences', [NotificationPreferencesController, 'show'])
    router.put('preferences', [NotificationPreferencesController, 'update'])
  })
  .prefix('/api/notifications')
  .use([...stateful(), middleware.auth()])

router
  .group(() => {
    router.get('jobs/failed', [AdminJobsController, 'failed'])
    router.post('jobs/failed/:id/retry', [AdminJobsController, 'retry'])
    router.get('outbox', [AdminOutboxController, 'index'])
  })
  .prefix('/api/admin')
  .use([...stateful(), middleware.auth()])
