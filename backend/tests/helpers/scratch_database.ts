import mysql from 'mysql2/promise'
import env from '#start/env'

export type ScratchDatabase = {
  name: string
  /** The tables the database holds now. */
  tables: () => Promise<string[]>
  /** How many rows `table` holds. */
  count: (table: string) => Promise<number>
  drop: () => Promise<void>
}

/**
 * A MySQL database of its own beside the test run's (`<MYSQL_DB_NAME>_<suffix>`), created
 * empty, for what a test runs in other processes (a deploy step, a server) from scratch.
 */
export async function scratchDatabase(suffix: string): Promise<ScratchDatabase> {
  const name = `${env.get('MYSQL_DB_NAME') ?? 'aero_test'}_${suffix}`
  if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name "${name}"`)
  const connection = await mysql.createConnection({
    host: env.get('MYSQL_HOST') ?? '127.0.0.1',
    port: env.get('MYSQL_PORT') ?? 3306,
    user: env.get('MYSQL_USER') ?? 'root',
    password: env.get('MYSQL_PASSWORD') ?? '',
  })
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
  return {
    name,
    async tables() {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(
        'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?',
        [name]
      )
      return rows.map((row) => String(row.name))
    },
    async count(table) {
      const [rows] = await connection.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS total FROM \`${name}\`.??`, [
        table,
      ])
      return Number(rows[0].total)
    },
    async drop() {
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
      await connection.end()
    },
  }
}
