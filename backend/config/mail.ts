import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { RecordingTransport } from '#contact/recording_transport'
import { QueueTransport } from '#core/mail/queue_transport'

/**
 * SMTP when configured (SMTP_HOST ...). Otherwise, in production, every message waits in the
 * database's `mail_queue` (shared by all instances) for `node ace mail:flush` once SMTP is
 * set; in development and tests, a transport records each message to tmp/mail/outbox.jsonl.
 */
const mailConfig = defineConfig({
  default: env.get('SMTP_HOST') ? 'smtp' : app.inProduction ? 'queue' : 'record',
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
    record: () => new RecordingTransport(app.makePath(env.get('MAIL_OUTBOX') ?? 'tmp/mail/outbox.jsonl')),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
