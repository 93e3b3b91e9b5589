import { Env } from '@adonisjs/core/env'

/**
 * Every setting the backend reads. Development defaults live in `.env.example`; the
 * root `npm start` writes a `.env` with a fresh APP_KEY on first start.
 */
export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number(),
  HOST: Env.schema.string({ format: 'host' }),
  APP_KEY: Env.schema.secret(),
  APP_URL: Env.schema.string({ format: 'url', tld: false }),
  APP_NAME: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),

  SESSION_DRIVER: Env.schema.enum(['cookie', 'memory', 'database'] as const),
  LIMITER_STORE: Env.schema.enum(['database', 'memory'] as const),

  DRIVE_PRIVATE_ROOT: Env.schema.string.optional(),
  BOOKING_HOLD_DAYS: Env.schema.number.optional(),
  BOOKING_ATTEMPTS_PER_USER: Env.schema.number.optional(),
  BOOKING_ATTEMPTS_PER_ADDRESS: Env.schema.number.optional(),
  PUBLIC_READS_TTL_MS: Env.schema.number.optional(),

  CONTACT_EMAIL: Env.schema.string.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_OUTBOX: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),

  DB_CONNECTION: Env.schema.enum(['sqlite', 'mysql'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  MYSQL_HOST: Env.schema.string.optional({ format: 'host' }),
  MYSQL_PORT: Env.schema.number.optional(),
  MYSQL_USER: Env.schema.string.optional(),
  MYSQL_PASSWORD: Env.schema.string.optional(),
  MYSQL_DB_NAME: Env.schema.string.optional(),
})
