import router from '@adonisjs/core/services/router'
import { middleware, stateful } from '#start/kernel'

const DocumentsController = () => import('#documents/controllers/documents_controller')
const PrivacyNoticesController = () => import('#documents/controllers/privacy_notices_controller')
const DocumentAccessesController = () => import('#documents/controllers/document_accesses_controller')
const DocumentReviewsController = () => import('#documents/controllers/document_reviews_controller')
const LotReleaseDocumentsController = () => import('#documents/controllers/lot_release_documents_controller')
const BumiputeraEvidenceController = () => import('#documents/controllers/bumiputera_evidence_controller')

const id = router.matchers.number()

/** The privacy notice the booking forms show (docs/privacy.md): a public read, no session. */
router.get('/api/privacy-notice', [PrivacyNoticesController, 'show'])

router
  .group(() => {
    router.post('/api/uploads/document', [DocumentsController, 'store'])
    router.get('/api/uploads/documents/:bookingId', [DocumentsController, 'index'])
    router.get('/api/uploads/documents/:bookingId/:documentId', [DocumentsController, 'download'])

    router
      .put('/api/bookings/:id/documents/:documentId/review', [DocumentReviewsController, 'update'])
      .where('id', id)
      .where('documentId', id)
    router
      .post('/api/bookings/:id/documents/:documentId/replace', [DocumentReviewsController, 'store'])
      .where('id', id)
      .where('documentId', id)

    router.get('/api/document-accesses', [DocumentAccessesController, 'index'])
    router.get('/api/document-accesses/export.csv', [DocumentAccessesController, 'export'])
    router.get('/api/bookings/:id/document-accesses', [DocumentAccessesController, 'forBooking']).where('id', id)

    router.put('/api/privacy-notice', [PrivacyNoticesController, 'update'])

    router.post('/api/lots/:id/bumiputera/approval-document', [LotReleaseDocumentsController, 'store']).where('id', id)
    router.get('/api/lots/:id/bumiputera/approval-document', [LotReleaseDocumentsController, 'show']).where('id', id)
    router.get('/api/lots/:id/bumiputera/approval-documents', [LotReleaseDocumentsController, 'index']).where('id', id)
    router.post('/api/users/me/bumiputera', [BumiputeraEvidenceController, 'store'])
    router.get('/api/users/:id/bumiputera/evidence', [BumiputeraEvidenceController, 'index']).where('id', id)
    router
      .get('/api/users/:id/bumiputera/evidence/:evidenceId', [BumiputeraEvidenceController, 'show'])
      .where('id', id)
      .where('evidenceId', id)
  })
  .use([...stateful(), middleware.auth()])
