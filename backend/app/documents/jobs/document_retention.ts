import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/**
 * Document retention (docs/privacy.md, "Retention"), scheduled daily (start/schedules.ts):
 * booking documents past their period are deleted and logged, as `node ace documents:retention`
 * does on demand. Each booking is claimed under its row lock. Not retried: tomorrow's run is.
 */
export default class DocumentRetention extends Job<Record<string, never>> {
  static options: JobOptions = {
    name: 'DocumentRetention',
    maxRetries: 0,
    timeout: '1h',
    removeOnFail: { age: '30d' },
  }

  async execute(): Promise<void> {
    const { default: logger } = await import('@adonisjs/core/services/logger')
    const { ApplyDocumentRetention } = await import('#documents')
    const report = await new ApplyDocumentRetention().handle()
    if (report.deleted.length > 0) {
      logger.info(
        { documents: report.deleted.map((document) => document.documentId) },
        'deleted documents past retention'
      )
    }
  }
}
