import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const BookingFeesController = () => import('#fees/controllers/booking_fees_controller')

const id = router.matchers.number()

router
  .group(() => {
    router.get('/api/bookings/:id/fee', [BookingFeesController, 'show']).where('id', id)
    router.put('/api/bookings/:id/fee', [BookingFeesController, 'update']).where('id', id)
    router.post('/api/bookings/:id/fee/refund', [BookingFeesController, 'refund']).where('id', id)
    router.get('/api/bookings/:id/fee/receipt', [BookingFeesController, 'receipt']).where('id', id)
    router.get('/api/booking-fees/report', [BookingFeesController, 'report'])
    router.get('/api/booking-fees/report/export', [BookingFeesController, 'export'])
  })
  .use([...stateful(), middleware.auth()])
