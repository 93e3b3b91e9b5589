import db from '@adonisjs/lucid/services/db'
import { MailResponse } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { sqlDateTime } from '#core/dates'

export const MAIL_OUTBOX_TABLE = 'mail_outbox'

/** The outbox list (GET /api/admin/outbox) sorts by its id: the order the emails were kept. */
export const OUTBOX_SORTABLE = { id: 'id', sentAt: 'id' } as const

type Address = string | { address: string; name?: string }

function addresses(value: unknown): string {
  const list = (Array.isArray(value) ? value : value ? [value] : []) as Address[]
  return list.map((entry) => (typeof entry === 'string' ? entry : entry.address)).join(', ')
}

/**
 * Without SMTP each email is kept in `mail_outbox`, shared by every instance, for super admins to read
 * instead of piling up unsent.
 */
export class OutboxTransport implements MailTransportContract {
  #json = new JSONTransport()

  async send(message: NodeMailerMessage): Promise<MailResponse<unknown>> {
    const response = await this.#json.send(message)
    await db.table(MAIL_OUTBOX_TABLE).insert({
      message_id: response.messageId,
      recipients: addresses([message.to, message.cc, message.bcc].flat().filter(Boolean)).slice(0, 1000),
      subject: String(message.subject ?? '').slice(0, 255),
      text: typeof message.text === 'string' ? message.text : null,
      html: typeof message.html === 'string' ? message.html : null,
      sent_at: sqlDateTime(),
    })
    return new MailResponse(response.messageId, response.envelope, undefined)
  }
}
