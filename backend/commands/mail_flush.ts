import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * `node ace mail:flush`: sends the mail queued while production ran without SMTP (the
 * `mail_queue` table), through the SMTP mailer; needs SMTP_HOST. Safe to run from cron on
 * several hosts at once: each message is claimed before it is sent.
 */
export default class MailFlush extends BaseCommand {
  static commandName = 'mail:flush'
  static description = 'Send the mail queued while no SMTP server was configured'
  static options: CommandOptions = { startApp: true }

  async run() {
    const env = (await import('#start/env')).default
    if (!env.get('SMTP_HOST')) {
      this.logger.error('SMTP is not configured (SMTP_HOST): the queued mail stays queued')
      this.exitCode = 1
      return
    }
    const mail = (await import('@adonisjs/mail/services/main')).default
    const { default: FlushMailQueue } = await import('#core/mail/flush_mail_queue')
    const smtp = mail.use('smtp')
    try {
      const report = await new FlushMailQueue(smtp.transport).handle()
      for (const sent of report.sent) this.logger.success(`#${sent.id} "${sent.subject}" sent to ${sent.recipients}`)
      for (const failed of report.failed) {
        this.logger.error(`#${failed.id} "${failed.subject}" to ${failed.recipients} not sent: ${failed.error}`)
      }
      this.logger.info(`${report.sent.length} sent, ${report.failed.length} still queued after a failure`)
      if (report.failed.length) this.exitCode = 1
    } finally {
      await smtp.close()
    }
  }
}
