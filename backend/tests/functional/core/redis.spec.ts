import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { RedisConnection } from '@adonisjs/redis'
import { redisOptions } from '#config/redis'
import { PASSWORD, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { truncateDatabase } from '#tests/helpers/database'
import { runAce, startInstance, type Instance } from '#tests/helpers/instances'
import { BOOT_WAIT_MS } from '#tests/helpers/processes'
import { openStream } from '#tests/helpers/live'
import { subscribeToLotEvents } from '../../../../storefront/server/lot-events.ts'

/**
 * Several instances on one Redis (REDIS_URL, config/redis.ts): two real backend processes and
 * an Ace command run as a third share the limiter's counts and the live updates' bus, and a
 * lot changed through one is never read stale from the other. The gateway's ear
 * (storefront/server/lot-events.ts), connected to either instance, hears every change: that is
 * how each gateway drops its caches. Redis database 6 and a prefix of this run's own keep these
 * tests apart from anyone else's use of the same Redis (TEST_REDIS_URL to use another).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/6'
const PREFIX = `aero-test-${randomUUID().slice(0, 8)}:`
const shared = {
  REDIS_URL,
  REDIS_PREFIX: PREFIX,
  // Unset: with REDIS_URL the limiter counts in Redis by default (.env.test says memory).
  LIMITER_STORE: '',
  // Long enough that only a dropped read can show a change within a test.
  PUBLIC_READS_TTL_MS: '60000',
  // The instances' own expiry timer leaves this file's holds to the Ace command.
  BOOKING_HOLD_DAYS: '36500',
}

type LotMessage = { type: string; lotId: number; status: string; cause: string }

/** The gateway's subscription to an instance's `lots` channel, with what it heard. */
async function gatewayEar(instance: Instance) {
  const heard: LotMessage[] = []
  let connected!: () => void
  const ready = new Promise<void>((resolve) => (connected = resolve))
  const ear = subscribeToLotEvents({
    backendUrl: instance.url,
    onMessage: (payload) => heard.push(payload as LotMessage),
    onConnect: () => connected(),
  })
  await ready
  return {
    heard,
    close: () => ear.close(),
    /** The first message about `lotId` heard within `timeoutMs`, and how long it took. */
    async messageAbout(lotId: number, timeoutMs = 1000) {
      const started = Date.now()
      while (Date.now() - started < timeoutMs) {
        const message = heard.find((candidate) => candidate.lotId === lotId)
        if (message) return { message, afterMs: Date.now() - started }
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      throw new Error(`Nothing about lot ${lotId} in ${timeoutMs} ms (heard ${JSON.stringify(heard)})`)
    },
  }
}

async function hubStatus(instance: Instance, lotId: number) {
  const lots = (await (await fetch(`${instance.url}/api/lots/public`)).json()) as Array<{ id: number; status: string }>
  return lots.find((lot) => lot.id === lotId)?.status
}

function login(instance: Instance, email: string, password: string, address: string) {
  return fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  })
}

