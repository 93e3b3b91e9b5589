import type { Knex } from 'knex'

/**
 * A time limit on every query of a Lucid connection: past it, knex answers KnexTimeoutError
 * (a 503 with Retry-After, #core/database_outage) and cancels the statement with KILL QUERY
 * from a connection of its own, so a write stalled behind a lock cannot land after the client
 * was told to try again; a transaction it belonged to is rolled back as on any error.
 *
 * knex takes a time limit per query only (`.timeout(ms, { cancel: true })`, which still wins
 * where a query sets one); this gives every query the same one. Its runner reads `obj.timeout`
 * after handing the query to the client, so the client's `query` sets it. Transactions run
 * on a client made from the class's prototype, which is why the limit goes there, kept per
 * connection's config (a transaction's client shares its parent's).
 *
 * Each query is limited, not a request: an import or an export of many quick queries is as
 * long as it needs to be; only a query that waits is cut.
 */

type QueryObject = { timeout?: number; cancelOnTimeout?: boolean }
type Client = Knex.Client & { query: (connection: unknown, obj: unknown) => Promise<unknown> }

const limits = new WeakMap<object, number>()
const patched = new WeakSet<object>()

export function limitQueries(knex: Knex, timeoutMs: number) {
  const client = knex.client as Client
  limits.set(client.config, timeoutMs)
  const prototype = Object.getPrototypeOf(client) as Client
  if (patched.has(prototype)) return
  patched.add(prototype)
  const query = prototype.query
  prototype.query = function (this: Client, connection: unknown, obj: unknown) {
    const limit = limits.get(this.config)
    if (limit && obj !== null && typeof obj === 'object' && !(obj as QueryObject).timeout) {
      Object.assign(obj, { timeout: limit, cancelOnTimeout: true } satisfies QueryObject)
    }
    return query.call(this, connection, obj)
  }
}
