import env from '#start/env'
import { backendPath } from '#core/paths'
import { defineConfig, transports } from '@adonisjs/mail'
import { RecordingTransport } from '#contact/recording_transport'
import { QueueTransport } from '#core/mail/queue_transport'
import { OutboxTransport } from '#core/mail/outbox_transport'

/**
 * Every email goes through the job queue (`queue`, the default: #core/mail/queue_transport);
 * the SendMail job then sends it through SMTP when configured (SMTP_HOST ...), otherwise in
 * production into the database's outbox super admins read (`outbox`), and in development and
 * tests into a JSON-lines file (`record`, MAIL_OUTBOX or tmp/mail/outbox.jsonl).
 */
const mailConfig = defineConfig({
  default: 'queue',
  from: { address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@aero-demo.my', name: 'Aero Property Booking' },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? 'localhost',
      port: env.get('SMTP_PORT') ?? 587,
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD') ?? '' }
        : undefined,
    }),
    queue: () => new QueueTransport(),
    outbox: () => new OutboxTransport(),
    record: () => new RecordingTransport(backendPath(env.get('MAIL_OUTBOX') ?? 'tmp/mail/outbox.jsonl')),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
