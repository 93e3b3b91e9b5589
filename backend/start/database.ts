import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { ConnectionContract } from '@adonisjs/lucid/types/database'
import { queryTimeoutMs } from '#config/database'
import { limitQueries } from '#core/query_timeout'

/**
 * The web server's MySQL queries wait DB_QUERY_TIMEOUT_MS at most (#core/query_timeout): a
 * stalled database answers 503 instead of holding requests. Ace commands (migrations, batch
 * jobs) keep knex's unlimited wait. SQLite (the embedded start) runs a query without yielding,
 * so no timer could end it, and it has no KILL QUERY: it is left as it is.
 */
function limit(connection: ConnectionContract) {
  if (connection.clientName !== 'mysql2' && connection.clientName !== 'mysql') return
  for (const client of new Set([connection.client, connection.readClient])) {
    if (client) limitQueries(client, queryTimeoutMs)
  }
}

if (queryTimeoutMs > 0) {
  emitter.on('db:connection:connect', limit)
  for (const { connection } of db.manager.connections.values()) if (connection?.ready) limit(connection)
}
