import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'
import { CLIENT_BOOKING_FORBIDDEN } from '#bookings/policies/booking_policy'

const BookingsController = () => import('#bookings/controllers/bookings_controller')
const DocumentsController = () => import('#bookings/controllers/documents_controller')

const id = router.matchers.number()

router
  .group(() => {
    router.post('/api/bookings/request', [BookingsController, 'request'])
    router
      .post('/api/bookings/property', [BookingsController, 'byProperty'])
      .use(middleware.role({ role: 'agent_admin', message: CLIENT_BOOKING_FORBIDDEN }))
    router.post('/api/bookings', [BookingsController, 'store'])
    router.get('/api/bookings', [BookingsController, 'index'])
    router.get('/api/bookings/user', [BookingsController, 'own'])
    router.get('/api/bookings/agent', [BookingsController, 'agent'])
    router.get('/api/bookings/admin', [BookingsController, 'admin'])
    router.get('/api/bookings/:id', [BookingsController, 'show']).where('id', id)
    router.delete('/api/bookings/:id', [BookingsController, 'cancel']).where('id', id)
    router.put('/api/bookings/:id/agent-response', [BookingsController, 'agentResponse']).where('id', id)
    router.put('/api/bookings/:id/status-update', [BookingsController, 'statusUpdate']).where('id', id)

    router.post('/api/uploads/document', [DocumentsController, 'store'])
    router.get('/api/uploads/documents/:bookingId', [DocumentsController, 'index'])
    router.get('/api/uploads/documents/:bookingId/:documentId', [DocumentsController, 'download'])
  })
  .use([...stateful(), middleware.auth()])
