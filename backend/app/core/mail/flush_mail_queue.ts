import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { sqlDateTime } from '#core/dates'
import { MAIL_QUEUE_TABLE } from '#core/mail/queue_transport'

/** A claim older than this belongs to a flush that died while sending: the message is tried again. */
export const STALE_CLAIM_MINUTES = 15

/**
 * How long a message waits after each failed send before the next try (1, 5, 15, 60 minutes);
 * the send after the last wait is the last: if it fails too, the message is given up
 * (`failed_at`) and waits for a super admin to retry it (GET /api/mail-deliveries).
 */
export const RETRY_AFTER_MINUTES = [1, 5, 15, 60] as const
export const MAX_SEND_ATTEMPTS = RETRY_AFTER_MINUTES.length + 1

export type QueuedMail = { id: number; recipients: string; subject: string }
export type FlushReport = {
  sent: QueuedMail[]
  /** `retryAt`: when it is tried again; null when it was the last try (given up). */
  failed: Array<QueuedMail & { error: string; retryAt: Date | null }>
}

/**
 * Sends the queued mail (#core/mail/queue_transport) through `transport`, oldest first. Each
 * message is claimed by a conditional update before it is sent, so flushes run from several
 * hosts at once never send one twice; a failure puts it back in the queue with its error, to be
 * tried again after a back-off (RETRY_AFTER_MINUTES), and given up after the last try. The web
 * server's worker (#core/mail/mail_worker) runs it every few seconds; `node ace mail:flush`
 * runs it once with the SMTP mailer.
 */
export default class FlushMailQueue {
  constructor(private transport: MailTransportContract) {}

  /** `limit`: at most this many messages in this pass (the worker's batch); the rest wait for the next. */
  async handle(now: Date = new Date(), limit?: number): Promise<FlushReport> {
    const staleBefore = sqlDateTime(new Date(now.getTime() - STALE_CLAIM_MINUTES * 60_000))
    const due = sqlDateTime(now)
    const claimable = (query: DatabaseQueryBuilderContract) =>
      query
        .whereNull('failed_at')
        .where((waiting) =>
          waiting
            .where((queued) =>
              queued
                .where('status', 'queued')
                .where((time) => time.whereNull('next_attempt_at').orWhere('next_attempt_at', '<=', due))
            )
            .orWhere((abandoned) => abandoned.where('status', 'sending').where('claimed_at', '<', staleBefore))
        )

    const report: FlushReport = { sent: [], failed: [] }
    const candidatesQuery = claimable(db.from(MAIL_QUEUE_TABLE)).orderBy('id').select('id')
    if (limit !== undefined) candidatesQuery.limit(limit)
    const candidates = await candidatesQuery
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
          .update({ status: 'sent', sent_at: sqlDateTime(), last_error: null, next_attempt_at: null })
        report.sent.push(mail)
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        const attempts = Number(row.attempts)
        const wait = RETRY_AFTER_MINUTES[attempts - 1]
        const retryAt =
          attempts < MAX_SEND_ATTEMPTS && wait !== undefined ? new Date(now.getTime() + wait * 60_000) : null
        await db
          .from(MAIL_QUEUE_TABLE)
          .where('id', id)
          .update({
            status: 'queued',
            claimed_at: null,
            last_error: reason.slice(0, 2000),
            next_attempt_at: retryAt ? sqlDateTime(retryAt) : null,
            failed_at: retryAt ? null : sqlDateTime(now),
          })
        report.failed.push({ ...mail, error: reason, retryAt })
      }
    }
    return report
  }
}

/**
 * A super admin sends a given-up message again: it is queued afresh (its tries start over) and
 * the worker's next pass sends it. False when there is no given-up message with that id.
 */
export async function retryFailedMail(id: number): Promise<boolean> {
  const updated = await db
    .from(MAIL_QUEUE_TABLE)
    .where('id', id)
    .whereNotNull('failed_at')
    .update({ failed_at: null, next_attempt_at: null, attempts: 0, claimed_at: null, status: 'queued' })
  return affectedRows(updated) > 0
}

/** mysql2 answers an UPDATE with [affectedRows], better-sqlite3 with the number itself. */
function affectedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
