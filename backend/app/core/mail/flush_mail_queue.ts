import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { sqlDateTime } from '#core/dates'
import { MAIL_QUEUE_TABLE } from '#core/mail/queue_transport'

/** A claim older than this belongs to a flush that died while sending: the message is tried again. */
export const STALE_CLAIM_MINUTES = 15

export type QueuedMail = { id: number; recipients: string; subject: string }
export type FlushReport = { sent: QueuedMail[]; failed: Array<QueuedMail & { error: string }> }

/**
 * Sends the queued mail (#core/mail/queue_transport) through `transport`, oldest first. Each
 * message is claimed by a conditional update before it is sent, so flushes run from several
 * hosts at once never send one twice; a failure puts it back in the queue with its error and
 * the next flush tries again. `node ace mail:flush` runs it with the SMTP mailer.
 */
export default class FlushMailQueue {
  constructor(private transport: MailTransportContract) {}

  async handle(now: Date = new Date()): Promise<FlushReport> {
    const staleBefore = sqlDateTime(new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000))
    const claimable = (query: DatabaseQueryBuilderContract) =>
      query.where((waiting) =>
        waiting
          .where('status', 'queued')
          .orWhere((abandoned) => abandoned.where('status', 'sending').where('claimed_at', '<', staleBefore))
      )

    const report: FlushReport = { sent: [], failed: [] }
    const candidates = await claimable(db.from(MAIL_QUEUE_TABLE)).orderBy('id').select('id')
    for (const { id } of candidates) {
      const claimed = await claimable(db.from(MAIL_QUEUE_TABLE).where('id', id)).update({
        status: 'sending',
        claimed_at: sqlDateTime(now),
        attempts: db.raw('attempts + 1'),
      })
      if (affectedRows(claimed) === 0) continue // another flush has it

      const row = await db.from(MAIL_QUEUE_TABLE).where('id', id).firstOrFail()
      const mail = { id: Number(row.id), recipients: String(row.recipients), subject: String(row.subject) }
      try {
        // The envelope as composed at queueing time: the same sender and recipients (Bcc included).
        const message: NodeMailerMessage = { ...JSON.parse(row.message), envelope: JSON.parse(row.envelope) }
        await this.transport.send(message)
        await db
          .from(MAIL_QUEUE_TABLE)
          .where('id', id)
          .update({ status: 'sent', sent_at: sqlDateTime(), last_error: null })
        report.sent.push(mail)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        await db
          .from(MAIL_QUEUE_TABLE)
          .where('id', id)
          .update({ status: 'queued', claimed_at: null, last_error: reason.slice(0, 2000) })
        report.failed.push({ ...mail, error: reason })
      }
    }
    return report
  }
}

/** mysql2 answers an UPDATE with [affectedRows], better-sqlite3 with the number itself. */
function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
