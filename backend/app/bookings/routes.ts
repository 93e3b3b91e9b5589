import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const BookingsController = () => import('#bookings/controllers/bookings_controller')
const MemberBookingsController = () => import('#bookings/controllers/member_bookings_controller')
const AgentBookingsController = () => import('#bookings/controllers/agent_bookings_controller')
const AdminBookingsController = () => import('#bookings/controllers/admin_bookings_controller')
const HoldsController = () => import('#bookings/controllers/holds_controller')
const LotPackagesController = () => import('#bookings/controllers/lot_packages_controller')

const id = router.matchers.number()

router
  .group(() => {
    router.get('/api/bookings', [BookingsController, 'index'])
    router.post('/api/bookings', [BookingsController, 'store']).use(middleware.bookingAttempts())
    router.get('/api/bookings/:id', [BookingsController, 'show']).where('id', id)

    router.get('/api/bookings/user', [MemberBookingsController, 'index'])
    router.get('/api/bookings/user/lots', [MemberBookingsController, 'lots'])
    router.post('/api/bookings/request', [MemberBookingsController, 'store']).use(middleware.bookingAttempts())
    router.delete('/api/bookings/:id', [MemberBookingsController, 'destroy']).where('id', id)

    router.get('/api/bookings/agent', [AgentBookingsController, 'index'])
    router.post('/api/bookings/property', [AgentBookingsController, 'store']).use(middleware.bookingAttempts())
    router.put('/api/bookings/:id/agent-response', [AgentBookingsController, 'update']).where('id', id)

    router.get('/api/bookings/admin', [AdminBookingsController, 'index'])
    router.put('/api/bookings/:id/status-update', [AdminBookingsController, 'update']).where('id', id)
    router.post('/api/bookings/:id/extend-hold', [HoldsController, 'store']).where('id', id)
    router.get('/api/lots/:id/packages', [LotPackagesController, 'index']).where('id', id)
  })
  .use([...stateful(), middleware.auth()])
