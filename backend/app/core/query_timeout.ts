import type { Knex } from 'knex'

/**
 * A time limit on every query of a connection: past it knex answers KnexTimeoutError (a 503) and cancels the
 * statement with KILL QUERY, so a write stalled behind a lock cannot land after the client was told to
 * retry. knex only limits per query, and reads `obj.timeout` after handing the query to the client, so the
 * limit is set in the client's `query`, on the prototype that transactions' clients share. Each query is
 * limited, not a request: only a query that waits is cut.
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
