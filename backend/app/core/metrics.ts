import { createHash, timingSafeEqual } from 'node:crypto'
import { tracingChannel } from 'node:diagnostics_channel'
import { BlockList, isIP } from 'node:net'
import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import queue from '@adonisjs/queue/services/main'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import env from '#start/env'
import { openStreamCount } from '#core/live_streams'

/** Scraped at GET /metrics (docs/deploy.md, "Metrics"). Numbers only: no address, user or id is ever a label. */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

export const httpRequests = new Histogram({
  name: 'aero_http_request_duration_seconds',
  help: 'API requests by route pattern and status: how long each took to answer',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
})

export const bookingTransitions = new Counter({
  name: 'aero_booking_transitions_total',
  help: "Bookings' committed transitions by action and the statuses from and to",
  labelNames: ['action', 'from', 'to'] as const,
  registers: [registry],
})

new Gauge({
  name: 'aero_live_streams_open',
  help: 'Live-update streams (server-sent events) this instance holds open',
  registers: [registry],
  collect() {
    this.set(openStreamCount())
  },
})

new Gauge({
  name: 'aero_db_pool_connections',
  help: "Each database connection's pool: connections in use, idle, and requests waiting for one",
  labelNames: ['connection', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset()
    for (const [name, { connection }] of db.manager.connections) {
      const pool = (connection?.client as { client?: { pool?: TarnPool } } | undefined)?.client?.pool
      if (!pool) continue
      this.set({ connection: name, state: 'used' }, pool.numUsed())
      this.set({ connection: name, state: 'free' }, pool.numFree())
      this.set({ connection: name, state: 'waiting' }, pool.numPendingAcquires())
    }
  },
})

/** The pool Knex keeps (tarn.js): only what is read here. */
type TarnPool = { numUsed(): number; numFree(): number; numPendingAcquires(): number }

export const liveMessagesSent = new Counter({
  name: 'aero_live_messages_sent_total',
  help: "Live-update messages written to this instance's open streams, by channel kind (one per stream that hears it)",
  labelNames: ['channel'] as const,
  registers: [registry],
})

export const publicReads = new Counter({
  name: 'aero_public_reads_total',
  help: "The visitors' shared lot reads by kind (hub, type) and result: hit (served from the shared answer) or miss (read from the database)",
  labelNames: ['read', 'result'] as const,
  registers: [registry],
})

const databaseUp = new Gauge({
  name: 'aero_database_up',
  help: '1 when the database answered this scrape within 3 s, else 0',
  registers: [registry],
})

const queueJobs = new Gauge({
  name: 'aero_queue_jobs',
  help: 'Jobs by queue and status: in the database queue pending, active, delayed and failed (kept 30 days); in Redis pending',
  labelNames: ['queue', 'status'] as const,
  registers: [registry],
})

export const jobsExecuted = new Counter({
  name: 'aero_queue_jobs_executed_total',
  // `name`, not `job`: Prometheus's own label for the scrape job.
  help: "Jobs this instance's worker ran, by queue, job name and outcome (completed, retrying, failed)",
  labelNames: ['queue', 'name', 'status'] as const,
  registers: [registry],
})

/** What the queue library (@boringnode/queue) reports of each run, whichever driver the jobs wait in. */
type JobRun = { job?: { name?: string }; queue?: string; status?: string }

const ignore = () => {}
tracingChannel<unknown, JobRun>('boringqueue.job.execute').subscribe({
  start: ignore,
  end: ignore,
  asyncStart: ignore,
  error: ignore,
  asyncEnd(run) {
    if (!run.status) return
    jobsExecuted.inc({ queue: run.queue ?? 'default', name: run.job?.name ?? 'unknown', status: run.status })
  },
})

const PROBE_TIMEOUT_MS = 3_000

/** What this instance's settings say, once; tests change them. */
export const metricsSettings = {
  token: env.get('METRICS_TOKEN')?.release(),
  queueInDatabase: queueDriver() === 'database',
  queueInRedis: queueDriver() === 'redis',
}

