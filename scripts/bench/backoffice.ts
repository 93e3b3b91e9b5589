/**
 * `npm run bench -- backoffice`: the backoffice's two budgets, measured the production way.
 *
 * 1. First screen: the JavaScript index.html makes the browser fetch before anything else
 *    (the entry chunk and every modulepreload), gzip bytes. Target <= 250 kB. The build
 *    is run first, so the figure is the current code's.
 * 2. GET /api/bookings/admin for one page (range [0,24]) sorted by createdAt and filtered
 *    by status, as the Booking Approvals screen asks it: p95 over sequential requests with
 *    1,000 bookings and with 100,000, requests alternating between the two. Target p95
 *    <= 30 ms and within 1.5x of the small database's. The bookings are bulk-inserted into
 *    their own databases, `aero_bench_bookings` (100,000) and `aero_bench_bookings_1k`,
 *    recreated on every run after migrations and the demo seed.
 *
 * Database settings come from MYSQL_* (default root@127.0.0.1:3306). Exits 1 when the first
 * screen's budget or the 1.5x growth is missed; the 30 ms p95 is printed beside it, but an
 * absolute time depends on the machine (a ratio holds), so it does not fail the run.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import mysql from 'mysql2/promise'
import { mysqlServer as connection, startStack, type Stack } from '../stack.ts'

const root = join(import.meta.dirname, '../..')
const backofficeDir = join(root, 'backoffice')
const database = 'aero_bench_bookings'

const FIRST_SCREEN_BUDGET_KB = 250
const P95_BUDGET_MS = 30
const MAX_GROWTH = 1.5
const SMALL = 1_000
const LARGE = 100_000
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300)
const WARM_UP = 30
/** The Booking Approvals tabs; `pending` is the one measured against the budget. */
const STATUS_FILTERS = ['pending', 'approved', 'sold', 'rejected'] as const
const MEASURED_FILTER = 'pending'

/**
 * Bookings as they pile up over the years: most are decided; a few wait. Shares of the
 * bulk rows, by status.
 */
const STATUS_SHARES: Array<[string, number]> = [
  ['pending_agent', 0.02],
  ['pending_admin', 0.02],
  ['approved', 0.08],
  ['sold', 0.18],
  ['completed', 0.05],
  ['rejected', 0.15],
  ['rejected_by_agent', 0.1],
  ['cancelled', 0.2],
  ['expired', 0.2],
]

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
  return result.stdout
}

function kB(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} kB`
}

/** 1. The JavaScript of the first screen, from the fresh build's index.html. */
function firstScreen(): { ok: boolean } {
  console.log('\n== Backoffice first screen (vite build, then index.html)')
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], backofficeDir)
  const dist = join(backofficeDir, 'dist')
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  const base = '/backoffice/'
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((match) => attribute(match[0], 'src'))
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*>/g)].map((match) =>
    attribute(match[0], 'href')
  )
  const files = [...scripts, ...preloads].filter((src): src is string => !!src)
  let total = 0
  for (const src of files) {
    const file = join(dist, src.startsWith(base) ? src.slice(base.length) : src)
    const content = readFileSync(file)
    const gzip = gzipSync(content).length
    total += gzip
    console.log(`${src.padEnd(48)} ${kB(content.length).padStart(10)}  gzip ${kB(gzip).padStart(9)}`)
  }
  const ok = total <= FIRST_SCREEN_BUDGET_KB * 1024
  console.log(
    `first screen: ${files.length} file(s), gzip ${kB(total)} (target <= ${FIRST_SCREEN_BUDGET_KB} kB) ${ok ? 'OK' : 'OVER'}`
  )
  return { ok }
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Bulk-inserts bookings until the table holds `target` rows, 5,000 rows per INSERT. */
async function fillBookings(db: mysql.Connection, target: number) {
  const [[{ total }]] = (await db.query('select count(*) as total from bookings')) as unknown as [[{ total: number }]]
  const missing = target - Number(total)
  if (missing <= 0) return
  const [lots] = (await db.query('select id from lots')) as unknown as [Array<{ id: number }>]
  const [agencies] = (await db.query('select id from agencies')) as unknown as [Array<{ id: number }>]
  const [users] = (await db.query("select id, name, email from users where role = 'user'")) as unknown as [
    Array<{ id: number; name: string; email: string }>,
  ]
  const [[agent]] = (await db.query(
    "select id from users where role = 'agent_admin' order by id limit 1"
  )) as unknown as [[{ id: number }]]
  const cumulative: Array<[string, number]> = []
  let sum = 0
  for (const [status, share] of STATUS_SHARES) cumulative.push([status, (sum += share)])
  const pickStatus = (i: number) => {
    const x = ((i * 7919) % 10_000) / 10_000
    return (cumulative.find(([, bound]) => x < bound) ?? cumulative[cumulative.length - 1])[0]
  }
  const now = Date.now()
  const twoYears = 2 * 365 * 24 * 3600 * 1000
  const sqlDate = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')

  const BATCH = 5_000
  for (let done = 0; done < missing; done += BATCH) {
    const rows: unknown[][] = []
    for (let i = done; i < Math.min(missing, done + BATCH); i++) {
      const n = Number(total) + i
      const user = users[n % users.length]
      const createdAt = now - Math.floor((((n * 104_729) % 1_000_003) / 1_000_003) * twoYears)
      const byAgent = n % 3 === 0
      rows.push([
        lots[n % lots.length].id,
        null, // only live bookings hold their lot; the bulk rows are history
        user.id,
        byAgent ? agent.id : user.id,
        byAgent ? 'agent' : 'user',
        agencies[n % agencies.length].id,
        pickStatus(n),
        `Bench booking ${n}`,
        user.name,
        user.email,
        '0123456789',
        sqlDate(createdAt),
        sqlDate(createdAt + 3_600_000),
      ])
    }
    await db.query(
      'insert into bookings (lot_id, active_lot_id, user_id, created_by_id, created_by, agency_id, status, request_message, creator_name, creator_email, creator_phone, created_at, updated_at) values ?',
      [rows]
    )
  }
  await db.query('analyze table bookings')
}

interface Figures {
  p50: number
  p95: number
  p99: number
}

function summarize(times: number[]): Figures {
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) }
}

async function timeOnce(url: string, token: string) {
  const started = performance.now()
  const response = await fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`)
  return performance.now() - started
}

