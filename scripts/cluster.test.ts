/**
 * `npm run test:cluster`: the production topology on this machine (scripts/cluster.ts: nginx
 * in front of two backend instances and the gateway, MariaDB, Redis, s3rver), proved through
 * the balancer:
 *   a) a 200-way race for one lot, spread across both instances: exactly 1 winner, 0 5xx;
 *   b) a lot's status committed on one instance reaches the event-stream watchers held by the
 *      other within 1 s, and that instance's public lot reads show it;
 *   c) the sign-in limit counts the attempts made on both instances together;
 *   d) a document uploaded through one instance downloads through the other (stored on S3),
 *      only for the people allowed;
 *   e) a rolling restart under load (each backend, then each gateway, stopped with SIGTERM and started again in turn):
 *      readiness fails first, no request fails, no booking is lost, every watcher reconnects;
 *   f) one instance killed mid-load: the balancer routes around it, no booking lost or doubled.
 * Needs the storefront build (`npm run build`), nginx, a running MariaDB (MYSQL_*) and Redis
 * (CLUSTER_REDIS_URL); database CLUSTER_DB_NAME (aero_cluster), recreated on every run.
 */
import assert from 'node:assert/strict'
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, test } from 'node:test'
import mysql from 'mysql2/promise'
import { openerCookie, transmitEventReader } from '../storefront/server/lot-events.ts'
import { DEMO_PASSWORD, insertLots, insertMembers, startCluster, type Cluster } from './cluster.ts'
import { mysqlServer } from './stack.ts'

const MEMBERS = 200
const LOAD_LOTS = 2 * MEMBERS
/** Each member's booking attempts in the kill test (a lot each, never the same lot twice). */
const LOAD_ROUNDS = 4
const LOAD_WORKERS = 16
/** The rolling restart's own members and lots: the kill test's members already hold bookings. */
const ROLL_MEMBERS = 80
/** Longer than nginx's upstream keep-alive (4 s, deploy/nginx.conf): no idle connection is cut under a request. */
const DRAIN_SECONDS = 5
/** nginx's passive check (deploy/nginx.conf): a server that refused connections is left out this long. */
const FAIL_TIMEOUT_MS = 5_000
/**
 * Each reader of the rolling restart pauses this long between reads: a request every few
 * milliseconds through the balancer still finds any gap a restart would leave, without the
 * readers taking a whole core from the suites that run beside this one.
 */
const READ_PAUSE_MS = 20
const database = process.env.CLUSTER_DB_NAME ?? 'aero_cluster'
/** A 1x1 PNG: an identity card as far as the upload check is concerned. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

let cluster: Cluster
let members: string[] = []
let raceLot = 0
let liveLot = 0
let documentLot = 0
let loadLots: number[] = []
let rollMembers: string[] = []
let rollLots: number[] = []
const tokens = new Map<string, string>()

/** A client address per member, believed from nginx (TRUSTED_PROXIES): the per-address limits count each one. */
const addressOf = (index: number) => `10.17.${Math.floor(index / 250)}.${(index % 250) + 1}`
const rollAddressOf = (index: number) => `10.19.0.${index + 1}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function signIn(email: string, address: string, password = DEMO_PASSWORD) {
  const response = await fetch(`${cluster.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  })
  const body = (await response.json().catch(() => ({}))) as { token?: string }
  return { status: response.status, instance: response.headers.get('x-instance'), token: body.token }
}

async function token(email: string, address: string) {
  const answer = await signIn(email, address)
  assert.equal(answer.status, 200, `sign-in of ${email}`)
  tokens.set(email, answer.token!)
  return answer.token!
}

const bearer = (email: string) => ({ authorization: `Bearer ${tokens.get(email)}`, accept: 'application/json' })

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

