/**
 * `npm run bench -- launch`: launch day through the one origin (the storefront's gateway).
 * 1,000 browsers watch the `lots` channel (server-sent events, /__transmit) while 200 approved
 * members, signed in, all ask at once for one of 20 available lots (ten per lot). It reports
 * the winners (exactly one per lot: 20), the 5xx answers (none), whether every watcher heard
 * every lot that was taken (once each), and how long a push took from the commit to a watcher
 * (the message's `at`, stamped as the booking commits, to its arrival: median, p99, max; targets
 * median <= 300 ms, p99 <= 1 s, printed, never failing the run).
 * Exits non-zero when any of those is wrong. It runs on a fresh stack as `npm start` runs it (two
 * processes: the gateway, the backend behind it).
 *
 * It needs the storefront build (`npm run build`). Database settings come from MYSQL_*
 * (default root@127.0.0.1:3306); it uses its own database, `aero_bench_launch`
 * (BENCH_LAUNCH_DB_NAME), recreated on every run. BENCH_LAUNCH_WATCHERS, _MEMBERS and _LOTS
 * change the 1,000, 200 and 20. The stack is started by scripts/stack.ts.
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import mysql from 'mysql2/promise'
import { naturalSortKey } from '../../database/natural_sort.ts'
import { mysqlServer, startStack } from '../stack.ts'
import { openerCookie, transmitEventReader } from '../../storefront/server/lot-events.ts'

const WATCHERS = Number(process.env.BENCH_LAUNCH_WATCHERS ?? 1000)
const MEMBERS = Number(process.env.BENCH_LAUNCH_MEMBERS ?? 200)
const LOTS = Number(process.env.BENCH_LAUNCH_LOTS ?? 20)
const database = process.env.BENCH_LAUNCH_DB_NAME ?? 'aero_bench_launch'
const backendPort = process.env.BENCH_LAUNCH_PORT ? Number(process.env.BENCH_LAUNCH_PORT) : undefined
/** The demo data's approved agency member: the bench's members join the same agency with the same password. */
const DEMO_MEMBER = { email: 'member@aero-demo.my', password: 'Demo@2024' }
const HEARD_TIMEOUT_MS = 15_000
/** From the commit to a watcher's browser: printed against these, never failing the run. */
const PUSH_MEDIAN_TARGET_MS = 300
const PUSH_P99_TARGET_MS = 1000

type LotHeard = { lotId: number; status: string; cause: string; at: number; latencyMs: number }

type Watcher = { heard: LotHeard[]; close: () => void }

const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const statuses = new Map<string, Map<number, number>>()

function count(what: string, status: number) {
  const byStatus = statuses.get(what) ?? new Map<number, number>()
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  statuses.set(what, byStatus)
}

/** Runs `task` for 0..count-1, `concurrency` at a time. */
async function pool<T>(total: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(total)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++
        results[index] = await task(index)
      }
    })
  )
  return results
}

/**
 * Browsers on one loopback address each: the gateway and the backend hold at most 20 streams
 * per client address (storefront/server/live-limits.ts, backend config/transmit.ts).
 */
const WATCHERS_PER_ADDRESS = 20

