import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace mail:flush`: runs the queued jobs that are due now (the emails first among them)
 * and exits, for an operator who runs no worker (`node ace queue:work` keeps running). An email
 * whose retry waits for later stays queued. Safe beside running workers: each job is claimed
 * before it runs.
 */
export default class MailFlush extends BaseCommand {
  static commandName = 'mail:flush'
  static description = 'Run the queued emails (and other jobs) that are due now, then exit'
  static options: CommandOptions = { startApp: true }

  async run() {
    const { drainQueue } = await import('#core/queue/workers')
    const report = await drainQueue()
    this.logger.info(`${report.completed} job(s) run`)
  }
}
