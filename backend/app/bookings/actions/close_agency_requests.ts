import type { AgencyDeleted } from '#agencies'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import { takeTransition } from '#bookings/workflow'
import { statusesFrom } from '#bookings/workflow_table'

const CLOSING = statusesFrom('close')

/**
 * Requests waiting for a deleted agency can never be answered: each is closed through the workflow on behalf
 * of the super admin who deleted it; one decided meanwhile is left alone (409).
 */
export async function closeAgencyRequests(event: AgencyDeleted) {
  if (event.bookingIds.length === 0) return
  const waiting = await Booking.query()
    .whereIn('id', event.bookingIds)
    .whereIn('status', [...CLOSING])
    .select('id')
  for (const { id } of waiting) {
    try {
      await takeTransition({
        actor: { system: true, onBehalfOf: event.actorId },
        action: 'close',
        bookingId: id,
        notes: 'Agency deleted',
      })
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error
    }
  }
}
