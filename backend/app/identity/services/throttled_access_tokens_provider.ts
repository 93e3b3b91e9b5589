import type { Secret } from '@adonisjs/core/helpers'
import type { LucidModel } from '@adonisjs/lucid/types/model'
import { AccessToken, DbAccessTokensProvider } from '@adonisjs/auth/access_tokens'

/** A token's `last_used_at` is written at most once per this period. */
export const LAST_USED_PRECISION_MS = 60_000

/** The token table's columns, read under a prefix next to the owner's row. */
const TOKEN_COLUMNS = [
  'id',
  'tokenable_id',
  'type',
  'name',
  'hash',
  'abilities',
  'created_at',
  'updated_at',
  'last_used_at',
  'expires_at',
] as const
const PREFIX = 'token__'

type Row = Record<string, unknown>

/** A verified token and its owner's row as the database sent it. */
export type VerifiedToken = { token: AccessToken; owner: Row }

/**
 * The framework's provider, except in `verify`: the stock one writes `last_used_at` on every request, before
 * checking the secret; here it is written after the check and at most once a minute (nothing reads it for
 * expiry). `verifyWithOwner` reads the owner in the same query.
 */
export default class ThrottledAccessTokensProvider<
  TokenableModel extends LucidModel,
> extends DbAccessTokensProvider<TokenableModel> {
  async verify(tokenValue: Secret<string>): Promise<AccessToken | null> {
    return (await this.verifyWithOwner(tokenValue))?.token ?? null
  }

  async verifyWithOwner(tokenValue: Secret<string>): Promise<VerifiedToken | null> {
    const decoded = AccessToken.decode(this.prefix, tokenValue.release())
    if (!decoded) return null

    const db = await this.getDb()
    // Built once: a bearer request only binds its values (measured on GET /api/users/me).
    this.#joinSql ??= this.joinQuery(db).toSQL().sql
    const result = await db.rawQuery(this.#joinSql, [decoded.identifier, this.type, 1])
    // mysql2 answers [rows, fields]; SQLite the rows.
    const rows = (Array.isArray(result[0]) ? result[0] : result) as Row[]
    const joined = rows[0]
    if (!joined) return null
    const { row, owner } = split(joined)

    const token = this.dbRowToAccessToken(row as unknown as Parameters<typeof this.dbRowToAccessToken>[0])
    if (!token.verify(decoded.secret) || token.isExpired()) return null

    const now = this.now()
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS)
    // A Date from MySQL, epoch milliseconds or text from SQLite.
    const lastUsed = row.last_used_at as Date | number | string | null | undefined
    const lastUsedAt = lastUsed === null || lastUsed === undefined ? null : new Date(lastUsed)
    if (!lastUsedAt || !(lastUsedAt > staleBefore)) {
      await db
        .from(this.table)
        .where({ id: row.id, type: row.type })
        .where((query) => query.whereNull('last_used_at').orWhere('last_used_at', '<=', staleBefore))
        .update({ last_used_at: now })
      token.lastUsedAt = now
    }
    return { token, owner }
  }

  #joinSql?: string

  /** The token (by id and type) and its owner's row, its columns under PREFIX. */
  protected joinQuery(db: Awaited<ReturnType<typeof this.getDb>>) {
    const model = this.options.tokenableModel
    const owners = model.table
    const ownerKey = model.$keys.attributesToColumns.get(model.primaryKey)
    return db
      .query()
      .from(this.table)
      .join(owners, `${owners}.${ownerKey}`, `${this.table}.tokenable_id`)
      .where(`${this.table}.id`, 0)
      .where(`${this.table}.type`, this.type)
      .select(`${owners}.*`, ...TOKEN_COLUMNS.map((column) => `${this.table}.${column} as ${PREFIX}${column}`))
      .limit(1)
  }

  protected now(): Date {
    return new Date()
  }
}

/** The joined row taken apart: the token's columns (unprefixed) and the owner's. */
function split(joined: Row): { row: Row; owner: Row } {
  const row: Row = {}
  const owner: Row = {}
  for (const [name, value] of Object.entries(joined)) {
    if (name.startsWith(PREFIX)) row[name.slice(PREFIX.length)] = value
    else owner[name] = value
  }
  return { row, owner }
}