/** This run's keys in the test Redis database. */
async function keysOfThisRun(redis: RedisConnection, pattern = '*') {
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${PREFIX}${pattern}`, 'COUNT', 1000)
    keys.push(...batch)
    cursor = next
  } while (cursor !== '0')
  return keys
}

test.group('Redis | two instances share the limiter, the live updates and the shared reads', (group) => {
  let redis: RedisConnection
  let a: Instance
  let b: Instance

  group.setup(async () => {
    redis = new RedisConnection('test', redisOptions(REDIS_URL))
    try {
      await redis.ping()
    } catch (error) {
      await redis.disconnect()
      throw new Error(`These tests need Redis at ${REDIS_URL} (TEST_REDIS_URL): ${(error as Error).message}`)
    }
    const started = await Promise.allSettled([startInstance(shared), startInstance(shared)])
    const failed = started.find((result) => result.status === 'rejected')
    if (failed) {
      for (const result of started) if (result.status === 'fulfilled') await result.value.stop()
      await redis.quit()
      throw failed.reason
    }
    ;[a, b] = started.map((result) => (result as PromiseFulfilledResult<Instance>).value)
    return async () => {
      await Promise.all([a.stop(), b.stop()])
      const keys = await keysOfThisRun(redis)
      if (keys.length) await redis.del(...keys)
      await redis.quit()
      // The instances saw committed rows only: nothing of this file stays for the next ones.
      await truncateDatabase()
    }
  })

  test('a lot changed through instance A reaches a watcher of instance B within a second, and B reads it at once', async ({
    assert,
  }) => {
    const development = await createDevelopment()
    const lot = await createLot(development)
    const superAdmin = await createUser({ role: 'super_admin' })
    const ear = await gatewayEar(b)
    try {
      // B shares its read for a minute: only a drop can make it show the change.
      assert.equal(await hubStatus(b, lot.id), 'available')

      const token = await tokenAt(a, superAdmin.email)
      const edit = await fetch(`${a.url}/api/lots/${lot.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ status: 'sold' }),
      })
      assert.equal(edit.status, 200, await edit.text())

      const { message, afterMs } = await ear.messageAbout(lot.id)
      assert.include(message, { type: 'lot', lotId: lot.id, status: 'sold', cause: 'admin' })
      assert.isBelow(afterMs, 1000)
      assert.equal(await hubStatus(b, lot.id), 'sold')
    } finally {
      ear.close()
    }
  })

  test("a lot's status changed through instance A drops B's shared reads at once, kept in memory and in Redis", async ({
    assert,
  }) => {
    const development = await createDevelopment()
    const lot = await createLot(development, { typeCode: 'A', type: 'CORNER (A)' })
    const superAdmin = await createUser({ role: 'super_admin' })
    // Addresses no other test here asked B for (B keeps its reads a minute).
    const statusAt = async (path: string) => {
      const body = (await (await fetch(`${b.url}${path}`)).json()) as
        Array<{ id: number; status: string }> | { lots: Array<{ id: number; status: string }> }
      return (Array.isArray(body) ? body : body.lots).find((row) => row.id === lot.id)?.status
    }
    const reads = () =>
      Promise.all([statusAt('/api/lots/public?type=A'), statusAt(`/api/properties/${development.slug}/lots/A`)])
    assert.deepEqual(await reads(), ['available', 'available'])
    // Shared through Redis (config/cache.ts), under this run's prefix.
    assert.isAbove((await keysOfThisRun(redis, 'cache:*')).length, 0)
    // Written behind the product's back (no drop): B answers from what it keeps.
    await db.from('lots').where('id', lot.id).update({ status: 'locked' })
    assert.deepEqual(await reads(), ['available', 'available'])
    await db.from('lots').where('id', lot.id).update({ status: 'available' })

    const token = await tokenAt(a, superAdmin.email)
    const edit = await fetch(`${a.url}/api/lots/${lot.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ status: 'sold' }),
    })
    assert.equal(edit.status, 200, await edit.text())
    // Nobody listens to the live updates here: only the cache's own drop reaches B, within moments.
    const started = Date.now()
    let seen = await reads()
    while (seen.some((status) => status !== 'sold') && Date.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      seen = await reads()
    }
    assert.deepEqual(seen, ['sold', 'sold'])
  })

  test('holds expired by `node ace bookings:expire`, a process of its own, are heard on both instances', async ({
    assert,
  }) => {
    const world = await bookingWorld()
    const lot = await createLot(await createDevelopment())
    const ears = await Promise.all([gatewayEar(a), gatewayEar(b)])
    try {
      // Requested through A: B hears the lot reserved, and reads it so.
      const form = new FormData()
      for (const [name, value] of Object.entries({
        lotId: String(lot.id),
        name: 'Daniel Tan',
        email: 'daniel@example.my',
        phone: '0123456789',
        consent: 'true',
      })) {
        form.append(name, value)
      }
      const requested = await fetch(`${a.url}/api/bookings/request`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${await tokenAt(a, world.memberA.email)}` },
        body: form,
      })
      const booking = (await requested.json()) as { id: number }
      assert.equal(requested.status, 201, JSON.stringify(booking))
      assert.include((await ears[1].messageAbout(lot.id)).message, { status: 'reserved' })
      assert.equal(await hubStatus(b, lot.id), 'reserved')
      for (const ear of ears) ear.heard.length = 0

      await db
        .from('bookings')
        .where('id', booking.id)
        .update({ created_at: new Date(Date.now() - 30 * 24 * 3600 * 1000) })
      const command = await runAce(['bookings:expire', '--days=7'], shared)
      assert.equal(command.code, 0, command.output)
      assert.include(command.output, `Booking #${booking.id}`)

      for (const [ear, instance] of [
        [ears[0], a],
        [ears[1], b],
      ] as const) {
        const { message } = await ear.messageAbout(lot.id, 2000)
        assert.include(message, { lotId: lot.id, status: 'available', cause: 'expiry' })
        assert.equal(await hubStatus(instance, lot.id), 'available')
      }
    } finally {
      for (const ear of ears) ear.close()
    }
  })

  test("a sign-out through instance A closes that person's live channels held by instance B", async ({ assert }) => {
    const world = await bookingWorld()
    const channel = `users/${world.memberA.id}/notifications`
    const stream = await openStream(b.url)
    try {
      const subscribed = await fetch(`${b.url}/__transmit/subscribe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          cookie: stream.ownerCookie,
          authorization: `Bearer ${await tokenAt(b, world.memberA.email)}`,
        },
        body: JSON.stringify({ uid: stream.uid, channel }),
      })
      assert.equal(subscribed.status, 204, await subscribed.text())

      const token = await tokenAt(a, world.memberA.email)
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      })
      assert.equal(logout.status, 200, await logout.text())

      let timer: NodeJS.Timeout | undefined
      const ended = await Promise.race([
        stream.ended.then(() => true),
        new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1000))),
      ])
      clearTimeout(timer)
      assert.isTrue(ended, "B closed the signed-out person's stream within a second")
    } finally {
      await stream.close()
    }
  })

  test('failed sign-ins from one address count on both instances together, in Redis', async ({ assert }) => {
    const email = `nobody.${randomUUID().slice(0, 8)}@test.example`
    const address = '203.0.113.41'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await login(attempt % 2 === 0 ? a : b, email, 'wrong password', address)
      await response.arrayBuffer()
      statuses.push(response.status)
    }
    assert.notInclude(statuses, 429)
    // Five failures on each: only a shared count reaches the limit of ten.
    for (const instance of [a, b]) {
      const refused = await login(instance, email, 'wrong password', address)
      assert.equal(refused.status, 429, `on ${instance.url}`)
    }
    // Another address is not held back by this one's failures.
    const other = await login(b, email, 'wrong password', '203.0.113.42')
    assert.notEqual(other.status, 429)

    const keys = await keysOfThisRun(redis, `limits:login:${address}:*`)
    assert.lengthOf(keys, 1)
  })

  test('readiness reports Redis reachable', async ({ assert }) => {
    const response = await fetch(`${a.url}/api/health/ready`)
    const report = (await response.json()) as { checks: Array<{ name: string; status: string }> }
    assert.equal(response.status, 200, JSON.stringify(report))
    assert.deepInclude(
      report.checks.map(({ name, status }) => ({ name, status })),
      { name: 'Redis health check (main)', status: 'ok' }
    )
  })
})

test.group('Redis | the jobs waiting in Redis, in the metrics', () => {
  test('a scrape counts the pending jobs of the queue in Redis', async ({ assert }) => {
    // A prefix of its own and no worker: nothing picks up what the test puts in the queue.
    const prefix = `${PREFIX}metrics-`
    const instance = await startInstance({
      ...shared,
      REDIS_PREFIX: prefix,
      QUEUE_DRIVER: 'redis',
      QUEUE_WORKER_IN_WEB: 'false',
    })
    const queueRedis = new RedisConnection('queue-test', { ...redisOptions(REDIS_URL), keyPrefix: `${prefix}queue::` })
    const scrape = async () => {
      const response = await fetch(`${instance.url}/metrics`)
      assert.equal(response.status, 200)
      const line = (await response.text())
        .split('\n')
        .find((candidate) => candidate.startsWith('aero_queue_jobs{queue="default",status="pending"} '))
      assert.isDefined(line, 'the pending jobs series')
      return Number(line!.split(' ')[1])
    }
    try {
      assert.equal(await scrape(), 0)
      await queueRedis.zadd('jobs::default::pending', 1, 'waiting-1', 2, 'waiting-2')
      assert.equal(await scrape(), 2)
    } finally {
      await queueRedis.del('jobs::default::pending')
      await queueRedis.quit()
      await instance.stop()
    }
  }).timeout(BOOT_WAIT_MS + 30_000)
})

test.group('Redis | an instance whose Redis is out of reach', () => {
  test('starts, and answers readiness 503 naming Redis', async ({ assert }) => {
    const unreachable = await startInstance({ ...shared, REDIS_URL: 'redis://127.0.0.1:1/6' })
    try {
      const response = await fetch(`${unreachable.url}/api/health/ready`)
      const report = (await response.json()) as { checks: Array<{ name: string; status: string; message: string }> }
      assert.equal(response.status, 503)
      const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.status]))
      assert.equal(checks['Redis health check (main)'], 'error')
      assert.equal(checks['Database health check (mysql)'], 'ok')
    } finally {
      await unreachable.stop()
    }
  }).timeout(BOOT_WAIT_MS + 30_000)
})

async function tokenAt(instance: Instance, email: string) {
  const response = await login(instance, email, PASSWORD, '127.0.0.1')
  const body = (await response.json()) as { token?: string }
  if (!body.token) throw new Error(`No token from ${instance.url}: ${JSON.stringify(body)}`)
  return body.token
}
