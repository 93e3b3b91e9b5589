import env from '#start/env'
import { defineConfig } from '@adonisjs/redis'
import type { InferConnections } from '@adonisjs/redis/types'
import type { RedisOptions } from 'ioredis'

/**
 * Redis, when REDIS_URL is set: what several instances of the backend share (docs/deploy.md).
 * The limiter's counts (config/limiter.ts), the live updates' bus (config/transmit.ts) and, with
 * it, the dropping of every instance's shared lot reads. Without REDIS_URL nothing connects to
 * Redis and one instance keeps all of that in its database and memory (the embedded start).
 */
export const redisUrl = env.get('REDIS_URL')

/**
 * What this deployment's keys and channels start with, so that deployments (or test runs)
 * sharing one Redis stay apart. Pub/sub channels ignore the database number in the URL.
 */
export const redisPrefix = env.get('REDIS_PREFIX') ?? 'aero:'

/** A reconnection every 0.2 s more, 2 s apart at most, for as long as Redis is away. */
const retryStrategy = (times: number) => Math.min(times * 200, 2_000)

/** How long a connection attempt, and then a command, may take before it fails. */
const CONNECT_TIMEOUT_MS = 2_000
const COMMAND_TIMEOUT_MS = 2_000

/**
 * `redis://[user:password@]host[:port][/db]` (`rediss://` over TLS) as a connection's options.
 * While Redis is away a request answers 503 (#core/dependency_outage) instead of hanging: a
 * command waits through two reconnection attempts at most, and never more than
 * COMMAND_TIMEOUT_MS, whether Redis refuses connections, never answers them, or stops
 * answering commands.
 */
export function redisOptions(url: string): RedisOptions {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new Error('REDIS_URL is not a URL (redis://[user:password@]host[:port][/db])')
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new Error(`REDIS_URL must start with redis:// or rediss://, not ${parsed.protocol}//`)
  }
  const db = parsed.pathname.replace(/^\//, '')
  if (db !== '' && !/^\d+$/.test(db)) throw new Error(`REDIS_URL: "/${db}" is not a database number`)
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : 6379,
    username: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
    db: db === '' ? 0 : Number(db),
    tls: parsed.protocol === 'rediss:' ? { servername: parsed.hostname } : undefined,
    retryStrategy,
    maxRetriesPerRequest: 2,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
  }
}

const redisConfig = defineConfig({
  connection: 'main',
  connections: {
    /** Made only when something uses it, which nothing does without REDIS_URL. */
    main: redisOptions(redisUrl ?? 'redis://127.0.0.1:6379'),
    /**
     * The job queue's (config/queue.ts): its keys under this deployment's prefix, which its
     * adapter leaves to the connection.
     */
    queue: { ...redisOptions(redisUrl ?? 'redis://127.0.0.1:6379'), keyPrefix: `${redisPrefix}queue::` },
  },
})

export default redisConfig

declare module '@adonisjs/redis/types' {
  export interface RedisConnections extends InferConnections<typeof redisConfig> {}
}
