import { DateTime } from 'luxon'
import Booking from '#bookings/models/booking'
import BookingStatusChange from '#bookings/models/booking_status_change'
import { statusesWhere, type BookingStatus } from '#bookings/workflow_table'

/** A booking in one of these statuses has made its lot the agent's (requirements: decisions.md#d10-agent-properties). */
export const OWNING_STATUSES: BookingStatus[] = statusesWhere(
  (meaning) => meaning.figure === 'approved' || meaning.figure === 'sold'
)

export type OwnedLot = {
  bookingId: number
  lotId: number
  status: BookingStatus
  /** When the booking first reached an owning status (its last update when no history says). */
  ownedAt: DateTime
}

/** At most one booking holds a lot at a time, so each lot appears once. */
export async function lotsOwnedBy(agentAdminId: number, lotId?: number): Promise<OwnedLot[]> {
  const query = Booking.query()
    .whereIn('status', OWNING_STATUSES)
    .where((mine) => mine.where('created_by_id', agentAdminId).orWhere('agent_admin_id', agentAdminId))
    .select('id', 'lot_id', 'status', 'updated_at')
    .orderBy('id', 'desc')
  if (lotId !== undefined) query.where('lot_id', lotId)
  const bookings = await query
  if (bookings.length === 0) return []

  const firstOwned = await BookingStatusChange.query()
    .whereIn(
      'booking_id',
      bookings.map((booking) => booking.id)
    )
    .whereIn('to_status', OWNING_STATUSES)
    .groupBy('booking_id')
    .select('booking_id')
    .min('created_at as owned_at')
  const ownedAt = new Map(firstOwned.map((row) => [row.bookingId, row.$extras.owned_at as unknown]))

  const seen = new Set<number>()
  return bookings.flatMap((booking) => {
    if (seen.has(booking.lotId)) return []
    seen.add(booking.lotId)
    return [
      {
        bookingId: booking.id,
        lotId: booking.lotId,
        status: booking.status,
        ownedAt: toDateTime(ownedAt.get(booking.id)) ?? booking.updatedAt,
      },
    ]
  })
}

export async function bookingStatuses(bookingIds: number[]): Promise<Map<number, BookingStatus>> {
  if (bookingIds.length === 0) return new Map()
  const rows = await Booking.query()
    .whereIn('id', [...new Set(bookingIds)])
    .select('id', 'status')
  return new Map(rows.map((row) => [row.id, row.status]))
}

/** An aggregate's DATETIME: a Date from MySQL, 'YYYY-MM-DD HH:MM:SS' (UTC) text from SQLite. */
function toDateTime(value: unknown): DateTime | null {
  if (value instanceof Date) return DateTime.fromJSDate(value, { zone: 'utc' })
  if (typeof value === 'string' && value) return DateTime.fromSQL(value, { zone: 'utc' })
  return null
}
