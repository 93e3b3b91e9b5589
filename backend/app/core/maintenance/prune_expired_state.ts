import db from '@adonisjs/lucid/services/db'

export type PruneReport = { rateLimits: number; sessions: number; accessTokens: number }

/**
 * Deletes what has expired and can never count again: limiter counters whose window has
 * passed (every failed login with a new email leaves one), browser sessions past their
 * 30-day window, and access tokens past their expiry (an expired token cannot be extended).
 * Idempotent: several instances may run it at once.
 */
export default class PruneExpiredState {
  async handle(now: Date = new Date()): Promise<PruneReport> {
    // rate-limiter-flexible stores `expire` in epoch milliseconds; NULL never expires.
    const rateLimits = await db.from('rate_limits').where('expire', '<', now.getTime()).delete()
    const sessions = await db.from('sessions').where('expires_at', '<', now).delete()
    const accessTokens = await db.from('auth_access_tokens').where('expires_at', '<', now).delete()
    return { rateLimits: count(rateLimits), sessions: count(sessions), accessTokens: count(accessTokens) }
  }
}

/** mysql2 answers a DELETE with [affectedRows], better-sqlite3 with the number itself. */
function count(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
