import type { User } from '#identity'
import { AppError } from '#core/errors'
import type Booking from '#bookings/models/booking'
import BookingDocument from '#bookings/models/booking_document'
import { removeStoredDocuments, storeDocument, type CheckedDocument } from '#bookings/services/document_store'
import { FINAL_STATUSES } from '#bookings/statuses'

/** One more file for a booking, one upload per file once it exists (requirements: booking.md#documents). */
export default class AddDocument {
  async handle(actor: User, booking: Booking, document: CheckedDocument) {
    if (FINAL_STATUSES.includes(booking.status)) {
      throw AppError.conflict('Documents cannot be added to a booking that has been closed.')
    }
    const stored = await storeDocument(document)
    try {
      return await BookingDocument.create({ ...stored, bookingId: booking.id, uploadedById: actor.id })
    } catch (error) {
      await removeStoredDocuments([stored])
      throw error
    }
  }
}
