import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const DashboardsController = () => import('#dashboards/controllers/dashboards_controller')

router
  .group(() => {
    router.get('/api/dashboard/admin', [DashboardsController, 'admin'])
    router.get('/api/dashboard/agent', [DashboardsController, 'agent'])
  })
  .use([...stateful(), middleware.auth()])
