import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/** Every minute; not retried: the next tick does it. */
export default class HoldClock extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'HoldClock', maxRetries: 0, timeout: '5m', removeOnFail: { age: '7d' } }

  async execute(): Promise<void> {
    const { runHoldClockTick } = await import('#bookings/actions/run_hold_clock')
    await runHoldClockTick()
  }
}
