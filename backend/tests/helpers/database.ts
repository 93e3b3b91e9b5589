import env from '#start/env'
import mysql from 'mysql2/promise'

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