function queueDriver() {
  return env.get('QUEUE_DRIVER') ?? (env.get('REDIS_URL') ? 'redis' : 'database')
}

/** The queue the app's jobs are dispatched to. */
const JOBS_QUEUE = 'default'

/**
 * With the jobs in Redis, how many wait to be picked up: the queue library's own count (one ZCARD),
 * within the probe's time limit; a Redis that does not answer leaves the series out, not at zero.
 */
async function probeRedisQueue(): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS)
  })
  queueJobs.reset()
  try {
    const pending = await Promise.race([queue.use().sizeOf(JOBS_QUEUE), timeout])
    queueJobs.set({ queue: JOBS_QUEUE, status: 'pending' }, pending)
  } catch {
    // Readiness names the unreachable Redis; the scrape still answers.
  } finally {
    clearTimeout(timer)
  }
}

/** One query per scrape, on the primary pool (never a request's transaction). */
async function probeDatabase(): Promise<void> {
  const client = db.manager.get(db.primaryConnectionName)?.connection?.client
  if (!client) return void databaseUp.set(0)
  const countsQueue = metricsSettings.queueInDatabase
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS)
  })
  try {
    const query = countsQueue
      ? client('queue_jobs').select('queue', 'status').count('* as total').groupBy('queue', 'status')
      : client.raw('select 1')
    const rows = await Promise.race([query, timeout])
    databaseUp.set(1)
    if (countsQueue) {
      queueJobs.reset()
      for (const row of rows as Array<{ queue: string; status: string; total: number | string }>) {
        if (row.status !== 'completed') queueJobs.set({ queue: row.queue, status: row.status }, Number(row.total))
      }
    }
  } catch {
    databaseUp.set(0)
  } finally {
    clearTimeout(timer)
  }
}

export async function metricsText(): Promise<{ contentType: string; body: string }> {
  await Promise.all([probeDatabase(), metricsSettings.queueInRedis ? probeRedisQueue() : undefined])
  return { contentType: registry.contentType, body: await registry.metrics() }
}

/**
 * Each route and status's own series, bound once: observing through a bound child skips prom-client's
 * label check and hashing on every request. Bounded: route patterns and statuses are few.
 */
const requestSeries = new Map<string, { observe(seconds: number): void }>()

/**
 * A request answered, timed by the API's own middleware from its start until the answer (an error's
 * too) is ready to write; not the framework's `http:request_completed`, whose listener costs every
 * request a timer and a finish hook.
 */
export function recordRequest(ctx: HttpContext, seconds: number): void {
  const method = ctx.request.method()
  // The pattern, never the path: one series per route, not per lot or booking.
  const route = ctx.route?.pattern ?? 'unmatched'
  const status = ctx.response.getStatus()
  const key = `${method} ${status} ${route}`
  let series = requestSeries.get(key)
  if (!series) {
    series = httpRequests.labels(method, route, String(status))
    requestSeries.set(key, series)
  }
  series.observe(seconds)
}

const PRIVATE_NETWORKS = new BlockList()
for (const [address, bits] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  PRIVATE_NETWORKS.addSubnet(address, bits, 'ipv4')
}
for (const [address, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE_NETWORKS.addSubnet(address, bits, 'ipv6')
}

/** Loopback and private ranges (RFC 1918, IPv6 unique-local and link-local), IPv4-mapped ones too. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  return family !== 0 && PRIVATE_NETWORKS.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Private network, or METRICS_TOKEN as a Bearer. Behind a trusted proxy `request.ip()` is the visitor's, so a
 * public visitor relayed by nginx or the gateway is refused like one who came straight.
 */
export function mayReadMetrics(ctx: HttpContext): boolean {
  const token = metricsSettings.token
  const given = /^Bearer (.+)$/i.exec(ctx.request.header('authorization') ?? '')?.[1]
  if (token && given !== undefined) return timingSafeEqual(digest(token), digest(given))
  return isPrivateAddress(ctx.request.ip())
}
