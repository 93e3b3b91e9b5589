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
 * 2. The hub page for an anonymous visitor, GET /aero-industrial-hub through the origin,
 *    next to a bare node:http server sending the very bytes the origin sent (target ratio
 *    >= 0.25, p99 <= 50 ms): once without Accept-Encoding, once as a browser asks (br).
 * 3. Contention: 200 simultaneous booking requests for one lot from 200 different
 *    approved members: winners (must be 1), 409s, 5xx (must be 0), p99.
 *
 * Database settings come from MYSQL_* (default root@127.0.0.1:3306); it uses its own
 * database, `aero_bench` (BENCH_DB_NAME), recreated on every run, and the backend listens
 * on port 3399 (BENCH_PORT); the gateway takes a free port and serves the storefront build
 * (`npm run build` first). BENCH_SECONDS shortens the load runs; each comparison alternates
 * its servers BENCH_ROUNDS (2) times, so that load from elsewhere falls on both sides alike. The stack is started by
 * scripts/stack.ts.
 */
import { spawn } from 'node:child_process'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import autocannon from 'autocannon'
import mysql from 'mysql2/promise'
import { signInDemo } from '../demo-sign-in.ts'
import { mysqlServer as connection, startStack } from '../stack.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** Each side-by-side comparison alternates its servers this many times (DURATION split among them). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CONTENDERS = 200
const database = process.env.BENCH_DB_NAME ?? 'aero_bench'
const port = Number(process.env.BENCH_PORT ?? 3399)

