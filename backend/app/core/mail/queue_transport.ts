import { MailResponse } from '@adonisjs/mail'
import { JSONTransport } from '@adonisjs/mail/transports/json'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import SendMail from '#core/jobs/send_mail'

/** What nodemailer's JSON transport answers: the envelope and the whole message as JSON. */
type ComposedMail = { envelope: { from: string | false; to: string[] }; messageId: string; message: string }

const json = new JSONTransport()

/** The default mailer: queues a SendMail job, so no request waits for or fails with the SMTP server. */
export class QueueTransport implements MailTransportContract {
  async send(message: NodeMailerMessage): Promise<MailResponse<ComposedMail>> {
    const composed = await queueMessage(message)
    return new MailResponse(composed.messageId, composed.envelope, composed)
  }
}

export async function queueMessage(message: NodeMailerMessage): Promise<ComposedMail> {
  // Composed here for its id and envelope, as a transport answers; the job carries the message.
  const composed = (await json.send(message)).original as ComposedMail
  await SendMail.dispatch({ message: JSON.parse(JSON.stringify(message)) as NodeMailerMessage })
  return composed
}
