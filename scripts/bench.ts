/**
 * `npm run bench`: measures the API on MariaDB with the demo data, the production way
 * (NODE_ENV=production, no debug logging), and prints the figures.
 *
 * 1. GET /api/lots/public with autocannon (50 connections, 10 s), next to a bare
 *    node:http + mysql2 server running the same SQL in the same run, and their ratio.
 * 2. Contention: 200 simultaneous booking requests for one lot from 200 different
 *    approved members: winners (must be 1), 409s, 5xx (must be 0), p99.
 *
 * Database settings come from MYSQL_* (default root@127.0.0.1:3306); it uses its own
 * database, `aero_bench` (BENCH_DB_NAME), recreated on every run, and the backend listens
 * on port 3399 (BENCH_PORT). BENCH_SECONDS shortens the load runs. The stack is started
 * by scripts/stack.ts.
 */
import { createServer, type Server } from 'node:http'
import autocannon from 'autocannon'
import mysql from 'mysql2/promise'
import { mysqlServer as connection, startStack } from './stack.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
const CONTENDERS = 200
const database = process.env.BENCH_DB_NAME ?? 'aero_bench'
const port = Number(process.env.BENCH_PORT ?? 3399)

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/** The same SQL the hub endpoint runs, served by node:http + mysql2 with no framework. */
async function startBareServer(): Promise<{ server: Server; url: string; pool: mysql.Pool }> {
  const pool = mysql.createPool({ ...connection, database, connectionLimit: 20, decimalNumbers: true })
  const sql =
    "select * from `lots` where `kind` = 'lot' and ((`category` = 'shoplot' and `type` = 'shoplot') or `unit_number` like 'MKS-%' " +
    "or `location` like '%Nilai%' or `name` like '%Aero Industrial%' or `title` like 'PT 54%') order by `unit_number_sort` asc, `id` asc limit 500"
  const server = createServer(async (_req, res) => {
    let rows: unknown
    try {
      ;[rows] = await pool.query(sql)
    } catch {
      res.writeHead(503).end()
      return
    }
    const body = (rows as Record<string, unknown>[]).map((row) => ({
      id: row.id,
      _id: row.id,
      unitNumber: row.unit_number,
      lotNumber: row.lot_number,
      title: row.title,
      type: row.type,
      typeCode: row.type_code,
      landSize: row.land_size_sqm,
      landAreaSqft: Math.round(Number(row.land_size_sqm) * 10.7639),
      price: row.price,
      status: row.status,
    }))
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { server, url: `http://127.0.0.1:${port}/`, pool }
}

async function main() {
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort: port,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
  })
  const base = stack.backendURL
  const bare = await startBareServer()

  console.log(`\n== GET /api/lots/public: ${CONNECTIONS} connections, ${DURATION} s each (warm-up 2 s first)`)
  await autocannon({ url: `${base}/api/lots/public`, connections: 10, duration: 2 })
  await autocannon({ url: bare.url, connections: 10, duration: 2 })
  const api = await load(`${base}/api/lots/public`)
  const raw = await load(bare.url)
  console.log(`AdonisJS  /api/lots/public  ${api.rps.toFixed(0)} req/s  p99 ${api.p99} ms  errors ${api.errors}`)
  console.log(`bare node:http + mysql2     ${raw.rps.toFixed(0)} req/s  p99 ${raw.p99} ms  errors ${raw.errors}`)
  console.log(`ratio ${(api.rps / raw.rps).toFixed(2)} (target >= 0.5), p99 target <= 30 ms`)
  bare.server.closeAllConnections()
  await new Promise((resolve) => bare.server.close(resolve))
  await bare.pool.end()

  console.log(`\n== contention: ${CONTENDERS} simultaneous requests for one lot from ${CONTENDERS} members`)
  const db = await mysql.createConnection({ ...connection, database })
  const [[agency]] = (await db.query('select id from agencies order by id limit 1')) as unknown as [[{ id: number }]]
  const tokens: string[] = []
  const suffix = Date.now()
  for (let batch = 0; batch < CONTENDERS; batch += 10) {
    const created = await Promise.all(
      Array.from({ length: Math.min(10, CONTENDERS - batch) }, async (_, i) => {
        const response = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            name: `Bench Member ${batch + i}`,
            email: `bench${batch + i}.${suffix}@example.my`,
            password: 'secret12',
          }),
        })
        if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`)
        return (await response.json()) as { token: string; user: { id: number } }
      })
    )
    for (const { token } of created) tokens.push(token)
    await db.query("update users set agency_id = ?, agency_status = 'approved' where id in (?)", [
      agency.id,
      created.map((c) => c.user.id),
    ])
  }
  const [[lot]] = (await db.query("select id from lots where status = 'available' order by id limit 1")) as unknown as [
    [{ id: number }],
  ]
  await db.end()

  const outcomes = await Promise.all(
    tokens.map(async (token, i) => {
      const started = performance.now()
      const response = await fetch(`${base}/api/bookings/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          lotId: lot.id,
          name: `Bench Member ${i}`,
          email: `bench${i}@example.my`,
          phone: '0123456789',
        }),
      })
      await response.arrayBuffer()
      return { status: response.status, ms: performance.now() - started }
    })
  )
  const winners = outcomes.filter((o) => o.status === 201).length
  const conflicts = outcomes.filter((o) => o.status === 409).length
  const serverErrors = outcomes.filter((o) => o.status >= 500).length
  const other = outcomes.length - winners - conflicts - serverErrors
  console.log(
    `winners ${winners} (must be 1), 409s ${conflicts}, 5xx ${serverErrors} (must be 0), other ${other}, p99 ${percentile(
      outcomes.map((o) => o.ms),
      99
    ).toFixed(0)} ms`
  )

  await stack.stop()
  const failed = winners !== 1 || serverErrors !== 0
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