/** A browser on the hub: an event stream, then its subscription to `lots`. */
function watch(base: string, i: number): Promise<Watcher> {
  const uid = randomUUID()
  const heard: LotHeard[] = []
  const localAddress = `127.0.0.${2 + Math.floor(i / WATCHERS_PER_ADDRESS)}`
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/__transmit/events?uid=${uid}`,
      { agent: streamAgent, localAddress },
      (response) => {
        count('event stream', response.statusCode ?? 0)
        if (response.statusCode !== 200) {
          response.resume()
          reject(new Error(`event stream answered ${response.statusCode}`))
          return
        }
        response.setEncoding('utf8')
        let arrived = 0
        const read = transmitEventReader(({ channel, payload }) => {
          const lot = payload as Record<string, unknown>
          if (channel !== 'lots' || lot.type !== 'lot') return
          heard.push({
            lotId: Number(lot.lotId),
            status: String(lot.status),
            cause: String(lot.cause),
            at: Date.parse(String(lot.at)),
            latencyMs: arrived - Date.parse(String(lot.at)),
          })
        })
        response.on('data', (text: string) => {
          arrived = Date.now()
          read(text)
        })
        response.on('error', () => {})
        fetch(`${base}/__transmit/subscribe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...openerCookie(response.headers['set-cookie']) },
          body: JSON.stringify({ uid, channel: 'lots' }),
        })
          .then(async (answer) => {
            count('subscribe', answer.status)
            await answer.arrayBuffer()
            if (answer.status !== 204) throw new Error(`subscribe answered ${answer.status}`)
            resolve({ heard, close: () => request.destroy() })
          })
          .catch(reject)
      }
    )
    request.on('error', reject)
  })
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_MEMBER.password }),
  })
  count('sign-in', response.status)
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/** One member's booking request, as the lot page's form sends it. */
async function requestLot(base: string, token: string, lotId: number) {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    lotId: String(lotId),
    name: 'Launch Day Member',
    email: 'launch@example.my',
    phone: '0123456789',
    requestMessage: 'Launch day',
    consent: 'true',
  }))
    form.append(name, value)
  const response = await fetch(`${base}/api/bookings/request`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    body: form,
  })
  const answeredAt = Date.now()
  count('booking request', response.status)
  const body = (await response.json().catch(() => ({}))) as { id?: number }
  return { status: response.status, lotId, bookingId: body.id ?? null, answeredAt }
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

async function main() {
  const failed = !(await race())
  streamAgent.destroy()
  console.log(failed ? '\nFAILED' : '\nOK')
  process.exit(failed ? 1 : 0)
}

