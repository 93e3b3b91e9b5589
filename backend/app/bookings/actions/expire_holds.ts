import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import { takeTransition, TRANSITIONS } from '#bookings/workflow'
import { sqlDateTime } from '#core/dates'

export const DEFAULT_HOLD_DAYS = 7

export type ExpiredHold = { bookingId: number; lotId: number; status: string; createdAt: string | null }

/** The statuses a hold can expire from: the `expire` row of the workflow. */
const EXPIRING = TRANSITIONS.find((row) => row.action === 'expire')!.from

/**
 * A pending booking older than the hold period expires and its lot returns to available.
 * Each goes through the workflow on its own, re-checked under its row lock, so a decision
 * taken meanwhile wins (the workflow answers 409 and the booking is left alone).
 */
export default class ExpireHolds {
  async handle(holdDays = DEFAULT_HOLD_DAYS, now = DateTime.utc()): Promise<ExpiredHold[]> {
    const cutoff = now.minus({ days: holdDays })
    const candidates = await Booking.query()
      .whereIn('status', [...EXPIRING])
      .where('created_at', '<', sqlDateTime(cutoff))
      .orderBy('id')
      .select('id', 'status')
    const expired: ExpiredHold[] = []
    for (const candidate of candidates) {
      try {
        const booking = await takeTransition({
          actor: { system: true },
          action: 'expire',
          bookingId: candidate.id,
          notes: `Hold expired after ${holdDays} days without a decision`,
        })
        expired.push({
          bookingId: booking.id,
          lotId: booking.lotId,
          status: candidate.status,
          createdAt: booking.createdAt.toISO(),
        })
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 409) throw error
      }
    }
    return expired
  }
}
