import app from '@adonisjs/core/services/app'
import env from '#start/env'
import mysql from 'mysql2/promise'

/** Runs an Ace command as the test utils do, failing the run when it fails. */
async function ace(command: string, args: string[]) {
  const kernel = await app.container.make('ace')
  const run = await kernel.exec(command, args)
  if (run.exitCode) throw run.error ?? new Error(`"${command}" failed`)
}

/**
 * The test database's migrations, run without Lucid's migration lock: that lock is one name
 * for the whole server (GET_LOCK('1')), so test runs, browser journeys and benchmarks on
 * databases of their own would block or fail one another. Answers the rollback, run when the
 * test run ends (as testUtils.db().migrate() does).
 */
export async function migrateOwnDatabase() {
  const flags = ['--compact-output', '--no-schema-generate', '--disable-locks']
  await ace('migration:run', flags)
  return () => ace('migration:reset', flags)
}

/** Empties every table, schema kept. */
export function truncateDatabase() {
  return ace('db:truncate', [])
}

/** Creates the MySQL/MariaDB test database when it is missing (no-op on SQLite). */
export async function ensureDatabaseExists() {
  if (env.get('DB_CONNECTION') !== 'mysql') return
  const name = env.get('MYSQL_DB_NAME') ?? 'aero_test'
  if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name "${name}"`)
  const connection = await mysql.createConnection({
    host: env.get('MYSQL_HOST') ?? '127.0.0.1',
    port: env.get('MYSQL_PORT') ?? 3306,
    user: env.get('MYSQL_USER') ?? 'root',
    password: env.get('MYSQL_PASSWORD') ?? '',
  })
  await connection.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4`)
  await connection.end()
}