/** One launch on a fresh stack: true when every figure that decides is right. */
async function race(): Promise<boolean> {
  statuses.clear()
  const emails = Array.from({ length: MEMBERS }, (_, i) => `launch-member-${i + 1}@bench.example`)
  let lotIds: number[] = []
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
    // The members and the lots they race for, straight in the database (signing 200 people up is not the point).
    prepare: async () => {
      const connection = await mysql.createConnection({ ...mysqlServer, database })
      try {
        const [[member]] = (await connection.query('select password, agency_id from users where email = ?', [
          DEMO_MEMBER.email,
        ])) as unknown as [[{ password: string; agency_id: number }]]
        const now = new Date()
        await connection.query(
          'insert into users (name, email, password, role, position, agency_id, agency_status, agency_status_date, created_at, updated_at) values ?',
          [
            emails.map((email, i) => [
              `Launch Member ${i + 1}`,
              email,
              member.password,
              'user',
              'Member',
              member.agency_id,
              'approved',
              now,
              now,
              now,
            ]),
          ]
        )
        // The launch's release: a new batch of available shop lots on the hub.
        const [[hub]] = (await connection.query(
          "select development_id, phase, location from lots where kind = 'lot' and type_code is not null order by id limit 1"
        )) as unknown as [[{ development_id: number; phase: number | null; location: string | null }]]
        const released = Array.from({ length: LOTS }, (_, i) => [`LAUNCH-${i + 1}`, `MKS-L${i + 1}`])
        await connection.query(
          'insert into lots (development_id, kind, lot_number, lot_number_sort, unit_number, unit_number_sort, type, type_code, property_type, price, phase, location, status, created_at, updated_at) values ?',
          [
            released.map(([lotNumber, unitNumber]) => [
              hub.development_id,
              'lot',
              lotNumber,
              naturalSortKey(lotNumber),
              unitNumber,
              naturalSortKey(unitNumber),
              'INTERMEDIATE (B)',
              'B',
              'Intermediate',
              468_000,
              hub.phase,
              hub.location,
              'available',
              now,
              now,
            ]),
          ]
        )
        const [lots] = (await connection.query(
          "select id from lots where development_id = ? and lot_number like 'LAUNCH-%' order by id",
          [hub.development_id]
        )) as unknown as [{ id: number }[]]
        lotIds = lots.map((lot) => lot.id)
      } finally {
        await connection.end()
      }
    },
  })
  const base = stack.baseURL.replace('//localhost:', '//127.0.0.1:')
  let watchers: Watcher[] = []
  let failed = true
  try {
    let started = performance.now()
    const tokens = await pool(MEMBERS, 8, (i) => signIn(base, emails[i]))
    console.log(`\n== ${MEMBERS} members signed in (${((performance.now() - started) / 1000).toFixed(1)} s)`)

    started = performance.now()
    watchers = await pool(WATCHERS, 50, (i) => watch(base, i))
    console.log(
      `== ${WATCHERS} watchers on \`lots\` through the gateway (${((performance.now() - started) / 1000).toFixed(1)} s)`
    )

    // Everyone at once: member i asks for lot i mod LOTS.
    started = performance.now()
    const answers = await Promise.all(tokens.map((token, i) => requestLot(base, token, lotIds[i % LOTS])))
    const raceSeconds = (performance.now() - started) / 1000
    const winners = answers.filter((answer) => answer.status === 201)
    const wonLots = new Set(winners.map((winner) => winner.lotId))
    console.log(`== the race: ${MEMBERS} requests for ${LOTS} lots in ${raceSeconds.toFixed(2)} s`)
    console.log(`statuses ${JSON.stringify(Object.fromEntries(statuses.get('booking request') ?? []))}`)
    console.log(`winners ${winners.length} (must be ${LOTS}), on ${wonLots.size} different lots`)

    // Every watcher should hear each taken lot once, as reserved by a booking.
    const deadline = Date.now() + HEARD_TIMEOUT_MS
    const heardAll = (watcher: Watcher) => watcher.heard.length >= wonLots.size
    while (Date.now() < deadline && !watchers.every(heardAll)) await new Promise((r) => setTimeout(r, 50))
    const complete = watchers.filter(
      (watcher) =>
        watcher.heard.length === wonLots.size &&
        new Set(watcher.heard.map((lot) => lot.lotId)).size === wonLots.size &&
        watcher.heard.every((lot) => wonLots.has(lot.lotId) && lot.status === 'reserved' && lot.cause === 'booking')
    )
    const latencies = watchers.flatMap((watcher) => watcher.heard.map((lot) => lot.latencyMs)).sort((a, b) => a - b)
    console.log(`== the pushes: ${latencies.length} messages heard (${WATCHERS} × ${wonLots.size} expected)`)
    console.log(`watchers who heard every change exactly once: ${complete.length} of ${WATCHERS}`)
    const median = percentile(latencies, 50)
    const p99 = percentile(latencies, 99)
    console.log(
      `push latency from the commit: median ${median} ms (target <= ${PUSH_MEDIAN_TARGET_MS})${median > PUSH_MEDIAN_TARGET_MS ? ' MISSED' : ''}, ` +
        `p99 ${p99} ms (target <= ${PUSH_P99_TARGET_MS})${p99 > PUSH_P99_TARGET_MS ? ' MISSED' : ''}, max ${latencies.at(-1)} ms`
    )

    // For scale: how long after the same commit each winner had its own answer.
    const committedAt = new Map(watchers.flatMap((watcher) => watcher.heard).map((lot) => [lot.lotId, lot.at]))
    const answered = winners
      .map((winner) => winner.answeredAt - (committedAt.get(winner.lotId) ?? NaN))
      .sort((a, b) => a - b)
    console.log(`the winners' own answers, from the commit: median ${percentile(answered, 50)} ms`)

    const serverErrors = [...statuses.values()]
      .flatMap((byStatus) => [...byStatus])
      .reduce((sum, [status, n]) => sum + (status >= 500 ? n : 0), 0)
    console.log(`5xx answers: ${serverErrors} (must be 0)`)
    for (const [what, byStatus] of statuses) console.log(`  ${what}: ${JSON.stringify(Object.fromEntries(byStatus))}`)

    failed = winners.length !== LOTS || wonLots.size !== LOTS || serverErrors > 0 || complete.length !== WATCHERS
  } finally {
    for (const watcher of watchers) watcher.close()
    await stack.stop()
  }
  return !failed
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