/** Calls `call` until every instance has answered once (round robin: two or three calls): each instance's answer. */
async function onEachInstance(call: () => Promise<Response>) {
  const answers = new Map<string, { status: number; body: Buffer }>()
  for (let i = 0; i < 12 && answers.size < cluster.instances.length; i++) {
    const response = await call()
    const body = Buffer.from(await response.arrayBuffer())
    const instance = response.headers.get('x-instance') ?? 'unnamed'
    if (!answers.has(instance)) answers.set(instance, { status: response.status, body })
  }
  assert.deepEqual([...answers.keys()].sort(), cluster.instances.map((instance) => instance.name).sort())
  return answers
}

function bookLot(email: string, index: number, lotId: number, address = addressOf(index)) {
  return fetch(`${cluster.baseURL}/api/bookings/request`, {
    method: 'POST',
    headers: { ...bearer(email), 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ lotId, name: `Cluster Member ${index + 1}`, email, phone: '0123456789', consent: true }),
  })
}

before(
  async () => {
    cluster = await startCluster({
      database,
      gateways: 2,
      env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) },
      prepare: async (db) => {
        members = await insertMembers(db, MEMBERS)
        ;[raceLot, liveLot, documentLot] = await insertLots(db, 3, 'CLUSTER')
        loadLots = await insertLots(db, LOAD_LOTS, 'CLUSTER-LOAD')
        rollMembers = await insertMembers(db, ROLL_MEMBERS, 'cluster-roll')
        rollLots = await insertLots(db, ROLL_MEMBERS, 'CLUSTER-ROLL')
      },
    })
    await pool(MEMBERS, 16, (i) => token(members[i], addressOf(i)))
    await pool(ROLL_MEMBERS, 16, (i) => token(rollMembers[i], rollAddressOf(i)))
    for (const email of ['admin@aero-demo.my', 'agent@aero-demo.my', 'user@aero-demo.my']) {
      await token(email, '10.18.0.1')
    }
  },
  { timeout: 120_000 }
)

after(async () => {
  await cluster?.stop()
})

test('a) a 200-way race for one lot across both instances: exactly one winner, no 5xx', async () => {
  const answers = await Promise.all(
    members.map(async (email, i) => {
      const started = performance.now()
      const response = await bookLot(email, i, raceLot)
      await response.arrayBuffer()
      return { status: response.status, instance: response.headers.get('x-instance'), ms: performance.now() - started }
    })
  )
  const statuses: Record<number, number> = {}
  const byInstance: Record<string, number> = {}
  for (const answer of answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
    byInstance[String(answer.instance)] = (byInstance[String(answer.instance)] ?? 0) + 1
  }
  const ms = answers.map((answer) => answer.ms).sort((a, b) => a - b)
  console.log(
    `race: statuses ${JSON.stringify(statuses)}, served by ${JSON.stringify(byInstance)}, p99 ${ms[197].toFixed(0)} ms`
  )
  assert.equal(statuses[201], 1, 'exactly one winner')
  assert.equal(statuses[409], MEMBERS - 1, 'everyone else told the lot is no longer available')
  for (const instance of cluster.instances)
    assert.ok(byInstance[instance.name] >= MEMBERS / 4, `${instance.name} served`)

  const db = await mysql.createConnection({ ...mysqlServer, database })
  const [rows] = (await db.query('select count(*) as n from bookings where lot_id = ?', [raceLot])) as unknown as [
    { n: number }[],
  ]
  const [[lot]] = (await db.query('select status from lots where id = ?', [raceLot])) as unknown as [
    [{ status: string }],
  ]
  await db.end()
  assert.equal(Number(rows[0].n), 1)
  assert.equal(lot.status, 'reserved')
})

type Heard = { lotId: number; status: string; at: number; arrived: number }
type Watcher = { instance: string; heard: Heard[]; close: () => void; ended: Promise<void> }

