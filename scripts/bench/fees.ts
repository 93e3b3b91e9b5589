/**
 * `npm run bench -- fees`: the booking fees report's p95 at 100,000 booking fees.
 *
 * On a scratch database (BENCH_DB_NAME, default `aero_fees_bench`, on MYSQL_HOST/PORT/USER/PASSWORD;
 * created and migrated here, dropped afterwards unless KEEP=1) it writes 100,000 fee rows over
 * five agencies, three statuses and two years, then runs the report's SQL (the GROUP BY of
 * backend/app/bookings/queries/fees_report.ts, on its index) for each filter shape, RUNS times
 * each, and prints p50/p95/max in ms. The fees' booking rows are not written (foreign key checks
 * are off for the load): the report reads booking_fees and agencies only.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import mysql from 'mysql2/promise'

const FEES = Number(process.env.FEES ?? 100_000)
const RUNS = Number(process.env.RUNS ?? 200)
const database = process.env.BENCH_DB_NAME ?? 'aero_fees_bench'
const connection = {
  host: process.env.MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.MYSQL_PORT ?? 3306),
  user: process.env.MYSQL_USER ?? 'root',
  password: process.env.MYSQL_PASSWORD ?? '',
}

const backend = fileURLToPath(new URL('../../backend/', import.meta.url))
const admin = await mysql.createConnection(connection)
await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
await admin.query(`CREATE DATABASE \`${database}\``)
const migrated = spawnSync(process.execPath, ['ace', 'migration:run', '--force'], {
  cwd: backend,
  stdio: 'inherit',
  env: { NODE_ENV: 'test', ...process.env, DB_CONNECTION: 'mysql', MYSQL_DB_NAME: database },
})
if (migrated.status !== 0) process.exit(migrated.status ?? 1)

const db = await mysql.createConnection({ ...connection, database })
await db.query('SET FOREIGN_KEY_CHECKS = 0')
const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
for (let id = 1; id <= 5; id++) {
  await db.query(
    'INSERT INTO agencies (id, name, contact_email, is_active, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)',
    [id, `Bench Agency ${id}`, `bench${id}@example.my`, now, now]
  )
}
const statuses = ['expected', 'received', 'received', 'refunded']
const methods = ['cheque', 'bank_transfer', 'fpx', 'card', 'cash']
const start = Date.UTC(2024, 0, 1)
const started = performance.now()
for (let offset = 0; offset < FEES; offset += 5000) {
  const rows = []
  for (let i = offset + 1; i <= Math.min(FEES, offset + 5000); i++) {
    const status = statuses[i % statuses.length]
    const day = new Date(start + (i % 730) * 86_400_000).toISOString().slice(0, 10)
    rows.push([
      i,
      (i % 6) + 1 > 5 ? null : (i % 6) + 1,
      1000 + (i % 50) * 100,
      methods[i % methods.length],
      status,
      status === 'expected' ? null : day,
      status === 'refunded' ? day : null,
      status === 'refunded' ? 'Booking rejected' : null,
      day,
      now,
      now,
    ])
  }
  await db.query(
    `INSERT INTO booking_fees (booking_id, agency_id, amount, method, status, received_on, refunded_on, refund_reason, reported_on, created_at, updated_at) VALUES ?`,
    [rows]
  )
}
await db.query('ANALYZE TABLE booking_fees')
console.log(`Loaded ${FEES} booking fees in ${Math.round(performance.now() - started)} ms`)

const REPORT =
  'SELECT agency_id, status, COUNT(*) AS count, SUM(amount) AS amount FROM booking_fees WHERE 1=1 {where} GROUP BY agency_id, status'
const shapes: Array<{ name: string; where: string; params: unknown[] }> = [
  { name: 'all dates, all agencies', where: '', params: [] },
  { name: 'one month', where: 'AND reported_on >= ? AND reported_on <= ?', params: ['2024-06-01', '2024-06-30'] },
  { name: 'one year', where: 'AND reported_on >= ? AND reported_on <= ?', params: ['2024-01-01', '2024-12-31'] },
  {
    name: 'one agency, one year',
    where: 'AND reported_on >= ? AND reported_on <= ? AND agency_id = ?',
    params: ['2024-01-01', '2024-12-31', 3],
  },
]
const all: number[] = []
for (const shape of shapes) {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const t = performance.now()
    await db.query(REPORT.replace('{where}', shape.where), shape.params)
    // The names of the agencies found, as the report reads them.
    await db.query('SELECT id, name FROM agencies WHERE id IN (1, 2, 3, 4, 5)')
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  all.push(...times)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1)
  console.log(`${shape.name.padEnd(24)} p50 ${at(0.5)} ms  p95 ${at(0.95)} ms  max ${at(1)} ms`)
}
all.sort((a, b) => a - b)
console.log(
  `fees report at ${FEES} fees: p95 ${all[Math.floor(0.95 * all.length)].toFixed(1)} ms over ${all.length} runs`
)
await db.end()
if (!process.env.KEEP) await admin.query(`DROP DATABASE IF EXISTS \`${database}\``)
await admin.end()
