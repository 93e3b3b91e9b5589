import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#bookings/models/booking'

/** Whether a booking holds the lot now, and which (used by inventory before edits). */
export async function activeBookingIdForLot(lotId: number): Promise<number | null> {
  const booking = await Booking.query().where('active_lot_id', lotId).select('id').first()
  return booking?.id ?? null
}

/** The booking holding the lot that `personId` asked for or was booked for, if one does. */
export async function activeBookingOf(
  lotId: number,
  personId: number,
  client?: TransactionClientContract
): Promise<number | null> {
  const booking = await Booking.query({ client })
    .where('active_lot_id', lotId)
    .where((mine) => mine.where('user_id', personId).orWhere('created_by_id', personId))
    .select('id')
    .first()
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
