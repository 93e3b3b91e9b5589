import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import ExpireHolds, { type ExpiredHold } from '#bookings/actions/expire_holds'
import RemindHolds from '#bookings/actions/remind_holds'
import type { BookingHoldReminder } from '#bookings/hold_clock'
import { runClockSteps } from '#bookings/ports'

/** What a tick did: the holds expired, the reminders sent, and what each registered step did, by its name. */
export type HoldClockReport = { expired: ExpiredHold[]; reminded: BookingHoldReminder[]; [step: string]: unknown[] }

/**
 * Expiries first (their lots free again), then due reminders, then the steps other modules registered (the
 * waitlist's expired offers).
 */
export default class RunHoldClock {
  async tick(now: DateTime = DateTime.utc()): Promise<HoldClockReport> {
    const expired = await new ExpireHolds().handle(undefined, now)
    const reminded = await new RemindHolds().handle(now)
    const steps = await runClockSteps(now)
    return { ...steps, expired, reminded }
  }
}

/**
 * Several instances may tick at once: every expiry and reminder is claimed under a row lock or a guarded
 * UPDATE.
 */
export async function runHoldClockTick(now: DateTime = DateTime.utc()): Promise<HoldClockReport> {
  const report = await new RunHoldClock().tick(now)
  if (report.expired.length > 0) {
    logger.info({ expired: report.expired.map((hold) => hold.bookingId) }, 'expired pending bookings')
  }
  return report
}
