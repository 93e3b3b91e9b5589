import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, transports } from '@adonisjs/mail'
import { RecordingTransport } from '#contact/recording_transport'

/**
 * SMTP when configured (SMTP_HOST ...); otherwise, in development and tests, a transport
 * that records every message to tmp/mail/outbox.jsonl instead of sending it.
 */
const mailConfig = defineConfig({
  default: env.get('SMTP_HOST') ? 'smtp' : 'record',
  from: { address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@aero-demo.my', name: 'Aero Property Booking' },
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST') ?? 'localhost',
      port: env.get('SMTP_PORT') ?? 587,
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD') ?? '' }
        : undefined,
    }),
    record: () => new RecordingTransport(app.makePath(env.get('MAIL_OUTBOX') ?? 'tmp/mail/outbox.jsonl')),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
