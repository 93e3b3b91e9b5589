import { isDatabaseUnavailable } from '#core/database_outage'

/**
 * Whether a dependency every request may need (the database; Redis when REDIS_URL is set) is out of reach: a
 * 503 with Retry-After rather than a fault.
 */
export type Dependency = 'database' | 'redis'

/**
 * What ioredis rejects a command with while Redis is away. Socket errors never reach a command (ioredis only
 * emits them), so another server's ECONNREFUSED is never matched here.
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

export function unavailableDependency(error: unknown): Dependency | null {
  if (isDatabaseUnavailable(error)) return 'database'
  if (isRedisUnavailable(error)) return 'redis'
  return null
}
