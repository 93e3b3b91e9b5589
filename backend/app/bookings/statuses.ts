/** Every booking status (requirements: booking.md#statuses). */
export const BOOKING_STATUSES = [
  'pending',
  'pending_agent',
  'pending_admin',
  'approved',
  'confirmed',
  'rejected',
  'rejected_by_agent',
  'rejected_by_admin',
  'cancelled',
  'expired',
  'booked',
  'sold',
  'completed',
  'checking',
] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** Ended without a sale: the lot went back to `available`. */
const RELEASED: BookingStatus[] = ['rejected', 'rejected_by_agent', 'rejected_by_admin', 'cancelled', 'expired']

/**
 * The booking holds its lot (requirements: decisions.md#d2-no-double-booking): the lot is out of
 * `available` while the booking waits, is approved, and for good once sold.
 */
export const HOLDING_STATUSES: BookingStatus[] = BOOKING_STATUSES.filter((status) => !RELEASED.includes(status))

/** Sold, completed and rejected bookings cannot be processed again (requirements: booking.md#admin-processing). */
export const FINAL_STATUSES: BookingStatus[] = [
  'sold',
  'completed',
  'rejected',
  'rejected_by_agent',
  'rejected_by_admin',
  'cancelled',
  'expired',
]

/** The screens' filter groups, as status lists. */
export const STATUS_GROUPS: Record<string, BookingStatus[]> = {
  pending: ['pending', 'pending_agent', 'pending_admin', 'checking'],
  approved: ['approved', 'confirmed', 'booked'],
  sold: ['sold', 'completed'],
  rejected: ['rejected', 'rejected_by_agent', 'rejected_by_admin'],
  cancelled: ['cancelled', 'rejected', 'rejected_by_agent'],
  forwarded: ['pending_admin'],
  pending_agent: ['pending_agent'],
  expired: ['expired'],
}

export function holdsLot(status: BookingStatus) {
  return HOLDING_STATUSES.includes(status)
}
