import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/** At each batch's time, and every minute as a sweep; not retried: the next run takes what is still due. */
export default class ReleaseDueLots extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'ReleaseDueLots', maxRetries: 0, timeout: '5m', removeOnFail: { age: '7d' } }

  async execute(): Promise<void> {
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const { ReleaseDueBatches } = await import('#inventory/actions/release_due_batches')
    const released = await new ReleaseDueBatches().handle()
    for (const batch of released) {
      logger.info({ batchId: batch.batchId, lots: batch.lotIds.length }, 'release batch released')
    }
  }
}
