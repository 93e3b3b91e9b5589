import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { stores } from '@adonisjs/session'
import type { SessionData, SessionStoreContract, SessionStoreFactory } from '@adonisjs/session/types'

/** A session's expiry is pushed at most once per this period by requests that change nothing in it. */
export const SESSION_TOUCH_PRECISION_MS = 60_000

type Options = { connectionName?: string; tableName: string }

/**
 * The framework's store, except in `touch`: the stock one writes the new expiry on every request that leaves
 * the session unchanged; here only when it would move by more than a minute.
 */
export function throttledDatabaseStore(options: Options) {
  const framework = stores.database(options)
  return configProvider.create<SessionStoreFactory>(async (app) => {
    const makeStore = await framework.resolver(app)
    const db = await app.container.make('lucid.db')
    // The connection's client is asked for on each request, as the framework does (a test's
    // global transaction stands in for it).
    return (ctx, sessionConfig) =>
      new ThrottledSessionStore(
        makeStore(ctx, sessionConfig),
        db.connection(options.connectionName),
        options.tableName,
        string.seconds.parse(sessionConfig.age) * 1000
      )
  })
}

class ThrottledSessionStore implements SessionStoreContract {
  /** The stored expiry of the session read by this request (epoch ms), or null. */
  #storedExpiry: number | null = null

  constructor(
    private framework: SessionStoreContract,
    private client: QueryClientContract,
    private tableName: string,
    private ageMs: number
  ) {}

  /** As the framework reads it (an expired session is destroyed), keeping the expiry. */
  async read(sessionId: string): Promise<SessionData | null> {
    const row = await this.client.from(this.tableName).where('id', sessionId).select('data', 'expires_at').first()
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.framework.destroy(sessionId)
      return null
    }
    this.#storedExpiry = expiresAt
    try {
      return new MessageBuilder().verify<SessionData>(row.data, sessionId)
    } catch {
      return null
    }
  }

  async write(sessionId: string, data: SessionData): Promise<void> {
    this.#storedExpiry = null
    await this.framework.write(sessionId, data)
  }

  async destroy(sessionId: string): Promise<void> {
    this.#storedExpiry = null
    await this.framework.destroy(sessionId)
  }

  async touch(sessionId: string): Promise<void> {
    const pushedBy = Date.now() + this.ageMs - (this.#storedExpiry ?? Number.NEGATIVE_INFINITY)
    if (pushedBy <= SESSION_TOUCH_PRECISION_MS) return
    await this.framework.touch(sessionId)
  }
}
