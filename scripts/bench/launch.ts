/**
 * `npm run bench -- launch`: the launch rehearsal through the one origin (the storefront's
 * gateway). 1,000 browsers watch the `lots` channel (server-sent events, /__transmit) while 200
 * approved members, signed in, all ask at once for one of 20 available lots (ten per lot); all
 * the while 300 other signed-in members reload the hub and the released lot type's page (their
 * sessions over 50 connections) and 50 agent admins, each of an agency of their own among which
 * the racers are spread, reload their booking request list (GET /api/bookings/agent, as the
 * backoffice asks it; one connection each).
 * It reports the winners (exactly one per lot: 20), the 5xx answers (none), whether every
 * watcher heard every lot that was taken (once each), how long a push took from the commit to a
 * watcher (the message's `at`, stamped as the booking commits, to its arrival: median, p99, max;
 * targets median <= 300 ms, p99 <= 1 s, printed, never failing the run), each reading group's
 * throughput and p50/p99, and the peak resident memory of the gateway and the backend.
 * Exits non-zero when any of those is wrong, or when a member's page does not carry their own
 * name (or carries another's). It runs on a fresh stack as `npm start` runs it (two processes:
 * the gateway, the backend behind it).
 *
 * It needs the storefront build (`npm run build`). Database settings come from MYSQL_*
 * (default root@127.0.0.1:3306); it uses its own database, `aero_bench_launch`
 * (BENCH_LAUNCH_DB_NAME), recreated on every run. BENCH_LAUNCH_WATCHERS, _MEMBERS, _LOTS,
 * _READERS, _READER_CONNECTIONS and _AGENTS change the 1,000, 200, 20, 300, 50 and 50;
 * BENCH_LAUNCH_READ_SECONDS (10) is the least time the readers read. The stack is started by
 * scripts/stack.ts.
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import mysql from 'mysql2/promise'
import { naturalSortKey } from '../../database/natural_sort.ts'
import { mysqlServer, startStack } from '../stack.ts'
import { startPeakRss } from './lib/memory.ts'
import { startSessionLoad, type GroupFigures, type Session } from './lib/session-load.ts'
import { openerCookie, transmitEventReader } from '../../storefront/server/lot-events.ts'

const WATCHERS = Number(process.env.BENCH_LAUNCH_WATCHERS ?? 1000)
const MEMBERS = Number(process.env.BENCH_LAUNCH_MEMBERS ?? 200)
const LOTS = Number(process.env.BENCH_LAUNCH_LOTS ?? 20)
const READERS = Number(process.env.BENCH_LAUNCH_READERS ?? 300)
const READER_CONNECTIONS = Number(process.env.BENCH_LAUNCH_READER_CONNECTIONS ?? 50)
const AGENTS = Number(process.env.BENCH_LAUNCH_AGENTS ?? 50)
const READ_SECONDS = Number(process.env.BENCH_LAUNCH_READ_SECONDS ?? 10)
/** How long the readers read before the race starts. */
const READ_BEFORE_RACE_MS = 2000
const database = process.env.BENCH_LAUNCH_DB_NAME ?? 'aero_bench_launch'
const backendPort = process.env.BENCH_LAUNCH_PORT ? Number(process.env.BENCH_LAUNCH_PORT) : undefined
/** The demo data's approved agency member: the bench's members join the same agency with the same password. */
const DEMO_MEMBER = { email: 'member@aero-demo.my', password: 'Demo@2024' }
const HEARD_TIMEOUT_MS = 15_000
/** From the commit to a watcher's browser: printed against these, never failing the run. */
const PUSH_MEDIAN_TARGET_MS = 300
const PUSH_P99_TARGET_MS = 1000
/** A winner has their own answer this soon after their booking commits. */
const ANSWER_MEDIAN_TARGET_MS = 300
const ANSWER_P99_TARGET_MS = 1000

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

