import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/** One outbox row, dispatched as its change commits; or, without an id, the minute's sweep (#core/outbox). */
export type DeliverOutboxPayload = { id?: number }

/** Not retried by the queue: the sweep tries a failed row again each minute, up to its attempts. */
export default class DeliverOutbox extends Job<DeliverOutboxPayload> {
  static options: JobOptions = { name: 'DeliverOutbox', maxRetries: 0, timeout: '2m', removeOnFail: { age: '7d' } }

  async execute(): Promise<void> {
    const { deliverOutbox, deliverDueOutbox } = await import('#core/outbox')
    // The schedule's run has no id (nor, run by hand, a payload at all).
    const id = this.payload?.id
    if (id === undefined) await deliverDueOutbox()
    else await deliverOutbox(id)
  }
}
