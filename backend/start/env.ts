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
  /** Names this instance in an `X-Instance` header on every answer (several instances behind a balancer). */
  INSTANCE_NAME: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const),

  SESSION_DRIVER: Env.schema.enum(['cookie', 'memory', 'database'] as const),
  /** Where the limiter counts (config/limiter.ts): `redis` by default when REDIS_URL is set, else `database`. */
  LIMITER_STORE: Env.schema.enum.optional(['database', 'memory', 'redis'] as const),
  /** Redis shared by several instances (config/redis.ts): `redis://[user:password@]host[:port][/db]`; unset, no Redis. */
  REDIS_URL: Env.schema.string.optional(),
  /** What this deployment's Redis keys and channels start with (`aero:`). */
  REDIS_PREFIX: Env.schema.string.optional(),
  /** Proxies whose X-Forwarded-* headers are believed: addresses and CIDR ranges, comma separated (config/app.ts). */
  TRUSTED_PROXIES: Env.schema.string.optional(),
  /** With it, GET /metrics answers a `Bearer` of this token from anywhere; without, only the private network (core/metrics.ts). */
  METRICS_TOKEN: Env.schema.secret.optional(),
  /** `false`: no /metrics and nothing counted (default `true`). */
  METRICS_ENABLED: Env.schema.boolean.optional(),
  /** `true`: super admins must turn on two-step sign-in (TOTP) before using anything else (identity/services/two_factor.ts). */
  TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS: Env.schema.boolean.optional(),

  DRIVE_PRIVATE_ROOT: Env.schema.string.optional(),
  /** With the local disks: where the catalogue images are kept (default storage/public). */
  DRIVE_PUBLIC_ROOT: Env.schema.string.optional(),
  /** Wraps each booking document's own key (config/documents.ts): 32 bytes in base64; never APP_KEY. */
  DOCUMENTS_MASTER_KEY: Env.schema.secret.optional(),
  /** The master key's name on record (default: a fingerprint of the key). */
  DOCUMENTS_MASTER_KEY_ID: Env.schema.string.optional(),
  /** During a rotation (`node ace documents:rotate-key`): the earlier keys, `id:base64` comma separated. */
  DOCUMENTS_PREVIOUS_MASTER_KEYS: Env.schema.secret.optional(),
  /** `fs` (local disks, the default) or `s3`: both disks in S3-compatible buckets (config/drive.ts). */
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_REGION: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_PUBLIC_BUCKET: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.secret.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  BOOKING_HOLD_DAYS: Env.schema.number.optional(),
  /** How long the first in a lot's waitlist alone may request it once it is free (minutes; default 15). */
  WAITLIST_PRIORITY_MINUTES: Env.schema.number.optional(),
  /** Retention of booking documents (docs/privacy.md, "Retention"): days after the booking ended. */
  DOCUMENT_RETENTION_UNSOLD_DAYS: Env.schema.number.optional(),
  DOCUMENT_RETENTION_SOLD_DAYS: Env.schema.number.optional(),
  BOOKING_ATTEMPTS_PER_USER: Env.schema.number.optional(),
  BOOKING_ATTEMPTS_PER_ADDRESS: Env.schema.number.optional(),
  PUBLIC_READS_TTL_MS: Env.schema.number.optional(),
  /** How long one query may take in the web server before it is cancelled and answered 503 (config/database.ts; 0: no limit). */
  DB_QUERY_TIMEOUT_MS: Env.schema.number.optional(),

  CONTACT_EMAIL: Env.schema.string.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_OUTBOX: Env.schema.string.optional(),
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),

  /** Where background jobs wait (config/queue.ts): `redis` by default when REDIS_URL is set, else `database`; `sync` runs them at once (tests). */
  QUEUE_DRIVER: Env.schema.enum.optional(['database', 'redis', 'sync'] as const),
  /** `false`: the web server neither runs jobs nor schedules; `node ace queue:work` processes do (default `true`). */
  QUEUE_WORKER_IN_WEB: Env.schema.boolean.optional(),
  /** On SIGTERM, how long readiness fails before the server closes (the balancer's probe interval). */
  SHUTDOWN_DRAIN_SECONDS: Env.schema.number.optional(),

  DB_CONNECTION: Env.schema.enum(['sqlite', 'mysql'] as const),
  SQLITE_PATH: Env.schema.string.optional(),
  MYSQL_HOST: Env.schema.string.optional({ format: 'host' }),
  MYSQL_PORT: Env.schema.number.optional(),
  MYSQL_USER: Env.schema.string.optional(),
  MYSQL_PASSWORD: Env.schema.string.optional(),
  MYSQL_DB_NAME: Env.schema.string.optional(),
})
