import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import ReviewDocument from '#documents/actions/review_document'
import ReplaceDocument from '#documents/actions/replace_document'
import { validateDocumentReview } from '#documents/validators/document_review'
import { MAX_DOCUMENT_SIZE } from '#documents/services/document_store'
import { presentBooking } from '#bookings'
import { serializeDocument } from '#documents/transformers/document_transformer'

export default class DocumentReviewsController {
  @inject()
  async update({ auth, params, request }: HttpContext, review: ReviewDocument) {
    const user = auth.user as User
    const input = await validateDocumentReview(request)
    const booking = await review.handle(user, params.id, params.documentId, input, request.ip())
    return presentBooking(booking.id, user, input.status === 'accepted' ? 'Document accepted.' : 'Document rejected.')
  }

  @inject()
  async store({ auth, params, request, response }: HttpContext, replace: ReplaceDocument) {
    const file = request.file('document', { size: MAX_DOCUMENT_SIZE })
    const document = await replace.handle(auth.user as User, params.id, params.documentId, file, request.ip())
    return response.created(serializeDocument(document))
  }
}
