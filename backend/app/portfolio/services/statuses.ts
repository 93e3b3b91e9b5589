import { bookingStatuses, type BookingStatus } from '#bookings'
import AgentProperty, { type PropertyStatus } from '#portfolio/models/agent_property'

const ACTIVE: BookingStatus[] = ['approved', 'booked', 'confirmed']
const SOLD: BookingStatus[] = ['sold', 'completed']

/** Active while the booking holds the lot, sold once it sold, pending otherwise. */
export function propertyStatusFor(bookingStatus: BookingStatus | null | undefined): PropertyStatus {
  if (bookingStatus && ACTIVE.includes(bookingStatus)) return 'active'
  if (bookingStatus && SOLD.includes(bookingStatus)) return 'sold'
  return 'pending'
}

type StatusRow = Pick<AgentProperty, 'id' | 'bookingId' | 'status'>

/**
 * Brings the stored statuses in line with their bookings before a read filters, sorts or
 * counts by them in SQL. Bookings move on (approved, then sold; or rejected) without telling
 * the portfolio, so the entries of the scope being read are checked: one query for their
 * bookings, and one UPDATE per status that changed (none in the usual case).
 */
export async function refreshStatuses(rows: StatusRow[]) {
  if (rows.length === 0) return
  const current = await bookingStatuses(rows.flatMap((row) => (row.bookingId === null ? [] : [row.bookingId])))
  const changes = new Map<PropertyStatus, number[]>()
  for (const row of rows) {
    const status = propertyStatusFor(row.bookingId === null ? null : current.get(row.bookingId))
    if (status !== row.status) changes.set(status, [...(changes.get(status) ?? []), row.id])
  }
  for (const [status, ids] of changes) {
    await AgentProperty.query().whereIn('id', ids).update({ status })
  }
}
