/**
 * The channels the backoffice lists listen to, and what their polite live region says of a
 * pushed change (the contract: backend start/transmit.ts).
 */
import { bookingBadge, bookingReference, lotBadge } from '../format'

/** Every committed lot status change. */
export const LOTS_CHANNEL = 'lots'
/** Every booking change, for super admins. */
export const ADMIN_BOOKINGS_CHANNEL = 'admin/bookings'

/** An agency's booking changes, for its agent admins; none without an agency. */
export function agencyBookingsChannel(agencyId: string | number | null | undefined): string | null {
  return agencyId == null || agencyId === '' ? null : `agencies/${agencyId}/bookings`
}

export interface LotMessage {
  type: 'lot'
  lotId: number
  lotNumber: string
  unitNumber: string | null
  status: string
  previous: string | null
}

export interface BookingMessage {
  type: 'booking'
  bookingId: number | string
  lotId: number | null
  action: string
  from: string | null
  to: string | null
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** 'MKS-07 is now Reserved.'; null for anything that is not a lot change. */
export function describeLotMessage(message: unknown): string | null {
  if (!isRecord(message) || message.type !== 'lot' || typeof message.status !== 'string') return null
  const lot = message as unknown as LotMessage
  const name = lot.unitNumber?.trim() || `Lot ${lot.lotNumber}`
  return `${name} is now ${lotBadge(lot.status).label}.`
}

/**
 * 'New booking 000041: Pending Agent.', 'Booking 000041 is now Booked.'; null for anything that
 * is not a booking change. `label` names a status as the screen's badges do.
 */
export function describeBookingMessage(
  message: unknown,
  label: (status: string | null | undefined) => string = (status) => bookingBadge(status).label
): string | null {
  if (!isRecord(message) || message.type !== 'booking' || message.bookingId == null) return null
  const booking = message as unknown as BookingMessage
  const reference = bookingReference(booking.bookingId)
  if (!booking.to) return `Booking ${reference} changed.`
  if (!booking.from) return `New booking ${reference}: ${label(booking.to)}.`
  return `Booking ${reference} is now ${label(booking.to)}.`
}

/** Beyond this many changes at once (an import), the live region gives their number only. */
const MAX_NAMED_CHANGES = 3

/** What the live region says of changes that came together. */
export function describeChanges(texts: readonly string[]): string {
  if (texts.length === 0) return ''
  if (texts.length > MAX_NAMED_CHANGES) return `${texts.length} changes just came in; the list is up to date.`
  return texts.join(' ')
}
