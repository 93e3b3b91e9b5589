import env from '#start/env'
import { backendPath, MIGRATIONS_FOLDER } from '#core/paths'
import { defineConfig } from '@adonisjs/lucid'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * Migrations and seeders live in the top-level `database/` workspace, the schema's
 * single source for both engines.
 */
const migrations = { naturalSort: true, paths: [MIGRATIONS_FOLDER] }
const seeders = { paths: ['../database/seeders'] }

/**
 * How long one query may take in the web server before it is cancelled and the request answers
 * 503 (start/database.ts); 0 for no limit.
 */
export const queryTimeoutMs = env.get('DB_QUERY_TIMEOUT_MS') ?? 5_000

const sqliteFile = backendPath(env.get('SQLITE_PATH') ?? 'tmp/aero.sqlite3')
if (env.get('DB_CONNECTION') === 'sqlite') mkdirSync(dirname(sqliteFile), { recursive: true })

const dbConfig = defineConfig({
  connection: env.get('DB_CONNECTION'),
  prettyPrintDebugQueries: false,
  connections: {
    sqlite: {
      client: 'better-sqlite3',
      connection: {
        filename: sqliteFile,
      },
      useNullAsDefault: true,
      migrations,
      seeders,
      schemaGeneration: { enabled: false },
    },
    mysql: {
      client: 'mysql2',
      connection: {
        host: env.get('MYSQL_HOST') ?? '127.0.0.1',
        port: env.get('MYSQL_PORT') ?? 3306,
        user: env.get('MYSQL_USER') ?? 'root',
        password: env.get('MYSQL_PASSWORD') ?? '',
        database: env.get('MYSQL_DB_NAME') ?? 'aero',
        timezone: 'Z',
        dateStrings: false,
      },
      /**
       * A request waits at most 5 s for a connection (knex's default is 60 s): during an outage,
       * or with every connection busy, it answers 503 with Retry-After instead of hanging
       * (#core/database_outage).
       */
      pool: { min: 2, max: 20, acquireTimeoutMillis: 5_000 },
      migrations,
      seeders,
      schemaGeneration: { enabled: false },
    },
  },
})

export default dbConfig
