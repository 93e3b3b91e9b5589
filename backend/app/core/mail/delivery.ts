import app from '@adonisjs/core/services/app'
import env from '#start/env'

/**
 * The mailer a queued email is finally sent through (by the SendMail job): SMTP when
 * configured; without SMTP, in production (`npm start` on a fresh machine), the database
 * outbox super admins read (GET /api/admin/outbox); in development and tests the recording
 * transport (MAIL_OUTBOX, a JSON-lines file).
 */
export function deliveryMailer(): 'smtp' | 'outbox' | 'record' {
  if (env.get('SMTP_HOST')) return 'smtp'
  return app.inProduction ? 'outbox' : 'record'
}
