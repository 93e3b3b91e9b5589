import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace documents:retention [--dry-run]`: deletes the booking documents past their retention
 * period (docs/privacy.md, "Retention"). The web server runs it daily (start/maintenance.ts);
 * this command is for operators. With `--dry-run` it lists what is due and deletes nothing.
 */
export default class DocumentsRetention extends BaseCommand {
  static commandName = 'documents:retention'
  static description = 'Delete booking documents past their retention period'
  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'List the documents that are due without deleting them' })
  declare dryRun?: boolean

  async run() {
    const { ApplyDocumentRetention, retentionPeriods } = await import('#documents')
    const periods = retentionPeriods()
    this.logger.info(
      `Retention: ${periods.unsold} day(s) after a booking ended without a sale, ${periods.sold} day(s) after a sale` +
        (this.dryRun ? ' (dry run: nothing is deleted)' : '')
    )
    const report = await new ApplyDocumentRetention().handle({ dryRun: this.dryRun, periods })
    for (const document of report.deleted) {
      const verb = report.dryRun ? 'would delete' : 'deleted'
      this.logger.success(
        `Booking #${document.bookingId}: ${verb} document #${document.documentId} (${document.documentType}); ` +
          `ended ${document.bookingEndedAt}, rule ${document.rule} (${document.retentionDays} days)`
      )
    }
    const count = report.deleted.length
    this.logger.info(
      count ? `${count} document(s) ${report.dryRun ? 'due' : 'deleted'}` : 'No document is past its retention period'
    )
  }
}
