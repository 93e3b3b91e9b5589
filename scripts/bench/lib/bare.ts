/**
 * The bare baselines of the load scenarios: the same work as the product with no framework, each
 * in a process of its own (`spawnBare`), as the gateway and the backend are.
 *
 *   node scripts/bench/lib/bare.ts --bare-api <database>            GET /hub, /type/:code, /me
 *   node scripts/bench/lib/bare.ts --bare-bytes <url> <headers JSON> the bytes that URL answers
 *
 * Each prints its address, and stops when its parent closes its stdin.
 */
import { spawn } from 'node:child_process'
import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import mysql from 'mysql2/promise'
import { mysqlServer as connection } from '../../stack.ts'

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

/** One GET with node:http: the bytes as sent (no decompression), status and headers. */
export function rawGet(url: string, headers: Record<string, string>) {
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
export async function startBareApi(database: string): Promise<{ url: string }> {
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
export async function startBareBytes(page: { headers: IncomingHttpHeaders; body: Buffer }): Promise<{ url: string }> {
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
 * A bare server in a process of its own, as the gateway and the backend are (in the
 * scenario's it would share a thread with autocannon): `['--bare-api', database]` or
 * `['--bare-bytes', url, headers as JSON]`. Its address, and `stop`.
 */
export async function spawnBare(args: string[]): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [import.meta.filename, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: process.env,
  })
  // The bare server exits when its stdin closes: with this process, whichever way it ends.
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
    console.log((await startBareApi(args[0])).url)
    return
  }
  const page = await rawGet(args[0], JSON.parse(args[1]) as Record<string, string>)
  if (page.status !== 200) throw new Error(`GET ${args[0]} answered ${page.status}`)
  console.log((await startBareBytes(page)).url)
}

if (import.meta.main) {
  const [mode, ...args] = process.argv.slice(2)
  runBare(mode, args).catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
