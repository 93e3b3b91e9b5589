/**
 * `npm run bench -- api`: measures the product on MariaDB with the demo data, the production way
 * (NODE_ENV=production, no debug logging), and prints the figures. It never fails on a
 * figure; only the contention check below decides the exit code.
 *
 * 1. The API, 50 connections, 10 s each, side by side in one run: each endpoint on a bare
 *    node:http + mysql2 server running the same SQL, on the backend's own port, and through
 *    the one origin as `npm start` runs it (the storefront's gateway, `/api` proxied; the
 *    public reads from the backend's shared cache, backend/config/cache.ts). Printed: the origin against
 *    bare (targets: hub >= 0.8, lot type >= 0.7, /api/users/me with a bearer token >= 0.5),
 *    the backend port against bare, and the origin against the backend port (what the
 *    gateway costs). Then a signed-in member's dashboard page through the origin, beside the
 *    anonymous hub page.
 *    (The anonymous hub page against bare bytes: `npm run bench -- page`.)
 * 2. Contention: 200 simultaneous booking requests for one lot from 200 different
 *    approved members: winners (must be 1), 409s, 5xx (must be 0), p99.
 *
 * Database settings come from MYSQL_* (default root@127.0.0.1:3306); it uses its own
 * database, `aero_bench` (BENCH_DB_NAME), recreated on every run, and the backend listens
 * on port 3399 (BENCH_PORT); the gateway takes a free port and serves the storefront build
 * (`npm run build` first). BENCH_SECONDS shortens the load runs; each comparison alternates
 * its servers BENCH_ROUNDS (2) times, so that load from elsewhere falls on both sides alike. The stack is started by
 * scripts/stack.ts.
 */
import mysql from 'mysql2/promise'
import { signInDemo } from '../demo-sign-in.ts'
import { mysqlServer as connection, startStack } from '../stack.ts'
import { spawnBare } from './lib/bare.ts'
import { loadSideBySide as load, percentile, printRatio, printRow } from './lib/load.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** Each side-by-side comparison alternates its servers this many times (DURATION split among them). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CONTENDERS = 200
const database = process.env.BENCH_DB_NAME ?? 'aero_bench'
const port = Number(process.env.BENCH_PORT ?? 3399)

/** Loads the URLs side by side: 50 connections, DURATION seconds each over ROUNDS alternating rounds. */
const loadSideBySide = (urls: string[], headers: Record<string, string> | Record<string, string>[] = {}) =>
  load(urls, { headers, connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS })

/** The demo member signed in on `origin` (its session cookie), checked on `page`, as the headers of a page view. */
async function memberCookie(origin: string, page: string): Promise<Record<string, string>> {
  const { cookie } = await signInDemo(origin, 'member@aero-demo.my')
  const seen = await fetch(`${origin}${page}`, { headers: { cookie }, redirect: 'manual' })
  await seen.arrayBuffer()
  if (seen.status !== 200) throw new Error(`GET ${page} signed in answered ${seen.status}`)
  return { cookie }
}

/** A new member's bearer token on `backend`, as the headers of a JSON read. */
async function readerBearer(backend: string): Promise<Record<string, string>> {
  const registered = await fetch(`${backend}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Bench Reader', email: `reader.${Date.now()}@example.my`, password: 'secret12' }),
  })
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`)
  const { token } = (await registered.json()) as { token: string }
  return { authorization: `Bearer ${token}`, accept: 'application/json' }
}

async function main() {
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort: port,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
  })
  const backend = stack.backendURL
  const origin = stack.baseURL.replace('//localhost:', '//127.0.0.1:')
  const bare = await spawnBare(['--bare-api', database])
  const bearer = await readerBearer(backend)

  const endpoints = [
    { name: 'hub', path: '/api/lots/public', barePath: '/hub', headers: {}, target: 0.8 },
    {
      name: 'lot type',
      path: '/api/properties/aeroindustrial/lots/A',
      barePath: '/type/A',
      headers: {},
      target: 0.7,
    },
    { name: '/api/users/me (bearer)', path: '/api/users/me', barePath: '/me', headers: bearer, target: 0.5 },
  ]
  for (const endpoint of endpoints) {
    console.log(
      `\n== ${endpoint.name}: GET ${endpoint.path}, ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating rounds`
    )
    const [raw, direct, proxied] = await loadSideBySide(
      [`${bare.url}${endpoint.barePath}`, `${backend}${endpoint.path}`, `${origin}${endpoint.path}`],
      endpoint.headers
    )
    printRow('bare node:http + mysql2', raw)
    printRow('backend port', direct)
    printRow('through the origin (gateway)', proxied)
    printRatio('origin / bare', proxied.rps / raw.rps, endpoint.target)
    console.log(`  ${'backend port / bare'.padEnd(38)} ${(direct.rps / raw.rps).toFixed(2)}`)
    printRatio('origin / backend port (gateway cost)', proxied.rps / direct.rps, 0.85)
  }

  // A signed-in member's dashboard, rendered on the server from its API calls, never from a
  // cache, beside the anonymous hub page the shared page cache serves.
  const dashboard = '/enhanced-dashboard'
  console.log(
    `\n== a signed-in page, GET ${dashboard} (the demo member's cookie), beside the anonymous hub page, ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating rounds`
  )
  const [hubPage, memberPage] = await loadSideBySide(
    [`${origin}/aero-industrial-hub`, `${origin}${dashboard}`],
    [{}, await memberCookie(origin, dashboard)]
  )
  printRow('anonymous hub page', hubPage)
  printRow("member's dashboard", memberPage)
  console.log(`  ${"member's dashboard / anonymous hub".padEnd(38)} ${(memberPage.rps / hubPage.rps).toFixed(3)}`)
  bare.stop()

  const base = backend
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
          consent: true,
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
