import db from '@adonisjs/lucid/services/db'
import type { User } from '#identity'
import { AppError } from '#core/errors'
import type { Booking } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import {
  refuseWhenBookingFull,
  removeStoredDocuments,
  storeDocument,
  type CheckedDocument,
} from '#documents/services/document_store'
import { FINAL_STATUSES } from '#bookings'
import { DOCUMENT_LABELS, currentDocuments, reviewTypeOf } from '#documents/document_review'
import { lockBookingRow } from '#documents/actions/review_document'

/** A rejected document comes back through "Upload again", which supersedes it and records it in the history. */
export function uploadAgainInstead(label: string): string {
  return `The ${label} was rejected. Please upload it again from the booking's details.`
}

/**
 * The file is written first, then its row added under the booking's lock, or the file removed again
 * (requirements: booking.md#documents).
 */
export default class AddDocument {
  async handle(actor: User, booking: Booking, document: CheckedDocument) {
    if (FINAL_STATUSES.includes(booking.status)) {
      throw AppError.conflict('Documents cannot be added to a booking that has been closed.')
    }
    // Adding beside a rejected document would make the new file current without superseding the
    // rejected one or recording the upload: that is what "Upload again" (ReplaceDocument) is for.
    const type = reviewTypeOf(document.type)
    const documents = await BookingDocument.query().where('booking_id', booking.id).orderBy('id')
    if (currentDocuments(documents).get(type)?.reviewStatus === 'rejected') {
      throw AppError.conflict(uploadAgainInstead(DOCUMENT_LABELS[type]))
    }
    await refuseWhenBookingFull(booking.id)
    const stored = await storeDocument(document)
    try {
      return await db.transaction(async (trx) => {
        const locked = await lockBookingRow(trx, booking.id)
        await refuseWhenBookingFull(locked.id, trx)
        return BookingDocument.create({ ...stored, bookingId: locked.id, uploadedById: actor.id }, { client: trx })
      })
    } catch (error) {
      await removeStoredDocuments([stored])
      throw error
    }
  }
}
