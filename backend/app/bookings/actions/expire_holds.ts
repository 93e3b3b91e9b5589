import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import Booking from '#bookings/models/booking'
import { changeStatus, lockBooking } from '#bookings/services/workflow'
import { sqlDateTime } from '#core/dates'

export const DEFAULT_HOLD_DAYS = 7

export type ExpiredHold = { bookingId: number; lotId: number; status: string; createdAt: string | null }

/**
 * A pending booking older than the hold period expires and its lot returns to available
 * (ARCHITECTURE state machine). Each booking is expired in its own transaction, re-checked
 * under its row lock, so a decision taken meanwhile wins.
 */
export default class ExpireHolds {
  async handle(holdDays = DEFAULT_HOLD_DAYS, now = DateTime.utc()): Promise<ExpiredHold[]> {
    const cutoff = now.minus({ days: holdDays })
    const candidates = await Booking.query()
      .whereIn('status', ['pending', 'pending_agent', 'pending_admin', 'checking'])
      .where('created_at', '<', sqlDateTime(cutoff))
      .orderBy('id')
      .select('id')
    const expired: ExpiredHold[] = []
    for (const { id } of candidates) {
      await db.transaction(async (trx) => {
        const booking = await lockBooking(trx, id)
        if (!['pending', 'pending_agent', 'pending_admin', 'checking'].includes(booking.status)) return
        if (booking.createdAt > cutoff) return
        const from = booking.status
        await changeStatus(trx, booking, 'expired', {
          actorId: null,
          notes: `Hold expired after ${holdDays} days without a decision`,
          lotStatus: 'available',
        })
        expired.push({
          bookingId: booking.id,
          lotId: booking.lotId,
          status: from,
          createdAt: booking.createdAt.toISO(),
        })
      })
    }
    return expired
  }
}
