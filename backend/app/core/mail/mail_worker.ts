import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import env from '#start/env'
import FlushMailQueue, { type FlushReport } from '#core/mail/flush_mail_queue'

/** How many messages one pass sends at most; the rest wait for the next pass. */
export const MAIL_BATCH = 200

/**
 * The mailer the queue is delivered through: SMTP when configured; in development and tests
 * the recording transport (README, "Outgoing mail"); in production without SMTP none (the
 * `queue` mailer would only queue the message again): the mail waits for SMTP.
 */
export function deliveryMailer(): 'smtp' | 'record' | null {
  if (env.get('SMTP_HOST')) return 'smtp'
  return app.inProduction ? null : 'record'
}

let running = false

/**
 * One pass of the delivery worker: sends what is due in `mail_queue` (notifications'
 * emails and any other queued mail). The web server runs it every few seconds
 * (start/maintenance.ts); the rows are claimed one by one, so every instance may run it at
 * once. A pass still running when the next is due is not doubled.
 */
export async function deliverQueuedMail(now = new Date()): Promise<FlushReport | null> {
  const mailer = deliveryMailer()
  if (!mailer || running) return null
  running = true
  try {
    const report = await new FlushMailQueue(mail.use(mailer).transport).handle(now, MAIL_BATCH)
    for (const failed of report.failed) {
      logger.warn(
        { mailId: failed.id, error: failed.error, retryAt: failed.retryAt },
        failed.retryAt ? 'a queued mail was not sent; it will be tried again' : 'a queued mail was given up'
      )
    }
    return report
  } finally {
    running = false
  }
}
