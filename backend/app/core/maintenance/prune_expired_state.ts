import db from '@adonisjs/lucid/services/db'

export type PruneReport = { rateLimits: number; sessions: number; accessTokens: number }

/** Deletes the sign-ins (browser sessions, access tokens) that can never be used again: the identity module's. */
export interface SignInPruner {
  handle(now: Date): Promise<Pick<PruneReport, 'sessions' | 'accessTokens'>>
}

/**
 * Deletes limiter counters whose window has passed (every failed login with a new email leaves one) and,
 * through `signIns`, dead sign-ins. Idempotent: several instances may run it at once.
 */
export default class PruneExpiredState {
  constructor(private signIns: SignInPruner) {}

  async handle(now: Date = new Date()): Promise<PruneReport> {
    // rate-limiter-flexible stores `expire` in epoch milliseconds; NULL never expires.
    const rateLimits = deletedRows(await db.from('rate_limits').where('expire', '<', now.getTime()).delete())
    return { rateLimits, ...(await this.signIns.handle(now)) }
  }
}

/** mysql2 answers a DELETE with [affectedRows], better-sqlite3 with the number itself. */
export function deletedRows(result: unknown): number {
  return Number(Array.isArray(result) ? result[0] : result) || 0
}
