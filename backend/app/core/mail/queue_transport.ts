import db from '@adonisjs/lucid/services/db'
import { MailResponse } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { sqlDateTime } from '#core/dates'

export const MAIL_QUEUE_TABLE = 'mail_queue'

/** What nodemailer's JSON transport answers: the envelope and the whole message as JSON. */
type ComposedMail = { envelope: { from: string | false; to: string[] }; messageId: string; message: string }

/**
 * Production without SMTP: each message is stored in the `mail_queue` table (migration 0015),
 * shared by every instance, instead of being written to one machine's disk or lost;
 * `node ace mail:flush` sends the queue once SMTP is configured (#core/mail/flush_mail_queue).
 * The message is kept as nodemailer composes it (attachments included), so it is sent later
 * exactly as it would have been now.
 */
export class QueueTransport implements MailTransportContract {
  async send(message: NodeMailerMessage): Promise<MailResponse<ComposedMail>> {
    const composed = await queueMessage(message)
    return new MailResponse(composed.messageId, composed.envelope, composed)
  }
}

const json = new JSONTransport()

/**
 * Puts one message in the `mail_queue` as nodemailer composes it, through `client` when given:
 * a notification's email is queued in the transaction that records the notification, and the
 * delivery worker (#core/mail/mail_worker) sends it.
 */
export async function queueMessage(message: NodeMailerMessage, client?: QueryClientContract): Promise<ComposedMail> {
  const composed = (await json.send(message)).original as ComposedMail
  await (client ?? db).table(MAIL_QUEUE_TABLE).insert({
    message_id: composed.messageId,
    recipients: composed.envelope.to.join(', ').slice(0, 1000),
    subject: String(message.subject ?? '').slice(0, 255),
    message: composed.message,
    envelope: JSON.stringify(composed.envelope),
    status: 'queued',
    attempts: 0,
    created_at: sqlDateTime(),
  })
  return composed
}
