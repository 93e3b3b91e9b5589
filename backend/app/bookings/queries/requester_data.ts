import Booking from '#bookings/models/booking'
import { exportedBookingFiles, exportedBookingParts, loadBookingParts, type ExportedDocument } from '#bookings/ports'

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
  const records = bookings.map((booking) => ({
    id: booking.id,
    status: booking.status,
    createdAt: booking.createdAt?.toISO() ?? null,
    updatedAt: booking.updatedAt?.toISO() ?? null,
    lot: booking.lot
      ? { id: booking.lot.id, kind: booking.lot.kind, lotNumber: booking.lot.lotNumber, name: booking.lot.name }
      : null,
    agency: booking.agency ? { id: booking.agency.id, name: booking.agency.name } : null,
    createdBy: booking.createdBy,
    creatorName: booking.createdById === userId ? booking.creatorName : null,
    creatorEmail: booking.createdById === userId ? booking.creatorEmail : null,
    creatorPhone: booking.createdById === userId ? booking.creatorPhone : null,
    contactPhone: booking.contactPhone,
    requestMessage: booking.requestMessage,
    cancellationDate: booking.cancellationDate?.toISO() ?? null,
    history: booking.history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      notes: change.notes,
      at: change.createdAt?.toISO() ?? null,
    })),
    ...exportedBookingParts(booking),
  }))
  return { bookings: records, documents }
}
