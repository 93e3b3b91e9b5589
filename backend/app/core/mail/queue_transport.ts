import { MailResponse } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import SendMail from '#core/jobs/send_mail'

/** What nodemailer's JSON transport answers: the envelope and the whole message as JSON. */
type ComposedMail = { envelope: { from: string | false; to: string[] }; messageId: string; message: string }

const json = new JSONTransport()

/**
 * The app's default mailer: `mail.send(...)` puts the email in the job queue (a SendMail job)
 * and returns, so no request waits for or fails with the SMTP server; the worker sends it and
 * retries it with back-off.
 */
export class QueueTransport implements MailTransportContract {
  async send(message: NodeMailerMessage): Promise<MailResponse<ComposedMail>> {
    const composed = await queueMessage(message)
    return new MailResponse(composed.messageId, composed.envelope, composed)
  }
}

/** Queues one email as a SendMail job; the worker sends it (#core/jobs/send_mail). */
export async function queueMessage(message: NodeMailerMessage): Promise<ComposedMail> {
  // Composed here for its id and envelope, as a transport answers; the job carries the message.
  const composed = (await json.send(message)).original as ComposedMail
  await SendMail.dispatch({ message: JSON.parse(JSON.stringify(message)) as NodeMailerMessage })
  return composed
}
