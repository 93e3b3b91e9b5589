import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import BookingDocument from '#bookings/models/booking_document'
import BookingPolicy from '#bookings/policies/booking_policy'
import AddDocument from '#bookings/actions/add_document'
import { uploadDocumentValidator } from '#bookings/validators/booking'
import { checkDocument, MAX_DOCUMENT_SIZE, readStoredDocument } from '#bookings/services/document_store'
import { serializeDocument } from '#bookings/transformers/booking_transformer'
import { BOOKING_NOT_FOUND } from '#bookings/workflow'

async function findBooking(id: unknown) {
  const booking = /^\d+$/.test(String(id)) ? await Booking.find(Number(id)) : null
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

/** Booking documents: never on a public URL; streamed only to those who may view the booking. */
export default class DocumentsController {
  @inject()
  async store({ auth, bouncer, request, response }: HttpContext, addDocument: AddDocument) {
    const { bookingId, documentType } = await uploadDocumentValidator.validate(request.body())
    const booking = await findBooking(bookingId)
    await bouncer.with(BookingPolicy).authorize('addDocument', booking)
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
    const documents = await BookingDocument.query().where('booking_id', booking.id).orderBy('id')
    return documents.map(serializeDocument)
  }

  async download({ bouncer, params, request, response }: HttpContext) {
    const booking = await findBooking(params.bookingId)
    await bouncer.with(BookingPolicy).authorize('view', booking)
    const document = /^\d+$/.test(String(params.documentId))
      ? await BookingDocument.query().where('id', params.documentId).where('booking_id', booking.id).first()
      : null
    const stream = document ? await readStoredDocument(document.storageKey) : null
    if (!document || !stream) throw AppError.notFound('Document not found')
    const disposition = request.input('download') ? 'attachment' : 'inline'
    response.header('Content-Type', document.mimeType)
    response.header('Content-Disposition', `${disposition}; filename="${document.originalName.replace(/"/g, '')}"`)
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
    response.stream(stream)
  }
}