/** A browser on the hub from `localAddress`: its event stream and its subscription to `lots`, both through nginx. */
function watch(localAddress: string): Promise<Watcher> {
  const uid = randomUUID()
  const heard: Heard[] = []
  const base = new URL(cluster.baseURL)
  return new Promise((resolve, reject) => {
    const stream = http.get(
      { host: base.hostname, port: base.port, path: `/__transmit/events?uid=${uid}`, localAddress },
      (response) => {
        if (response.statusCode !== 200) {
          stream.destroy()
          return reject(new Error(`event stream answered ${response.statusCode}`))
        }
        const instance = String(response.headers['x-instance'])
        response.setEncoding('utf8')
        const read = transmitEventReader(({ channel, payload }) => {
          const lot = payload as Record<string, unknown>
          if (channel !== 'lots' || lot.type !== 'lot') return
          heard.push({
            lotId: Number(lot.lotId),
            status: String(lot.status),
            at: Date.parse(String(lot.at)),
            arrived: Date.now(),
          })
        })
        response.on('data', read)
        response.on('error', () => {})
        const body = JSON.stringify({ uid, channel: 'lots' })
        const subscribe = http.request(
          {
            host: base.hostname,
            port: base.port,
            path: '/__transmit/subscribe',
            method: 'POST',
            localAddress,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...openerCookie(response.headers['set-cookie']),
            },
          },
          (answer) => {
            answer.resume()
            if (answer.statusCode !== 204) return reject(new Error(`subscribe answered ${answer.statusCode}`))
            if (answer.headers['x-instance'] !== instance) return reject(new Error('subscribed on another instance'))
            const ended = new Promise<void>((done) => response.once('close', done))
            clearTimeout(timer)
            resolve({ instance, heard, close: () => stream.destroy(), ended })
          }
        )
        subscribe.on('error', reject)
        subscribe.end(body)
      }
    )
    stream.on('error', reject)
    // A stream or subscription caught by an instance as it stops may never answer: given up, tried again.
    const timer = setTimeout(() => {
      stream.destroy()
      reject(new Error('no subscription within 5 s'))
    }, 5_000)
    stream.on('close', () => {
      clearTimeout(timer)
      reject(new Error('the stream ended before its subscription'))
    })
  })
}

