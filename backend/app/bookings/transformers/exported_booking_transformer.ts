import type Booking from '#bookings/models/booking'
import { exportedBookingParts } from '#bookings/ports'

/**
 * A booking in its requester's data export; the creator's contact only when the requester made it
 * themselves. Preload `lot`, `agency` and `history`, and load the booking's parts.
 */
export function serializeExportedBooking(booking: Booking, requesterId: number) {
  const ownBooking = booking.createdById === requesterId
  return {
    id: booking.id,
    status: booking.status,
    createdAt: booking.createdAt?.toISO() ?? null,
    updatedAt: booking.updatedAt?.toISO() ?? null,
    lot: booking.lot
      ? { id: booking.lot.id, kind: booking.lot.kind, lotNumber: booking.lot.lotNumber, name: booking.lot.name }
      : null,
    agency: booking.agency ? { id: booking.agency.id, name: booking.agency.name } : null,
    createdBy: booking.createdBy,
    creatorName: ownBooking ? booking.creatorName : null,
    creatorEmail: ownBooking ? booking.creatorEmail : null,
    creatorPhone: ownBooking ? booking.creatorPhone : null,
    contactPhone: booking.contactPhone,
    requestMessage: booking.requestMessage,
    // The price, discount and net price it was made at, in sen (null for bookings older than price lists).
    priceSen: booking.priceSen ?? null,
    discountSen: booking.discountSen ?? null,
    netPriceSen: booking.netPriceSen ?? null,
    cancellationDate: booking.cancellationDate?.toISO() ?? null,
    history: booking.history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      notes: change.notes,
      at: change.createdAt?.toISO() ?? null,
    })),
    ...exportedBookingParts(booking),
  }
}

export type ExportedBookingResource = ReturnType<typeof serializeExportedBooking>
