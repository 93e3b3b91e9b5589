import { DateTime } from 'luxon'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import { takeTransition } from '#bookings/workflow'
import { statusesFrom } from '#bookings/workflow_table'
import { sqlDateTime } from '#core/dates'

export { DEFAULT_HOLD_DAYS } from '#bookings/hold_clock'

export type ExpiredHold = { bookingId: number; lotId: number; status: string; createdAt: string | null }

const EXPIRING = statusesFrom('expire')

/** Another step moved the deadline after the scan read it (an extension): this expiry rolls back. */
const STILL_HELD = 'The hold was extended meanwhile.'

/**
 * Each expiry goes through the workflow on its own, re-checked under its row lock, so a decision or
 * extension taken meanwhile wins and two instances never expire one booking twice. `--days=N` expires by age
 * instead of `held_until`.
 */
export default class ExpireHolds {
  async handle(holdDays?: number, now: DateTime = DateTime.utc()): Promise<ExpiredHold[]> {
    const query = Booking.query().whereIn('status', [...EXPIRING])
    if (holdDays === undefined) query.where('held_until', '<=', sqlDateTime(now))
    else query.where('created_at', '<', sqlDateTime(now.minus({ days: holdDays })))
    const candidates = await query.orderBy('id').select('id', 'status')
    const expired: ExpiredHold[] = []
    for (const candidate of candidates) {
      try {
        const booking = await takeTransition({
          actor: { system: true },
          action: 'expire',
          bookingId: candidate.id,
          notes:
            holdDays === undefined
              ? 'Hold expired without a decision'
              : `Hold expired after ${holdDays} days without a decision`,
          within: async (_trx, locked) => {
            if (holdDays === undefined && locked.heldUntil && locked.heldUntil > now)
              throw AppError.conflict(STILL_HELD)
          },
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
