import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const WaitlistController = () => import('#waitlist/controllers/waitlist_controller')
const DevelopmentWindowsController = () => import('#waitlist/controllers/development_windows_controller')

const id = router.matchers.number()

router
  .group(() => {
    router.post('/api/lots/:lotId/waitlist', [WaitlistController, 'store']).where('lotId', id)
    router.delete('/api/lots/:lotId/waitlist', [WaitlistController, 'destroy']).where('lotId', id)
    router.get('/api/lots/:lotId/waitlist', [WaitlistController, 'line']).where('lotId', id)
    router.get('/api/waitlist/mine', [WaitlistController, 'mine'])
    router.get('/api/agency/waitlist', [WaitlistController, 'agency'])
    router.get('/api/developments', [DevelopmentWindowsController, 'index'])
    router.put('/api/developments/:id/waitlist-window', [DevelopmentWindowsController, 'update']).where('id', id)
  })
  .use([...stateful(), middleware.auth()])
