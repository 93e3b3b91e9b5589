import app from '@adonisjs/core/services/app'
import env from '#start/env'

/**
 * SMTP when configured; otherwise the database outbox in production and the recording transport
 * (MAIL_OUTBOX) in development and tests.
 */
export function deliveryMailer(): 'smtp' | 'outbox' | 'record' {
  if (env.get('SMTP_HOST')) return 'smtp'
  return app.inProduction ? 'outbox' : 'record'
}
