import db from '@adonisjs/lucid/services/db'
import { isoFromRow } from '#core/dates'
import { MAIL_QUEUE_TABLE } from '#core/mail/queue_transport'

export type MailDeliveryState = 'failed' | 'waiting' | 'sent'

/** The failed-email list sorts by the queue's id (the order mail was queued). */
export const MAIL_DELIVERY_SORTABLE = { id: 'id', createdAt: 'id' } as const

/** The queue's rows in one state: given up, waiting (queued, sending, or between tries), or sent. */
export function mailDeliveriesQuery(state: MailDeliveryState) {
  const query = db.from(MAIL_QUEUE_TABLE)
  if (state === 'failed') query.whereNotNull('failed_at')
  else if (state === 'sent') query.where('status', 'sent')
  else query.whereNull('failed_at').whereIn('status', ['queued', 'sending'])
  return query
}

/** One row as the list shows it (never the message body: it may carry personal data). */
export function serializeMailDelivery(row: Record<string, unknown>) {
  const failedAt = isoFromRow(row.failed_at)
  return {
    id: Number(row.id),
    _id: Number(row.id),
    recipients: String(row.recipients),
    subject: String(row.subject),
    state: failedAt ? 'failed' : row.status === 'sent' ? 'sent' : 'waiting',
    attempts: Number(row.attempts),
    lastError: (row.last_error as string | null) ?? null,
    nextAttemptAt: isoFromRow(row.next_attempt_at),
    failedAt,
    sentAt: isoFromRow(row.sent_at),
    createdAt: isoFromRow(row.created_at),
  }
}