function listUrl(base: string, status: string) {
  const query = new URLSearchParams({
    sort: JSON.stringify(['createdAt', 'DESC']),
    range: JSON.stringify([0, 24]),
    filter: JSON.stringify({ status }),
  })
  return `${base}/api/bookings/admin?${query}`
}

interface Measured extends Stack {
  token: string
}

/** A database with the demo data, 1,000 extra clients and `size` bookings, and a backend on it. */
async function startMeasured(name: string, size: number): Promise<Measured> {
  const stack = await startStack({
    database: { client: 'mysql', name },
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
    prepare: () => addBookings(name, size),
  })
  const login = await fetch(`${stack.backendURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email: 'admin@aero-demo.my', password: 'Demo@2024' }),
  })
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`)
  const { token } = (await login.json()) as { token: string }
  return { ...stack, token }
}

/** 1,000 accounts of role user (the hash is never checked here) and bookings up to `size`. */
async function addBookings(name: string, size: number) {
  const db = await mysql.createConnection({ ...connection, database: name })
  const stamp = new Date().toISOString().slice(0, 19).replace('T', ' ')
  const people = Array.from({ length: 1_000 }, (_, i) => [
    `Bench Client ${i}`,
    `bench.client.${i}@example.my`,
    'not-a-login',
    'user',
    'Member',
    'none',
    stamp,
    stamp,
  ])
  await db.query(
    'insert into users (name, email, password, role, position, agency_status, created_at, updated_at) values ?',
    [people]
  )
  await fillBookings(db, size)
  await db.end()
}

/**
 * 2. The admin bookings list on 1,000 and on 100,000 bookings. Each size has its own
 * database and backend; requests alternate between the two, one at a time, so that
 * whatever else the machine is doing weighs on both alike.
 */
async function bookingsList(): Promise<{ ok: boolean }> {
  const small = await startMeasured(`${database}_1k`, SMALL)
  const large = await startMeasured(database, LARGE)
  console.log(
    `\n== GET /api/bookings/admin, range [0,24], sort createdAt DESC: ${SMALL.toLocaleString('en-US')} vs ${LARGE.toLocaleString('en-US')} bookings, ` +
      `${REQUESTS} sequential requests each, alternating`
  )
  const measured: Record<string, [Figures, Figures]> = {}
  for (const status of STATUS_FILTERS) {
    const times: [number[], number[]] = [[], []]
    for (let i = 0; i < WARM_UP + REQUESTS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0]
      for (const which of order) {
        const stack = which === 0 ? small : large
        const ms = await timeOnce(listUrl(stack.backendURL, status), stack.token)
        if (i >= WARM_UP) times[which].push(ms)
      }
    }
    measured[status] = [summarize(times[0]), summarize(times[1])]
    const [a, b] = measured[status]
    const mark = status === MEASURED_FILTER ? '  <- measured' : ''
    console.log(
      `status=${status.padEnd(9)} 1k: p50 ${a.p50.toFixed(1).padStart(5)} p95 ${a.p95.toFixed(1).padStart(5)} ms | ` +
        `100k: p50 ${b.p50.toFixed(1).padStart(5)} p95 ${b.p95.toFixed(1).padStart(5)} p99 ${b.p99.toFixed(1).padStart(5)} ms | x${(b.p95 / a.p95).toFixed(2)}${mark}`
    )
  }
  await Promise.all([small.stop(), large.stop()])

  const [smallFigures, largeFigures] = measured[MEASURED_FILTER]
  const growth = largeFigures.p95 / smallFigures.p95
  const ok = growth <= MAX_GROWTH
  const withinBudget = largeFigures.p95 <= P95_BUDGET_MS
  console.log(
    `\nstatus=${MEASURED_FILTER}: p95 ${smallFigures.p95.toFixed(1)} ms on ${SMALL.toLocaleString('en-US')} -> ${largeFigures.p95.toFixed(1)} ms on ${LARGE.toLocaleString('en-US')} ` +
      `(x${growth.toFixed(2)}); growth target <= x${MAX_GROWTH} ${ok ? 'OK' : 'MISSED'}; ` +
      `p95 <= ${P95_BUDGET_MS} ms on this machine ${withinBudget ? 'yes' : 'no'} (absolute, machine-dependent)`
  )
  return { ok }
}

async function main() {
  const screen = firstScreen()
  const list = await bookingsList()
  process.exit(screen.ok && list.ok ? 0 : 1)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
