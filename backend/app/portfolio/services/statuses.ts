import { statusesWhere, type BookingStatus, type BookingStatusChanged } from '#bookings'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import AgentProperty, { type PropertyStatus } from '#portfolio/models/agent_property'

const ACTIVE = statusesWhere((meaning) => meaning.figure === 'approved')
const SOLD = statusesWhere((meaning) => meaning.end === 'sold')

/** Active while the booking holds the lot, sold once it sold, pending otherwise. */
export function propertyStatusFor(bookingStatus: BookingStatus | null | undefined): PropertyStatus {
  if (bookingStatus && ACTIVE.includes(bookingStatus)) return 'active'
  if (bookingStatus && SOLD.includes(bookingStatus)) return 'sold'
  return 'pending'
}

/** The entries made from a booking follow it in its transaction, so reads never have to catch up. */
export async function followBooking(event: BookingStatusChanged, trx?: TransactionClientContract) {
  await AgentProperty.query({ client: trx })
    .where('booking_id', event.bookingId)
    .whereNot('status', propertyStatusFor(event.to))
    .update({ status: propertyStatusFor(event.to) })
}
