import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'

/** A token's `last_used_at` is written at most once per this period. */
export const LAST_USED_PRECISION_MS = 60_000

/**
 * The framework's database token provider, except in `verify`: the stock one writes
 * `last_used_at` on every request (an UPDATE per API call), and before it has checked the
 * secret or the expiry. Here the token is checked first, and its last use is recorded only
 * when the stored one is more than a minute old; the UPDATE's own condition makes parallel
 * requests and instances record it once. Nothing reads `last_used_at` for expiry: a
 * sign-in's expiry is `expires_at`, pushed only by an explicit extension (sign_in_service).
 */
export default class ThrottledAccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  async verify(tokenValue: Secret<string>): Promise<AccessToken | null> {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null

    const db = await this.getDb()
    const row = await db.query().from(this.table).where({ id: decoded.identifier, type: this.type }).limit(1).first()
    if (!row) return null

    const token = this.dbRowToAccessToken(row)
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = this.now()
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS)
    // A Date from MySQL, epoch milliseconds or text from SQLite.
    const lastUsedAt = row.last_used_at === null || row.last_used_at === undefined ? null : new Date(row.last_used_at)
    if (!lastUsedAt || !(lastUsedAt > staleBefore)) {
      await db
        .from(this.table)
        .where({ id: row.id, type: row.type })
        .where((query) => query.whereNull('last_used_at').orWhere('last_used_at', '<=', staleBefore))
        .update({ last_used_at: now })
      token.lastUsedAt = now
    }
    return token
  }

  /** The clock (a test may replace it). */
  protected now(): Date {
    return new Date()
  }
}