/** A user's session: its bearer token and its browser cookies (a `Cookie` header). */
async function signIn(base: string, email: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password: DEMO_MEMBER.password }),
  })
  count('sign-in', response.status)
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`)
  const { token } = (await response.json()) as { token: string }
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { token, cookie }
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

/** The people of the rehearsal, by email and name: the racers, the readers, the agent admins. */
function people() {
  const numbered = (n: number, what: string, name: (i: number) => string) =>
    Array.from({ length: n }, (_, i) => ({ email: `launch-${what}-${i + 1}@bench.example`, name: name(i + 1) }))
  return {
    racers: numbered(MEMBERS, 'member', (i) => `Launch Member ${i}`),
    // Padded, so that no reader's name holds another's.
    readers: numbered(READERS, 'reader', (i) => `Launch Reader ${String(i).padStart(4, '0')}`),
    agents: numbered(AGENTS, 'agent', (i) => `Launch Agent ${String(i).padStart(4, '0')}`),
  }
}

/** The booking-request list as the backoffice's Booking Requests screen asks for its first page. */
const AGENT_LIST =
  '/api/bookings/agent?' +
  new URLSearchParams({ filter: '{"status":"all"}', range: '[0,24]', sort: '["statusChangedAt","ASC"]' }).toString()

/** The readers on the hub and the released lot type's page, the agent admins on their list. */
function startReading(base: string, readers: Session[], agents: Session[]) {
  return startSessionLoad(base, [
    {
      label: `${READERS} members: hub, lot type B`,
      sessions: readers,
      connections: READER_CONNECTIONS,
      names: 'Launch Reader \\d{4}',
    },
    { label: `${AGENTS} agent admins: request list`, sessions: agents, connections: AGENTS },
  ])
}

/** The bookings each lot holds, straight from the database: an answer lost on the way hides none. */
async function bookingsOn(lotIds: number[]) {
  const connection = await mysql.createConnection({ ...mysqlServer, database })
  try {
    const [rows] = (await connection.query(
      'select lot_id, count(*) as bookings from bookings where lot_id in (?) group by lot_id',
      [lotIds]
    )) as unknown as [{ lot_id: number; bookings: number }[]]
    return rows.map((row) => ({ lotId: row.lot_id, bookings: Number(row.bookings) }))
  } finally {
    await connection.end()
  }
}

function printGroups(groups: GroupFigures[]) {
  console.log(`== the readers, while the race ran`)
  console.log(
    `${'group'.padEnd(34)} ${'requests'.padStart(8)} ${'req/s'.padStart(6)} ${'p50'.padStart(5)} ${'p99'.padStart(5)}  statuses`
  )
  for (const group of groups) {
    console.log(
      `${group.label.padEnd(34)} ${String(group.requests).padStart(8)} ${group.rps.toFixed(0).padStart(6)} ` +
        `${String(group.p50).padStart(5)} ${String(group.p99).padStart(5)}  ${JSON.stringify(group.statuses)}`
    )
    for (const [status, n] of Object.entries(group.statuses))
      for (let i = 0; i < n; i++) count(group.label, Number(status))
    if (group.wrong + group.unnamed > 0)
      console.error(
        `  ${group.wrong} pages with someone else's name, ${group.unnamed} without their person's, e.g. ${group.examples.join('; ')}`
      )
  }
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
  const { racers, readers, agents } = people()
  let lotIds: number[] = []
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
    // The people and the lots the members race for, straight in the database (signing them up is not the point).
    prepare: async () => {
      const connection = await mysql.createConnection({ ...mysqlServer, database })
      try {
        const [[member]] = (await connection.query('select password, agency_id from users where email = ?', [
          DEMO_MEMBER.email,
        ])) as unknown as [[{ password: string; agency_id: number }]]
        const now = new Date()
        // An agency of its own for each agent admin; the racers spread over them, so that each
        // agent admin's list holds their agency's share of the race (the readers stay in the demo's).
        let agencyIds = [member.agency_id]
        if (agents.length > 0) {
          await connection.query(
            'insert into agencies (name, contact_email, is_active, created_at, updated_at) values ?',
            [agents.map((_, i) => [`Launch Agency ${i + 1}`, `launch-agency-${i + 1}@bench.example`, 1, now, now])]
          )
          const [agencies] = (await connection.query(
            "select id from agencies where name like 'Launch Agency %' order by id"
          )) as unknown as [{ id: number }[]]
          agencyIds = agencies.map((agency) => agency.id)
        }
        const rows = (list: { email: string; name: string }[], role: string, agencyOf: (i: number) => number) =>
          list.map(({ email, name }, i) => [
            name,
            email,
            member.password,
            role,
            role === 'agent_admin' ? 'Agent Admin' : 'Member',
            agencyOf(i),
            'approved',
            now,
            now,
            now,
          ])
        await connection.query(
          'insert into users (name, email, password, role, position, agency_id, agency_status, agency_status_date, created_at, updated_at) values ?',
          [
            [
              ...rows(racers, 'user', (i) => agencyIds[i % agencyIds.length]),
              ...rows(readers, 'user', () => member.agency_id),
              ...rows(agents, 'agent_admin', (i) => agencyIds[i]),
            ],
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
  let reading: ReturnType<typeof startReading> | undefined
  let failed = true
  try {
    let started = performance.now()
    const everyone = [...racers, ...readers, ...agents]
    const sessions = await pool(everyone.length, 8, (i) => signIn(base, everyone[i].email))
    const tokens = sessions.slice(0, MEMBERS).map((session) => session.token)
    console.log(
      `\n== ${MEMBERS} racing members, ${READERS} reading members, ${AGENTS} agent admins signed in ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`
    )
    const browser = (cookie: string) => ({ accept: 'text/html', 'accept-encoding': 'gzip, deflate, br', cookie })
    const readerSessions = readers.map(({ name }, i) => ({
      paths: ['/aero-industrial-hub', '/properties/aeroindustrial/type/B'],
      headers: browser(sessions[MEMBERS + i].cookie),
      name,
    }))
    const agentSessions = agents.map((_, i) => ({
      paths: [AGENT_LIST],
      headers: { accept: 'application/json', authorization: `Bearer ${sessions[MEMBERS + READERS + i].token}` },
    }))
    const memory = startPeakRss({ gateway: stack.pids.gateway, backend: stack.pids.backend })

    started = performance.now()
    watchers = await pool(WATCHERS, 50, (i) => watch(base, i))
    console.log(
      `== ${WATCHERS} watchers on \`lots\` through the gateway (${((performance.now() - started) / 1000).toFixed(1)} s)`
    )

    const readingSince = performance.now()
    reading = startReading(base, readerSessions, agentSessions)
    await new Promise((resolve) => setTimeout(resolve, READ_BEFORE_RACE_MS))

    // Everyone at once: member i asks for lot i mod LOTS.
    started = performance.now()
    const answers = await Promise.all(tokens.map((token, i) => requestLot(base, token, lotIds[i % LOTS])))
    const raceSeconds = (performance.now() - started) / 1000
    const winners = answers.filter((answer) => answer.status === 201)
    const wonLots = new Set(winners.map((winner) => winner.lotId))
    console.log(`== the race: ${MEMBERS} requests for ${LOTS} lots in ${raceSeconds.toFixed(2)} s`)
    console.log(`statuses ${JSON.stringify(Object.fromEntries(statuses.get('booking request') ?? []))}`)
    console.log(`winners ${winners.length} (must be ${LOTS}), on ${wonLots.size} different lots`)
    const booked = await bookingsOn(lotIds)
    const doubleBooked = booked.filter((lot) => lot.bookings > 1).length
    console.log(
      `in the database: ${booked.reduce((sum, lot) => sum + lot.bookings, 0)} bookings on ${booked.length} lots, ` +
        `${doubleBooked} lots booked twice (must be 0)`
    )

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
    const [answerMedian, answerP99] = [percentile(answered, 50), percentile(answered, 99)]
    console.log(
      `the winners' own answers, from the commit: median ${answerMedian} ms (target <= ${ANSWER_MEDIAN_TARGET_MS})` +
        `${answerMedian > ANSWER_MEDIAN_TARGET_MS ? ' MISSED' : ''}, p99 ${answerP99} ms (target <= ${ANSWER_P99_TARGET_MS})` +
        `${answerP99 > ANSWER_P99_TARGET_MS ? ' MISSED' : ''}`
    )

    const readFor = READ_SECONDS * 1000 - (performance.now() - readingSince)
    if (readFor > 0) await new Promise((resolve) => setTimeout(resolve, readFor))
    const groups = await reading.stop()
    reading = undefined
    printGroups(groups)
    const wrongPerson = groups.reduce((sum, group) => sum + group.wrong, 0)
    const unnamed = groups.reduce((sum, group) => sum + group.unnamed, 0)
    console.log(
      `pages served to the wrong person: ${wrongPerson} (must be 0); as to nobody signed in: ${unnamed} (must be 0)`
    )
    memory.stop()

    const serverErrors = [...statuses.values()]
      .flatMap((byStatus) => [...byStatus])
      .reduce((sum, [status, n]) => sum + (status >= 500 ? n : 0), 0)
    console.log(`5xx answers: ${serverErrors} (must be 0)`)
    for (const [what, byStatus] of statuses) console.log(`  ${what}: ${JSON.stringify(Object.fromEntries(byStatus))}`)

    failed =
      winners.length !== LOTS ||
      wonLots.size !== LOTS ||
      serverErrors > 0 ||
      complete.length !== WATCHERS ||
      wrongPerson > 0 ||
      unnamed > 0 ||
      doubleBooked > 0
  } finally {
    await reading?.stop()
    for (const watcher of watchers) watcher.close()
    await stack.stop()
  }
  return !failed
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
