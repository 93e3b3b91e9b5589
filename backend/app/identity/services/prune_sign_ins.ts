import db from '@adonisjs/lucid/services/db'
import { deletedRows } from '#core/maintenance/prune_expired_state'
import { SESSION_TOKEN_KEY } from '#identity/services/sign_in_service'

export type SignInPruneReport = { sessions: number; accessTokens: number; deviceLinks: number }

const TOKENS = 'auth_access_tokens'
const SESSIONS = 'sessions'
const DEVICE_LINKS = 'device_trust_links'
const BATCH = 500

/**
 * Kept a day so the owner's next visit is told "Your session has expired" (requirements:
 * account.md#sessions) rather than treated as never signed in.
 */
export const EXPIRED_SIGN_IN_KEPT_MS = 24 * 60 * 60 * 1000

/**
 * Access tokens expired over a day ago, and browser sessions past their cookie age or holding no live
 * sign-in (they would be signed out on their next request anyway), and expired device links. Idempotent:
 * several instances may run it at once.
 */
export default class PruneSignIns {
  async handle(now: Date = new Date()): Promise<SignInPruneReport> {
    const cutoff = new Date(now.getTime() - EXPIRED_SIGN_IN_KEPT_MS)
    const accessTokens = deletedRows(await db.from(TOKENS).where('expires_at', '<', cutoff).delete())
    let sessions = deletedRows(await db.from(SESSIONS).where('expires_at', '<', now).delete())
    const deviceLinks = deletedRows(await db.from(DEVICE_LINKS).where('expires_at', '<', now).delete())

    // The rest is read in batches: a session's sign-in token is inside its data.
    let after = ''
    for (;;) {
      const rows: { id: string; data: string }[] = await db
        .from(SESSIONS)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .select('id', 'data')
      if (rows.length === 0) break
      after = rows[rows.length - 1].id

      const tokenIds = new Map(rows.map((row) => [row.id, signInTokenId(row.data)]))
      const wanted = [...new Set([...tokenIds.values()].filter((id): id is string => id !== null))]
      const live = new Set(
        wanted.length === 0
          ? []
          : (
              await db
                .from(TOKENS)
                .whereIn('id', wanted)
                .where((query) => query.whereNull('expires_at').orWhere('expires_at', '>=', cutoff))
                .select('id')
            ).map((row: { id: number | string }) => String(row.id))
      )
      const dead = rows.filter((row) => {
        const tokenId = tokenIds.get(row.id)
        return tokenId === null || tokenId === undefined || !live.has(tokenId)
      })
      if (dead.length > 0) {
        sessions += deletedRows(
          await db
            .from(SESSIONS)
            .whereIn(
              'id',
              dead.map((row) => row.id)
            )
            .delete()
        )
      }
      if (rows.length < BATCH) break
    }
    return { sessions, accessTokens, deviceLinks }
  }
}

/** The sign-in token id a stored session holds (the store keeps `{ message: values, purpose }` as JSON). */
function signInTokenId(data: string): string | null {
  try {
    const parsed = JSON.parse(data) as { message?: Record<string, unknown> }
    const value = parsed?.message?.[SESSION_TOKEN_KEY]
    return typeof value === 'string' || typeof value === 'number' ? String(value) : null
  } catch {
    return null
  }
}
