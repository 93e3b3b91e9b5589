import { isDatabaseUnavailable } from '#core/database_outage'

/**
 * Whether an error means a dependency every request may need (the database; Redis, when
 * REDIS_URL is set) is out of reach, as opposed to a fault. The exception handler answers the
 * first with 503 and Retry-After: the same request is likely to succeed in a moment.
 */
export type Dependency = 'database' | 'redis'

/**
 * What ioredis rejects a command with while Redis is away (config/redis.ts bounds the wait):
 * the connection closed for good, an offline queue turned off, no reply in time, and
 * rate-limiter-flexible's own refusal. A socket error (ECONNREFUSED, ...) never reaches a
 * command: ioredis only emits it, so a mail or storage server's ECONNREFUSED is not matched
 * here. Only errors without a code are read, by their exact words.
 */
const REDIS_MESSAGES = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
  'Redis connection is not ready',
])

export function isRedisUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const { name, code, message } = current as { name?: unknown; code?: unknown; message?: unknown }
    // A queued command dropped after the reconnections it may wait through.
    if (name === 'MaxRetriesPerRequestError') return true
    if (code === undefined && typeof message === 'string' && REDIS_MESSAGES.has(message)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** The dependency an error says is out of reach, if any. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (isDatabaseUnavailable(error)) return 'database'
  if (isRedisUnavailable(error)) return 'redis'
  return null
}
