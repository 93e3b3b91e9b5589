import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, drivers } from '@adonisjs/queue'
import { redisUrl } from '#config/redis'

/**
 * Background jobs (@adonisjs/queue): the email sends and the schedules (start/scheduler.ts).
 * They wait in the app's own database (the `queue_jobs` and `queue_schedules` tables, migration
 * 0027; MySQL/MariaDB or the embedded SQLite alike) unless REDIS_URL is set, then in Redis.
 * `sync` runs each job as it is dispatched (tests). The web server runs a worker
 * (start/queue_worker.ts) unless QUEUE_WORKER_IN_WEB=false, when `node ace queue:work` does.
 */
const queueConfig = defineConfig({
  default: env.get('QUEUE_DRIVER') ?? (redisUrl ? 'redis' : 'database'),

  adapters: {
    database: drivers.database(),
    // Made only with REDIS_URL: every adapter is made at boot, and without it nothing connects to Redis.
    ...(redisUrl ? { redis: drivers.redis({ connectionName: 'queue' }) } : {}),
    sync: drivers.sync(),
  },

  worker: {
    concurrency: 5,
    idleDelay: '2s',
    /** A job is stalled (its worker died) when not renewed for this long; it runs again, twice at most. */
    stalledThreshold: '1m',
    maxStalledCount: 2,
    /** The web server stops its worker itself (start/queue_worker.ts); `queue:work` on SIGTERM. */
    gracefulShutdown: true,
  },

  /** A failed job stays listed for super admins (GET /api/admin/jobs/failed) for 30 days; one done is forgotten. */
  defaultJobOptions: { removeOnComplete: true, removeOnFail: { age: '30d' } },

  locations: [app.makePath('app/*/jobs/*.{ts,js}')],
})

export default queueConfig
