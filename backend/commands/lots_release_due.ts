import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace lots:release-due`: releases the release batches that are due (their lots go on sale). The
 * scheduler does this every minute (start/schedules.ts); this command is for operators.
 */
export default class LotsReleaseDue extends BaseCommand {
  static commandName = 'lots:release-due'
  static description = 'Release the release batches that are due and put their lots on sale'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { ReleaseDueBatches } = await import('#inventory')
    this.logger.info('Releasing the release batches that are due')
    const released = await new ReleaseDueBatches().handle()
    for (const batch of released) {
      this.logger.success(
        `Batch #${batch.batchId} "${batch.name}" (development #${batch.developmentId}) released ${batch.lotIds.length} lot(s)`
      )
    }
    this.logger.info(released.length ? `${released.length} batch(es) released` : 'Nothing is due')
  }
}
