import { appendFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { MailResponse } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'

/** Records each message as one JSON line instead of sending it (development and tests). */
export class RecordingTransport implements MailTransportContract {
  #json = new JSONTransport()

  constructor(private readonly outbox: string) {}

  async send(message: NodeMailerMessage): Promise<MailResponse<unknown>> {
    const response = await this.#json.send(message)
    await mkdir(dirname(this.outbox), { recursive: true })
    const original = response.original as { message: string }
    await appendFile(this.outbox, `${original.message}\n`)
    return new MailResponse(response.messageId, response.envelope, original)
  }
}