interface Figures {
  rps: number
  p99: number
  errors: number
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/**
 * Loads each URL in turn, `ROUNDS` times over (bare, backend, origin, bare, ...), so that
 * a spell of load from elsewhere on the machine falls on all of them alike: the mean of
 * the rounds' req/s, the worst p99, every error.
 */
async function loadSideBySide(
  urls: string[],
  headers: Record<string, string> | Record<string, string>[] = {}
): Promise<Figures[]> {
  // The same headers for every URL, or each URL's own.
  const headersOf = (i: number) => (Array.isArray(headers) ? headers[i] : headers)
  // A short warm-up first: JIT, connection pools, caches.
  for (const [i, url] of urls.entries())
    await autocannon({ url, headers: headersOf(i), connections: 10, duration: Math.min(2, DURATION) })
  const figures = urls.map(() => ({ rps: 0, p99: 0, errors: 0 }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) {
      const result = await autocannon({
        url,
        headers: headersOf(i),
        connections: CONNECTIONS,
        duration: DURATION / ROUNDS,
      })
      figures[i].rps += result.requests.average / ROUNDS
      figures[i].p99 = Math.max(figures[i].p99, result.latency.p99)
      figures[i].errors += result.errors + result.non2xx
    }
  }
  return figures
}

function printRow(label: string, figures: Figures) {
  console.log(
    `${label.padEnd(40)} ${figures.rps.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}`
  )
}

function printRatio(label: string, ratio: number, target: number) {
  console.log(`  ${label.padEnd(38)} ${ratio.toFixed(2)} (target >= ${target})`)
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

/** One GET with node:http: the bytes as sent (no decompression), status and headers. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) })
      )
      response.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A lot row as the public endpoints send it (the same fields, computed the plain way). */
function lotJson(row: Record<string, unknown>) {
  const landSize = number(row.land_size_sqm) ?? 0
  return {
    id: row.id,
    _id: row.id,
    kind: row.kind,
    propertyId: row.development_id,
    developmentId: row.development_id,
    lotNumber: row.lot_number,
    unitNumber: row.unit_number,
    name: row.name,
    title: row.title,
    description: row.description,
    location: row.location,
    address: row.address,
    note: row.note,
    category: row.category,
    type: row.type,
    typeCode: row.type_code,
    propertyType: row.property_type,
    landSize,
    landAreaSqft: Math.round(landSize * 10.7639),
    builtUpArea: number(row.built_up_sqm),
    buildUp: number(row.built_up_sqm),
    builtUpAreaSqft: row.built_up_sqm === null ? null : Math.round(Number(row.built_up_sqm) * 10.7639),
    size: number(row.size_sqm) ?? landSize,
    price: row.price === null ? null : Math.round(Number(row.price)),
    spaPrice: row.spa_price,
    phase: row.phase,
    status: row.status,
    updatedAt: row.updated_at instanceof Date ? row.updated_at.toISOString() : row.updated_at,
  }
}

const HUB_SQL =
  "select * from `lots` where `kind` = 'lot' and ((`category` = 'shoplot' and `type` = 'shoplot') or `unit_number` like 'MKS-%' " +
  "or `location` like '%Nilai%' or `name` like '%Aero Industrial%' or `title` like 'PT 54%') order by `unit_number_sort` asc, `id` asc limit 500"

const TOKEN_COLUMNS = [
  'id',
  'tokenable_id',
  'type',
  'name',
  'hash',
  'abilities',
  'created_at',
  'updated_at',
  'last_used_at',
  'expires_at',
]
const TOKEN_AND_OWNER_SQL =
  'select `users`.*, ' +
  TOKEN_COLUMNS.map((column) => `\`auth_access_tokens\`.\`${column}\` as \`token__${column}\``).join(', ') +
  ' from `auth_access_tokens` inner join `users` on `users`.`id` = `auth_access_tokens`.`tokenable_id`' +
  ' where `auth_access_tokens`.`id` = ? and `auth_access_tokens`.`type` = ? limit 1'

/**
 * The same work as the measured endpoints, on node:http + mysql2 with no framework:
 * /hub (GET /api/lots/public), /type/:code (GET /api/properties/aeroindustrial/lots/:code)
 * and /me (GET /api/users/me with a bearer token: read the token and its owner in one query,
 * check its hash and expiry, stamp its last use when the last stamp is over a minute old, and
 * read the user's agency when they have one).
 */
async function startBareApi(): Promise<{ url: string }> {
  const pool = mysql.createPool({ ...connection, database, connectionLimit: 20, decimalNumbers: true })
  type Rows = Record<string, unknown>[]
  const routes: Partial<Record<string, (req: { url: string; authorization?: string }) => Promise<unknown>>> = {
    hub: async () => ((await pool.query(HUB_SQL))[0] as Rows).map(lotJson),
    type: async ({ url }) => {
      const code = url.split('/').pop()!.toUpperCase()
      const [[development]] = (await pool.query('select * from developments where slug = ? limit 1', [
        'aeroindustrial',
      ])) as unknown as [Rows]
      const [lots] = (await pool.query(
        "select * from lots where development_id = ? and kind = 'lot' and type_code = ? order by unit_number_sort asc, id asc",
        [development.id, code]
      )) as unknown as [Rows]
      const [counts] = (await pool.query(
        "select status, count(*) as total from lots where development_id = ? and kind = 'lot' and type_code = ? group by status",
        [development.id, code]
      )) as unknown as [Rows]
      return { property: development, typeId: code, availability: counts, lots: lots.map(lotJson) }
    },
    me: async ({ authorization }) => {
      const [id64, secret64] = (authorization ?? '').replace(/^Bearer oat_/, '').split('.')
      const id = Buffer.from(id64 ?? '', 'base64url').toString()
      const secret = Buffer.from(secret64 ?? '', 'base64url').toString()
      // The token and its owner in one query, as the product asks (TokenOwnerUserProvider).
      const [[row]] = (await pool.query(TOKEN_AND_OWNER_SQL, [id, 'auth_token'])) as unknown as [Rows]
      if (!row) return null
      const token: Rows[number] = {}
      const user: Rows[number] = {}
      for (const [name, value] of Object.entries(row)) {
        if (name.startsWith('token__')) token[name.slice(7)] = value
        else user[name] = value
      }
      const hash = Buffer.from(createHash('sha256').update(secret).digest('hex'))
      const stored = Buffer.from(String(token.hash))
      const expired = token.expires_at instanceof Date && token.expires_at.getTime() < Date.now()
      if (hash.length !== stored.length || !timingSafeEqual(hash, stored) || expired) return null
      // The last use is recorded at most once a minute, as the product does.
      const minuteAgo = new Date(Date.now() - 60_000)
      if (!(token.last_used_at instanceof Date) || token.last_used_at <= minuteAgo) {
        await pool.query(
          'update auth_access_tokens set last_used_at = ? where id = ? and (last_used_at is null or last_used_at <= ?)',
          [new Date(), token.id, minuteAgo]
        )
      }
      const [[agency]] = user.agency_id
        ? ((await pool.query('select * from agencies where id = ? limit 1', [user.agency_id])) as unknown as [Rows])
        : [[undefined]]
      const { password: _password, ...visible } = user
      return { ...visible, agencyName: agency?.name ?? null }
    },
  }
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/'
    const route = routes[url.split('/')[1]]
    let body: unknown
    try {
      body = route ? await route({ url, authorization: req.headers.authorization }) : null
    } catch {
      res.writeHead(503).end()
      return
    }
    if (body === null) {
      res.writeHead(route ? 401 : 404, { 'content-type': 'application/json; charset=utf-8' })
      res.end('{"message":"Unauthorized access"}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  })
  return { url: await listen(server) }
}

/** Sends the given status, headers and bytes from memory, whatever is asked. */
async function startBareBytes(page: { headers: IncomingHttpHeaders; body: Buffer }): Promise<{ url: string }> {
  const headers: Record<string, string | number> = { 'content-type': String(page.headers['content-type']) }
  if (page.headers['content-encoding']) headers['content-encoding'] = String(page.headers['content-encoding'])
  headers['content-length'] = page.body.length
  const server = createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(page.body)
  })
  return { url: await listen(server) }
}

/**
 * A bare server in a process of its own, as the gateway and the backend are (in this one
 * it would share a thread with autocannon): `node bench.ts --bare-api` or
 * `node bench.ts --bare-bytes <url> <headers as JSON>` (the bytes that URL answers). It
 * prints its address, and stops when this process closes its stdin.
 */
async function spawnBare(args: string[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [import.meta.filename, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
    child.once('exit', (code) => reject(new Error(`bare server ${args[0]} exited with ${code}`)))
  })
  return { url, stop: () => child.stdin.end() }
}

async function runBare(mode: string, args: string[]) {
  process.stdin.on('end', () => process.exit(0))
  process.stdin.resume()
  if (mode === '--bare-api') {
    console.log((await startBareApi()).url)
    return
  }
  const page = await rawGet(args[0], JSON.parse(args[1]) as Record<string, string>)
  if (page.status !== 200) throw new Error(`GET ${args[0]} answered ${page.status}`)
  console.log((await startBareBytes(page)).url)
}

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
  const bare = await spawnBare(['--bare-api'])
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

  for (const [label, headers] of [
    ['no Accept-Encoding', {}],
    ['Accept-Encoding: br, gzip', { 'accept-encoding': 'gzip, deflate, br' }],
  ] as const) {
    const page = await rawGet(`${origin}/aero-industrial-hub`, headers)
    if (page.status !== 200) throw new Error(`GET /aero-industrial-hub answered ${page.status}`)
    const bareBytes = await spawnBare(['--bare-bytes', `${origin}/aero-industrial-hub`, JSON.stringify(headers)])
    console.log(
      `\n== anonymous GET /aero-industrial-hub, ${label} (${page.body.length} bytes${page.headers['content-encoding'] ? `, ${page.headers['content-encoding']}` : ''}): ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating rounds`
    )
    const [served, raw] = await loadSideBySide([`${origin}/aero-industrial-hub`, bareBytes.url], headers)
    printRow('through the origin (gateway)', served)
    printRow('bare node:http, same bytes', raw)
    printRatio('origin / bare', served.rps / raw.rps, 0.25)
    console.log(`  ${'p99 through the origin'.padEnd(38)} ${served.p99} ms (target <= 50 ms)`)
    bareBytes.stop()
  }

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

const [mode, ...modeArgs] = process.argv.slice(2)
;(mode?.startsWith('--bare-') ? runBare(mode, modeArgs) : main()).catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
