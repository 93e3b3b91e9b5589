import { createHash } from 'node:crypto'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'

/** Lucid's own bookkeeping: the restore's migrations write it, never the archive. */
export const MIGRATION_TABLES = ['adonis_schema', 'adonis_schema_versions']

export type Dialect = 'mysql' | 'sqlite'

export function dialectOf(client: QueryClientContract): Dialect {
  const name = client.dialect.name
  if (name === 'mysql') return 'mysql'
  if (name === 'better-sqlite3' || name === 'sqlite3') return 'sqlite'
  throw new Error(`Backups support MySQL/MariaDB and SQLite, not ${name}`)
}

/**
 * A value as one JSON line keeps it: dates and bytes tagged so they come back as they were, a JSON column
 * the driver parsed as its text.
 */
function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() }
  if (Buffer.isBuffer(value)) return { $bytes: value.toString('base64') }
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  if (typeof value === 'bigint') return value.toString()
  return value
}

function decodeValue(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    const tagged = value as { $date?: string; $bytes?: string }
    if (typeof tagged.$date === 'string') return new Date(tagged.$date)
    if (typeof tagged.$bytes === 'string') return Buffer.from(tagged.$bytes, 'base64')
  }
  return value
}

export function encodeRow(row: Record<string, unknown>) {
  const encoded: Record<string, unknown> = {}
  for (const [column, value] of Object.entries(row)) encoded[column] = encodeValue(value)
  return JSON.stringify(encoded)
}

export function decodeRow(line: string) {
  const row = JSON.parse(line) as Record<string, unknown>
  for (const column of Object.keys(row)) row[column] = decodeValue(row[column])
  return row
}

/** The tables, read through `client` itself (Lucid's own listing takes another connection, which SQLite's one-connection pool does not have inside a transaction). */
export async function tablesOf(client: QueryClientContract): Promise<string[]> {
  const rows = (
    dialectOf(client) === 'mysql'
      ? await client
          .from('information_schema.tables')
          .select('table_name as name')
          .where('table_type', 'BASE TABLE')
          .whereRaw('table_schema = DATABASE()')
      : await client.from('sqlite_master').select('name').where('type', 'table').whereNot('name', 'like', 'sqlite_%')
  ) as Array<{ name: string }>
  return rows.map((row) => row.name).sort()
}

export type TableDump = { table: string; rows: number; sha256: string; lines: string }

/**
 * Every row of `table` as JSON lines, in the order of all its columns (the same content dumps the same),
 * handed to `write` as they stream from the server (MySQL), so no table is held in memory whole.
 */
export async function streamTable(
  client: QueryClientContract,
  table: string,
  write: (lines: string) => void | Promise<void>
): Promise<{ rows: number; sha256: string }> {
  // The columns are counted on a row (knex's column listing does not work inside a transaction).
  const [first] = (await client.from(table).select('*').limit(1)) as Record<string, unknown>[]
  const hash = createHash('sha256')
  let rows = 0
  if (first) {
    const order = Object.keys(first)
      .map((_, index) => String(index + 1))
      .join(', ')
    let pending = ''
    for await (const row of client.from(table).select('*').orderByRaw(order).knexQuery.stream()) {
      pending += encodeRow(row as Record<string, unknown>) + '\n'
      rows++
      if (pending.length >= 1 << 20) {
        hash.update(pending)
        await write(pending)
        pending = ''
      }
    }
    if (pending) {
      hash.update(pending)
      await write(pending)
    }
  }
  return { rows, sha256: hash.digest('hex') }
}

/** The whole table's dump in memory: for comparisons. */
export async function dumpTable(client: QueryClientContract, table: string): Promise<TableDump> {
  let lines = ''
  const { rows, sha256 } = await streamTable(client, table, (chunk) => {
    lines += chunk
  })
  return { table, rows, sha256, lines }
}

/**
 * Tables ordered so that a table comes after the tables it references (self references and cycles left
 * as found: the load defers the foreign key checks anyway).
 */
export async function dependencyOrder(client: QueryClientContract, tables: string[]): Promise<string[]> {
  const references = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]))
  if (dialectOf(client) === 'mysql') {
    const rows = (await client
      .from('information_schema.KEY_COLUMN_USAGE')
      .select('TABLE_NAME as table', 'REFERENCED_TABLE_NAME as referenced')
      .whereRaw('TABLE_SCHEMA = DATABASE()')
      .whereNotNull('REFERENCED_TABLE_NAME')) as Array<{ table: string; referenced: string }>
    for (const row of rows) references.get(row.table)?.add(row.referenced)
  } else {
    for (const table of tables) {
      const rows = (await client.rawQuery(`PRAGMA foreign_key_list(${quoteSqlite(table)})`)) as Array<{ table: string }>
      for (const row of rows) references.get(table)?.add(row.table)
    }
  }
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return
    visiting.add(table)
    for (const referenced of references.get(table) ?? []) if (referenced !== table) visit(referenced)
    visiting.delete(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}

function quoteSqlite(name: string) {
  return `"${name.replaceAll('"', '""')}"`
}

/** Foreign keys are checked at the end (SQLite) or not during the load (MySQL), so rows load in any order. */
export async function deferForeignKeys(trx: TransactionClientContract) {
  if (dialectOf(trx) === 'mysql') await trx.rawQuery('SET FOREIGN_KEY_CHECKS = 0')
  else await trx.rawQuery('PRAGMA defer_foreign_keys = ON')
}

export async function restoreForeignKeys(trx: TransactionClientContract) {
  if (dialectOf(trx) === 'mysql') await trx.rawQuery('SET FOREIGN_KEY_CHECKS = 1')
}

/** Inserts the table's rows as they are read, in batches small enough for SQLite's limit on bound values. */
export async function loadTable(trx: TransactionClientContract, table: string, lines: AsyncIterable<string>) {
  let batch: Record<string, unknown>[] = []
  let size = 0
  let total = 0
  const flush = async () => {
    if (batch.length) await trx.insertQuery().table(table).multiInsert(batch)
    total += batch.length
    batch = []
  }
  for await (const line of lines) {
    if (!line) continue
    const row = decodeRow(line)
    size ||= Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, Object.keys(row).length))))
    batch.push(row)
    if (batch.length >= size) await flush()
  }
  await flush()
  return total
}

export async function countRows(client: QueryClientContract, table: string) {
  const [{ total }] = (await client.from(table).count('* as total')) as Array<{ total: number | string }>
  return Number(total)
}
