import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const BookingsController = () => import('#bookings/controllers/bookings_controller')
const MemberBookingsController = () => import('#bookings/controllers/member_bookings_controller')
const AgentBookingsController = () => import('#bookings/controllers/agent_bookings_controller')
const AdminBookingsController = () => import('#bookings/controllers/admin_bookings_controller')
const DocumentsController = () => import('#bookings/controllers/documents_controller')
const HoldsController = () => import('#bookings/controllers/holds_controller')
const PrivacyNoticesController = () => import('#bookings/controllers/privacy_notices_controller')
const DocumentAccessesController = () => import('#bookings/controllers/document_accesses_controller')
const DocumentReviewsController = () => import('#bookings/controllers/document_reviews_controller')

const id = router.matchers.number()

/** The privacy notice the booking forms show (docs/privacy.md): a public read, no session. */
router.get('/api/privacy-notice', [PrivacyNoticesController, 'show'])

router
  .group(() => {
    router.get('/api/bookings', [BookingsController, 'index'])
    router.post('/api/bookings', [BookingsController, 'store']).use(middleware.bookingAttempts())
    router.get('/api/bookings/:id', [BookingsController, 'show']).where('id', id)

    router.get('/api/bookings/user', [MemberBookingsController, 'index'])
    router.post('/api/bookings/request', [MemberBookingsController, 'store']).use(middleware.bookingAttempts())
    router.delete('/api/bookings/:id', [MemberBookingsController, 'destroy']).where('id', id)

    router.get('/api/bookings/agent', [AgentBookingsController, 'index'])
    router.post('/api/bookings/property', [AgentBookingsController, 'store']).use(middleware.bookingAttempts())
    router.put('/api/bookings/:id/agent-response', [AgentBookingsController, 'update']).where('id', id)

    router.get('/api/bookings/admin', [AdminBookingsController, 'index'])
    router.put('/api/bookings/:id/status-update', [AdminBookingsController, 'update']).where('id', id)
    router.post('/api/bookings/:id/extend-hold', [HoldsController, 'store']).where('id', id)

    router.post('/api/uploads/document', [DocumentsController, 'store'])
    router.get('/api/uploads/documents/:bookingId', [DocumentsController, 'index'])
    router.get('/api/uploads/documents/:bookingId/:documentId', [DocumentsController, 'download'])

    // Each document reviewed on its own (issue 19): the reviewer of the tier decides, the requester uploads again.
    router
      .put('/api/bookings/:id/documents/:documentId/review', [DocumentReviewsController, 'update'])
      .where('id', id)
      .where('documentId', id)
    router
      .post('/api/bookings/:id/documents/:documentId/replace', [DocumentReviewsController, 'store'])
      .where('id', id)
      .where('documentId', id)

    // Who viewed or downloaded which document (issue 20): super admins, and each requester for their booking.
    router.get('/api/document-accesses', [DocumentAccessesController, 'index'])
    router.get('/api/document-accesses/export.csv', [DocumentAccessesController, 'export'])
    router.get('/api/bookings/:id/document-accesses', [DocumentAccessesController, 'forBooking']).where('id', id)

    router.put('/api/privacy-notice', [PrivacyNoticesController, 'update'])
  })
  .use([...stateful(), middleware.auth()])
