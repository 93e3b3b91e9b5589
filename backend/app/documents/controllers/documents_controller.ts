import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import { deletedDocumentMessage } from '#documents/retention'
import { Booking } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import { BookingPolicy } from '#bookings'
import DocumentPolicy from '#documents/policies/document_policy'
import AddDocument from '#documents/actions/add_document'
import { uploadDocumentValidator } from '#documents/validators/documents'
import { checkDocument, MAX_DOCUMENT_SIZE } from '#documents/services/document_store'
import { DOCUMENT_NOT_FOUND, sendStoredDocument } from '#documents/services/document_access_log'
import { serializeDocument } from '#documents/transformers/document_transformer'
import { BOOKING_NOT_FOUND } from '#bookings'
import { currentDocuments } from '#documents/document_review'

async function findBooking(id: unknown) {
  const booking = /^\d+$/.test(String(id)) ? await Booking.find(Number(id)) : null
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

/** Booking documents are never on a public URL: streamed only to those who may view the booking. */
export default class DocumentsController {
  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, addDocument: AddDocument) {
    const { bookingId, documentType } = await request.validateUsing(uploadDocumentValidator)
    const booking = await findBooking(bookingId)
    await bouncer.with(DocumentPolicy).authorize('addDocument', booking)
    const file = request.file('document', { size: MAX_DOCUMENT_SIZE })
    if (!file) throw AppError.invalid('document', 'Please choose a file to upload')
    const document = await addDocument.handle(
      auth.user as User,
      booking,
      await checkDocument(file, documentType, 'document')
    )
    return response.created(serializeDocument(document))
  }

  async index({ bouncer, params }: HttpContext) {
    const booking = await findBooking(params.bookingId)
    await bouncer.with(BookingPolicy).authorize('view', booking)
    // The documents in force: a rejected document uploaded again is listed as its new upload only.
    const documents = await BookingDocument.query()
      .where('booking_id', booking.id)
      .whereNull('replaced_by_id')
      .preload('reviewedBy')
      .orderBy('id')
    const current = new Set([...currentDocuments(documents).values()].map((document) => document.id))
    return documents.map((document) => serializeDocument(document, current))
  }

  async download(ctx: HttpContext) {
    const { bouncer, params } = ctx
    const booking = await findBooking(params.bookingId)
    await bouncer.with(BookingPolicy).authorize('view', booking)
    const document = /^\d+$/.test(String(params.documentId))
      ? await BookingDocument.query().where('id', params.documentId).where('booking_id', booking.id).first()
      : null
    if (!document) throw AppError.notFound(DOCUMENT_NOT_FOUND)
    // The row stays as the record of a deleted file (docs/privacy.md, "Retention"): nothing to read.
    if (document.deletedAt) throw new AppError(deletedDocumentMessage(document), 410)
    await sendStoredDocument(ctx, {
      bookingId: booking.id,
      documentId: document.id,
      documentType: document.documentType,
      name: document.originalName,
      mimeType: document.mimeType,
      storageKey: document.storageKey,
    })
  }
}
