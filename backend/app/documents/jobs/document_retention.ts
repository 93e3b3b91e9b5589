import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'

/** Daily; not retried: tomorrow's run is. */
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
