import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import type { NodeMailerMessage } from '@adonisjs/mail/types'

export type SendMailPayload = {
  /** The message as composed when it was sent: sender, recipients (Bcc included), subject, bodies. */
  message: NodeMailerMessage
}

/** One queued email. Retried after 1, 4, 16 and 60 minutes, then kept as failed for a super admin to retry. */
export default class SendMail extends Job<SendMailPayload> {
  static options: JobOptions = {
    name: 'SendMail',
    maxRetries: 4,
    retry: { backoff: exponentialBackoff({ baseDelay: '1m', multiplier: 4, maxDelay: '1h', jitter: false }) },
    timeout: '2m',
    // Kept until a super admin retries it: a given-up email is never dropped silently.
    removeOnFail: false,
  }

  async execute(): Promise<void> {
    const { default: mail } = await import('@adonisjs/mail/services/main')
    const { deliveryMailer } = await import('#core/mail/delivery')
    await mail.use(deliveryMailer()).sendCompiled({ message: this.payload.message, views: {} })
  }
}
