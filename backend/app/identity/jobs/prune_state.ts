import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/** Hourly; not retried: the next hour's run is. */
export default class PruneState extends Job<Record<string, never>> {
  static options: JobOptions = { name: 'PruneState', maxRetries: 0, timeout: '10m', removeOnFail: { age: '7d' } }

  async execute(): Promise<void> {
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const { default: PruneExpiredState } = await import('#core/maintenance/prune_expired_state')
    const { PruneSignIns } = await import('#identity')
    const report = await new PruneExpiredState(new PruneSignIns()).handle()
    if (report.rateLimits + report.sessions + report.accessTokens > 0) logger.info(report, 'pruned expired state')
  }
}
