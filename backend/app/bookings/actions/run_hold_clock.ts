import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import ExpireHolds, { type ExpiredHold } from '#bookings/actions/expire_holds'
import RemindHolds from '#bookings/actions/remind_holds'
import type { BookingHoldReminder } from '#bookings/hold_clock'
import ExpireOffers, { type PassedOffer } from '#waitlist/actions/expire_offers'

/** The scheduler's period: a hold expires within a minute of its deadline. */
export const HOLD_CLOCK_EVERY_MS = 60_000

export type HoldClockReport = { expired: ExpiredHold[]; reminded: BookingHoldReminder[]; waitlist: PassedOffer[] }

/**
 * One tick of the hold clock (docs/decisions/booking-hold-clock.md): pending bookings past
 * their `held_until` expire (their lots are available again, the watchers hear it through the
 * workflow's event), then the reminders that are due go out, then waitlist offers whose
 * priority window ran out pass to the next in line (#waitlist). `now` is the tick's clock.
 */
export default class RunHoldClock {
  async tick(now: DateTime = DateTime.utc()): Promise<HoldClockReport> {
    const expired = await new ExpireHolds().handle(undefined, now)
    const reminded = await new RemindHolds().handle(now)
    const waitlist = await new ExpireOffers().handle(now)
    return { expired, reminded, waitlist }
  }
}

type Timers = {
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
}

export type HoldClockOptions = {
  every?: number
  now?: () => DateTime
  timers?: Timers
  onTick?: (report: HoldClockReport) => void
}

/**
 * The app's own scheduler: ticks every minute in this process (started by start/maintenance.ts
 * when the HTTP server runs), never keeping it alive. Several instances may each run it: every
 * expiry and reminder is claimed under a row lock or a guarded UPDATE. A tick never overlaps the
 * one before, and a failing tick is logged and retried at the next.
 */
export function startHoldClock(options: HoldClockOptions = {}) {
  const now = options.now ?? (() => DateTime.utc())
  const timers: Timers = options.timers ?? {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  }
  let running: Promise<void> | null = null
  const run = () => {
    running ??= (async () => {
      try {
        const report = await new RunHoldClock().tick(now())
        if (report.expired.length > 0) {
          logger.info({ expired: report.expired.map((hold) => hold.bookingId) }, 'expired pending bookings')
        }
        options.onTick?.(report)
      } catch (error) {
        logger.warn({ err: error }, 'the hold clock failed; it will try again in a minute')
      } finally {
        running = null
      }
    })()
    return running
  }
  const handle = timers.setInterval(() => void run(), options.every ?? HOLD_CLOCK_EVERY_MS)
  ;(handle as { unref?: () => void } | null)?.unref?.()
  return { run, stop: () => timers.clearInterval(handle) }
}
