import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { setLotStatus, type LotStatus } from '#inventory'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import BookingStatusChange from '#bookings/models/booking_status_change'
import { holdsLot, type BookingStatus } from '#bookings/statuses'

export const BOOKING_NOT_FOUND = 'Booking not found. It may have already been cancelled or processed.'

/** Locks a booking's row for the rest of the transaction (two decisions never interleave). */
export async function lockBooking(trx: TransactionClientContract, id: number | string): Promise<Booking> {
  if (!/^\d+$/.test(String(id))) throw AppError.notFound(BOOKING_NOT_FOUND)
  const booking = await Booking.query({ client: trx }).where('id', id).forUpdate().first()
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

/**
 * The one way a booking changes status: the booking, its claim on the lot, the lot's
 * status and a history row (who, when, from, to, notes) change together.
 */
export async function changeStatus(
  trx: TransactionClientContract,
  booking: Booking,
  to: BookingStatus,
  change: { actorId: number | null; notes?: string | null; lotStatus?: LotStatus }
) {
  const from = booking.status
  booking.useTransaction(trx)
  booking.status = to
  booking.activeLotId = holdsLot(to) ? booking.lotId : null
  await booking.save()
  await BookingStatusChange.create(
    { bookingId: booking.id, fromStatus: from, toStatus: to, changedById: change.actorId, notes: change.notes ?? null },
    { client: trx }
  )
  if (change.lotStatus) await setLotStatus(trx, booking.lotId, change.lotStatus)
}

/** Whether a booking holds the lot now, and which (used by inventory before edits). */
export async function activeBookingIdForLot(lotId: number): Promise<number | null> {
  const booking = await Booking.query().where('active_lot_id', lotId).select('id').first()
  return booking?.id ?? null
}

/** The booking holding each of these lots, by lot id (lots no booking holds are left out). */
export async function activeBookingIdsForLots(
  lotIds: number[],
  client?: TransactionClientContract
): Promise<Map<number, number>> {
  if (lotIds.length === 0) return new Map()
  const bookings = await Booking.query({ client }).whereIn('active_lot_id', lotIds).select('id', 'active_lot_id')
  return new Map(bookings.map((booking) => [booking.activeLotId as number, booking.id]))
}
