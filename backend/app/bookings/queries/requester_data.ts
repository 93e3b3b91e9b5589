import Booking from '#bookings/models/booking'
import { exportedBookingFiles, loadBookingParts, type ExportedDocument } from '#bookings/ports'
import { serializeExportedBooking } from '#bookings/transformers/exported_booking_transformer'

export type { ExportedDocument }

/**
 * For the person's export (docs/privacy.md, "Access"). Bookings an agent admin made for someone else hold
 * that client's data, not the agent's, and are left out.
 */
export async function requesterData(userId: number) {
  const bookings = await Booking.query()
    .where('user_id', userId)
    .preload('lot')
    .preload('agency')
    .preload('history')
    .orderBy('id')
  await loadBookingParts(bookings)

  const documents: ExportedDocument[] = bookings.flatMap(exportedBookingFiles)
  const records = bookings.map((booking) => serializeExportedBooking(booking, userId))
  return { bookings: records, documents }
}