test('b) a status committed on one instance reaches the watchers held by the other within 1 s', async () => {
  // nginx keeps a client's stream on one instance (hash of its address): clients from several loopback addresses land on both.
  const watchers: Watcher[] = []
  try {
    for (let i = 1; i <= 40 && new Set(watchers.map((w) => w.instance)).size < cluster.instances.length; i++) {
      watchers.push(await watch(`127.0.0.${i}`))
    }
    const holders = new Set(watchers.map((watcher) => watcher.instance))
    assert.equal(holders.size, cluster.instances.length, 'watchers held by every instance')

    const crossings: Array<{ from: string; to: string; ms: number }> = []
    for (const [i, status] of ['locked', 'available', 'pending', 'available'].entries()) {
      const response = await fetch(`${cluster.baseURL}/api/lots/${liveLot}`, {
        method: 'PUT',
        headers: { ...bearer('admin@aero-demo.my'), 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      })
      assert.equal(response.status, 200, `change ${i + 1}: ${await response.text()}`)
      const committedOn = response.headers.get('x-instance')!
      const deadline = Date.now() + 3_000
      const heardBy = (watcher: Watcher) =>
        watcher.heard.find((lot) => lot.lotId === liveLot && lot.status === status && lot.arrived >= lot.at)
      while (Date.now() < deadline && !watchers.every(heardBy)) await new Promise((r) => setTimeout(r, 10))
      for (const watcher of watchers) {
        const heard = heardBy(watcher)
        assert.ok(heard, `a watcher on ${watcher.instance} heard "${status}" committed on ${committedOn}`)
        watcher.heard.length = 0
        if (watcher.instance === committedOn) continue
        crossings.push({ from: committedOn, to: watcher.instance, ms: heard.arrived - heard.at })
        // That instance's shared public reads were dropped before its watchers heard the change.
        const other = cluster.instances.find((instance) => instance.name === watcher.instance)!
        const hub = (await (await fetch(`${other.url}/api/lots/public`)).json()) as Array<{
          id: number
          status: string
        }>
        assert.equal(hub.find((lot) => lot.id === liveLot)?.status, status, `${other.name}'s public lot reads`)
      }
    }
    console.log(`pushes across instances: ${crossings.map((c) => `${c.from}→${c.to} ${c.ms} ms`).join(', ')}`)
    for (const from of holders)
      assert.ok(
        crossings.some((c) => c.from === from),
        `a change committed on ${from} crossed`
      )
    for (const crossing of crossings)
      assert.ok(crossing.ms < 1_000, `${crossing.from}→${crossing.to} took ${crossing.ms} ms`)
  } finally {
    for (const watcher of watchers) watcher.close()
  }
})

test('c) the sign-in limit counts the attempts made on both instances together', async () => {
  const address = '198.51.100.23'
  const failures = await pool(10, 1, () => signIn('user@aero-demo.my', address, 'not-the-password'))
  const served = new Set(failures.map((answer) => answer.instance))
  assert.equal(served.size, cluster.instances.length, 'the ten failures went to both instances')
  for (const answer of failures)
    assert.ok(answer.status >= 400 && answer.status < 429, `a failure answered ${answer.status}`)
  // Each instance saw five: counted apart, neither would refuse yet. Counted together, both refuse, the right password too.
  const refused = [await signIn('user@aero-demo.my', address), await signIn('user@aero-demo.my', address)]
  assert.deepEqual(
    refused.map((answer) => answer.status),
    [429, 429]
  )
  assert.equal(new Set(refused.map((answer) => answer.instance)).size, cluster.instances.length)
  // Another address is not held back.
  assert.equal((await signIn('user@aero-demo.my', '198.51.100.24')).status, 200)
})

test('d) a document uploaded through one instance downloads through the other, only for the people allowed', async () => {
  const requester = members[0]
  const booked = await bookLot(requester, 0, documentLot)
  assert.equal(booked.status, 201)
  const { id: bookingId } = (await booked.json()) as { id: number }

  const form = new FormData()
  form.append('bookingId', String(bookingId))
  form.append('documentType', 'ic_front')
  form.append('document', new Blob([PNG], { type: 'image/png' }), 'ic-front.png')
  const uploaded = await fetch(`${cluster.baseURL}/api/uploads/document`, {
    method: 'POST',
    headers: bearer(requester),
    body: form,
  })
  assert.equal(uploaded.status, 201, await uploaded.clone().text())
  const uploadedOn = uploaded.headers.get('x-instance')
  const { id: documentId } = (await uploaded.json()) as { id: number }

  // On the S3 server, not on an instance's disk.
  const stored = readdirSync(join(cluster.s3Directory, 'aero-private'), { recursive: true }).filter((name) =>
    String(name).endsWith('._S3rver_object')
  )
  assert.equal(stored.length, 1, 'one object in the private bucket')

  const url = `${cluster.baseURL}/api/uploads/documents/${bookingId}/${documentId}`
  for (const email of [requester, 'agent@aero-demo.my', 'admin@aero-demo.my']) {
    const answers = await onEachInstance(() => fetch(url, { headers: bearer(email) }))
    for (const [instance, answer] of answers) {
      assert.equal(answer.status, 200, `${email} through ${instance} (uploaded through ${uploadedOn})`)
      assert.ok(answer.body.equals(PNG), `${email} through ${instance}: the same bytes`)
    }
  }
  for (const [who, headers, status] of [
    ['another member of the agency', bearer(members[1]), 403],
    ['a signed-in stranger', bearer('user@aero-demo.my'), 403],
    ['nobody signed in', { accept: 'application/json' }, 401],
  ] as const) {
    const answers = await onEachInstance(() => fetch(url, { headers }))
    for (const [instance, answer] of answers) {
      assert.equal(answer.status, status, `${who} through ${instance}`)
      assert.ok(!answer.body.includes(PNG), `${who} through ${instance}: no bytes of the document`)
    }
  }
})

/**
 * A deploy's next step waits for this: nginx's passive checks keep a server that refused connections
 * out of the rotation for its fail_timeout even once it is ready again.
 */
async function servedThroughBalancer(name: string) {
  const deadline = Date.now() + 2 * FAIL_TIMEOUT_MS
  while (Date.now() < deadline) {
    const answer = await fetch(`${cluster.baseURL}/api/health/live`).catch(() => null)
    await answer?.arrayBuffer()
    if (answer?.headers.get('x-instance') === name) return
    await sleep(200)
  }
  assert.fail(`${name} is back behind the balancer within ${(2 * FAIL_TIMEOUT_MS) / 1000} s`)
}

/** A browser on the hub that reconnects whenever its stream ends, as the Transmit client does. */
function keepWatching(localAddress: string) {
  let current: Watcher | null = null
  let stopped = false
  let reconnects = 0
  let connected = false
  const loop = (async () => {
    while (!stopped) {
      const watcher = await watch(localAddress).catch(() => null)
      if (!watcher) {
        await sleep(250)
        continue
      }
      current = watcher
      connected = true
      await watcher.ended
      connected = false
      if (!stopped) reconnects++
    }
  })()
  return {
    heard: () => current?.heard ?? [],
    reconnects: () => reconnects,
    connected: () => connected,
    stop: async () => {
      stopped = true
      current?.close()
      await loop
    },
  }
}

test(
  'e) a rolling restart under load: readiness fails first, no request fails, no booking lost, watchers reconnect',
  { timeout: 240_000 },
  async () => {
    const watchers = Array.from({ length: 12 }, (_, i) => keepWatching(`127.0.1.${i + 1}`))
    try {
      await rollUnderLoad(watchers)
    } finally {
      await Promise.all(watchers.map((watcher) => watcher.stop()))
    }
  }
)

async function rollUnderLoad(watchers: Array<ReturnType<typeof keepWatching>>) {
  const failures: string[] = []
  let restarting = true
  let reads = 0
  const readUntilDone = async (path: string) => {
    while (restarting) {
      const response = await fetch(`${cluster.baseURL}${path}`).catch((error: Error) => error)
      if (response instanceof Error) failures.push(`GET ${path}: ${response.message}`)
      else if (response.status !== 200) failures.push(`GET ${path}: ${response.status}`)
      if (!(response instanceof Error)) await response.arrayBuffer()
      reads++
      await sleep(READ_PAUSE_MS)
    }
  }
  const readers = [...Array.from({ length: 4 }, () => readUntilDone('/api/lots/public')), readUntilDone('/')]
  // Each member asks for a lot of their own, one request at a time across the restarts: every one must be accepted.
  const accepted: Array<{ member: number; lotId: number; bookingId: number; instance: string | null }> = []
  let next = 0
  const bookers = Array.from({ length: 2 }, async () => {
    // The last member is kept for the change every watcher must hear at the end.
    while (restarting && next < ROLL_MEMBERS - 1) {
      const member = next++
      const response = await bookLot(rollMembers[member], member, rollLots[member], rollAddressOf(member)).catch(
        (error: Error) => error
      )
      if (response instanceof Error) failures.push(`booking ${member}: ${response.message}`)
      else if (response.status !== 201) failures.push(`booking ${member}: ${response.status} ${await response.text()}`)
      else {
        const { id } = (await response.json()) as { id: number }
        accepted.push({ member, lotId: rollLots[member], bookingId: id, instance: response.headers.get('x-instance') })
      }
      await sleep(700)
    }
  })

  const drainingSeen: string[] = []
  for (const instance of cluster.instances) {
    await sleep(1_000)
    let restarted = false
    // What a balancer's probe sees from the SIGTERM until the instance is gone.
    const probe = (async () => {
      while (!restarted) {
        const answer = await fetch(`${instance.url}/api/health/ready`).catch(() => null)
        const body = answer ? ((await answer.json().catch(() => ({}))) as { status?: string }) : {}
        if (answer?.status === 503 && body.status === 'draining') drainingSeen.push(instance.name)
        await sleep(100)
      }
    })()
    await instance.restart()
    restarted = true
    await probe
    await servedThroughBalancer(instance.name)
  }
  // The gateways in turn too: the page views above go through them.
  for (const gateway of cluster.gateways) {
    await sleep(1_000)
    await gateway.restart()
    // Gateways carry no X-Instance: nginx's fail_timeout is waited out instead.
    await sleep(FAIL_TIMEOUT_MS + 1_000)
  }
  await sleep(1_000)
  restarting = false
  await Promise.all([...readers, ...bookers])

  console.log(
    `rolling restart: ${reads} reads, ${accepted.length} bookings accepted (${JSON.stringify(
      accepted.reduce<Record<string, number>>(
        (by, a) => ({ ...by, [String(a.instance)]: (by[String(a.instance)] ?? 0) + 1 }),
        {}
      )
    )}), ${failures.length} failed; watchers reconnected ${watchers.map((w) => w.reconnects()).join(',')}`
  )
  if (failures.length > 0) console.log(failures.slice(0, 20).join('\n'))
  const kinds = failures.reduce<Record<string, number>>((by, f) => ({ ...by, [f]: (by[f] ?? 0) + 1 }), {})
  assert.deepEqual(kinds, {}, 'no request failed')
  for (const instance of cluster.instances)
    assert.ok(drainingSeen.includes(instance.name), `${instance.name}: readiness said draining`)
  assert.ok(accepted.length >= 20, 'bookings went on through the restarts')

  const db = await mysql.createConnection({ ...mysqlServer, database })
  const [rows] = (await db.query('select id, lot_id from bookings where lot_id in (?)', [rollLots])) as unknown as [
    Array<{ id: number; lot_id: number }>,
  ]
  await db.end()
  assert.deepEqual(
    rows.map((row) => row.id).sort((a, b) => a - b),
    accepted.map((a) => a.bookingId).sort((a, b) => a - b),
    'every accepted booking is in the database, and no other'
  )

  // Every watcher is connected again and hears the next change, whichever instance commits it.
  for (const watcher of watchers) assert.ok(watcher.reconnects() >= 1, 'each watcher lost its stream once at least')
  const settled = Date.now() + 20_000
  while (Date.now() < settled && !watchers.every((w) => w.connected())) await sleep(50)
  assert.ok(
    watchers.every((w) => w.connected()),
    'every watcher is connected again'
  )
  const lastMember = ROLL_MEMBERS - 1
  const last = await bookLot(rollMembers[lastMember], lastMember, rollLots[lastMember], rollAddressOf(lastMember))
  assert.equal(last.status, 201, await last.clone().text())
  const deadline = Date.now() + 5_000
  const heardLast = () => watchers.every((w) => w.heard().some((lot) => lot.lotId === rollLots[lastMember]))
  while (Date.now() < deadline && !heardLast()) await sleep(50)
  assert.ok(heardLast(), 'every watcher heard the change after the restarts')
}

test('f) one instance killed mid-load: the balancer routes around it, no booking lost or doubled', async () => {
  type Attempt = {
    member: number
    lotId: number
    status: number
    instance: string | null
    bookingId: number | null
    started: number
    ended: number
  }
  const victim = cluster.instances[1]
  const total = MEMBERS * LOAD_ROUNDS
  let killStarted = Infinity
  let killed = Infinity
  let reads = 0
  let readErrors = 0
  let loading = true
  const reader = (async () => {
    while (loading) {
      const response = await fetch(`${cluster.baseURL}/api/lots/public`).catch(() => null)
      await response?.arrayBuffer()
      reads++
      if (!response || response.status !== 200) readErrors++
    }
  })()
  const attempts = await pool(total, LOAD_WORKERS, async (i): Promise<Attempt> => {
    if (i === Math.floor(MEMBERS * 1.25)) {
      killStarted = Date.now()
      void victim.kill().then(() => (killed = Date.now()))
    }
    // Round k: member m asks for lot m + k·MEMBERS (+1 from the third round): rounds 0 and 1 find free lots
    // (winners before and after the kill), 2 and 3 taken ones; no member asks for one lot twice.
    const member = i % MEMBERS
    const round = Math.floor(i / MEMBERS)
    const lotId = loadLots[(member + round * MEMBERS + Math.floor(round / 2)) % LOAD_LOTS]
    const started = Date.now()
    const response = await bookLot(members[member], member, lotId).catch(() => null)
    const body = response ? ((await response.json().catch(() => ({}))) as { id?: number }) : {}
    return {
      member,
      lotId,
      status: response?.status ?? 0,
      instance: response?.headers.get('x-instance') ?? null,
      bookingId: response?.status === 201 ? (body.id ?? null) : null,
      started,
      ended: Date.now(),
    }
  })
  loading = false
  await reader

  const count = (list: Attempt[]) =>
    list.reduce<Record<string, number>>(
      (byStatus, a) => ({ ...byStatus, [a.status]: (byStatus[a.status] ?? 0) + 1 }),
      {}
    )
  const inFlight = attempts.filter((a) => a.started <= killed && a.ended >= killStarted)
  const afterKill = attempts.filter((a) => a.started > killed)
  console.log(
    `load: ${total} booking attempts, ${JSON.stringify(count(attempts))}; in flight at the kill ${JSON.stringify(count(inFlight))}; ` +
      `after it ${JSON.stringify(count(afterKill))} on ${[...new Set(afterKill.map((a) => a.instance))]}; ${reads} reads, ${readErrors} failed`
  )
  assert.ok(afterKill.length >= total / 3, 'the load went on after the kill')
  assert.ok(
    afterKill.some((a) => a.status === 201),
    'bookings accepted after the kill'
  )
  assert.deepEqual(new Set(afterKill.map((a) => a.instance)), new Set([cluster.instances[0].name]))
  assert.deepEqual(
    afterKill.filter((a) => a.status !== 201 && a.status !== 409),
    [],
    'every request after the kill answered'
  )
  const failed = attempts.filter((a) => a.status !== 201 && a.status !== 409)
  for (const attempt of failed) assert.ok(inFlight.includes(attempt), `only requests in flight at the kill may fail`)

  const db = await mysql.createConnection({ ...mysqlServer, database })
  const [rows] = (await db.query(
    'select b.id, b.lot_id, u.email from bookings b join users u on u.id = b.user_id where b.lot_id in (?)',
    [loadLots]
  )) as unknown as [Array<{ id: number; lot_id: number; email: string }>]
  const [lots] = (await db.query('select id, status from lots where id in (?)', [loadLots])) as unknown as [
    Array<{ id: number; status: string }>,
  ]
  await db.end()

  const accepted = attempts.filter((a) => a.status === 201)
  const rowById = new Map(rows.map((row) => [row.id, row]))
  for (const attempt of accepted) {
    const row = rowById.get(attempt.bookingId!)
    assert.ok(row, `accepted booking ${attempt.bookingId} is in the database`)
    assert.equal(row.lot_id, attempt.lotId)
    assert.equal(row.email, members[attempt.member])
  }
  // Nothing doubled: one booking per lot at most, and a booking nobody was told about only for an attempt cut by the kill.
  assert.equal(new Set(rows.map((row) => row.lot_id)).size, rows.length, 'one booking per lot')
  const acceptedIds = new Set(accepted.map((a) => a.bookingId))
  for (const row of rows.filter((r) => !acceptedIds.has(r.id))) {
    assert.ok(
      failed.some((a) => loadLots.indexOf(a.lotId) >= 0 && a.lotId === row.lot_id && members[a.member] === row.email),
      `booking ${row.id} belongs to an attempt cut by the kill`
    )
  }
  const bookedLots = new Set(rows.map((row) => row.lot_id))
  for (const lot of lots) assert.equal(lot.status, bookedLots.has(lot.id) ? 'reserved' : 'available', `lot ${lot.id}`)
  console.log(
    `bookings: ${accepted.length} accepted, ${rows.length} in the database, ${lots.length - bookedLots.size} lots still available`
  )
})
