import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/**
 * The hold clock's tick (docs/decisions/020-booking-hold-clock.md), scheduled every minute
 * (start/schedules.ts): holds past their deadline expire, the reminders that are due go out,
 * waitlist offers whose window ran out pass on. Not retried: the next minute's tick does it.
 */
export default class HoldClock extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'HoldClock', maxRetries: 0, timeout: '5m', removeOnFail: { age: '7d' } }

  async execute(): Promise<void> {
    const { runHoldClockTick } = await import('#bookings/actions/run_hold_clock')
    await runHoldClockTick()
  }
}
