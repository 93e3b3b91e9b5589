import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const AuditEntriesController = () => import('#audit/controllers/audit_entries_controller')

/** Read-only: no route changes or deletes an entry. */
router
  .group(() => {
    router.get('/', [AuditEntriesController, 'index'])
    router.get('export.csv', [AuditEntriesController, 'export'])
    router.get(':id', [AuditEntriesController, 'show']).where('id', router.matchers.number())
  })
  .prefix('/api/audit-entries')
  .use([...stateful(), middleware.auth()])
