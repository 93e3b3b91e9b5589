import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import ExpireHolds, { type ExpiredHold } from '#bookings/actions/expire_holds'
import RemindHolds from '#bookings/actions/remind_holds'
import type { BookingHoldReminder } from '#bookings/hold_clock'
import { runClockSteps } from '#bookings/ports'

/** What a tick did: the holds expired, the reminders sent, and what each registered step did, by its name. */
export type HoldClockReport = { expired: ExpiredHold[]; reminded: BookingHoldReminder[]; [step: string]: unknown[] }

/**
 * One tick of the hold clock (docs/decisions/020-booking-hold-clock.md): pending bookings past
 * their `held_until` expire (their lots are available again, the watchers hear it through the
 * workflow's event), then the reminders that are due go out, then the steps other modules
 * registered run (#bookings/ports: the waitlist passes offers whose window ran out to the next
 * in line). `now` is the tick's clock.
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
 * One tick as the scheduled HoldClock job runs it (#bookings/jobs/hold_clock, every minute):
 * what expired is logged. Several instances may tick at once: every expiry and reminder is
 * claimed under a row lock or a guarded UPDATE.
 */
export async function runHoldClockTick(now: DateTime = DateTime.utc()): Promise<HoldClockReport> {
  const report = await new RunHoldClock().tick(now)
  if (report.expired.length > 0) {
    logger.info({ expired: report.expired.map((hold) => hold.bookingId) }, 'expired pending bookings')
  }
  return report
}
