import { spawn, type ChildProcess } from 'node:child_process'
import net, { type AddressInfo } from 'node:net'
import { once } from 'node:events'
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import { RedisConnection } from '@adonisjs/redis'
import { redisOptions } from '#config/redis'
import { SERVICE_UNAVAILABLE_MESSAGE } from '#core/errors'
import { isRedisUnavailable, unavailableDependency } from '#core/dependency_outage'
import { PASSWORD, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'
import { tokenFor } from '#tests/helpers/agencies'
import { truncateDatabase } from '#tests/helpers/database'
import { freePort, startInstance, type Instance } from '#tests/helpers/instances'
import { BOOT_WAIT_MS } from '#tests/helpers/processes'

/**
 * Redis (REDIS_URL) out of reach under a running instance: the limiter counts there, so sign-in,
 * the contact form and booking requests cannot run. They answer 503 with Retry-After, as a
 * database outage does, within a few seconds, and work again once Redis is back. The instances
 * are real processes (their limiter on Redis); the Redis is a `redis-server` of this file's own,
 * on a free port, so stopping it touches nobody else's.
 */

/** Longest a request may take to give up on an unreachable Redis. */
const GIVE_UP_MS = 5_000

type Server = { port: number; url: string; stop: () => Promise<void> }

async function startRedis(port: number): Promise<Server> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' }
  )
  const exited = once(child, 'exit')
  const url = `redis://127.0.0.1:${port}/0`
  const probe = new RedisConnection('probe', { ...redisOptions(url), maxRetriesPerRequest: null })
  probe.on('error', () => {})
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await probe.ping()
        break
      } catch (error) {
        if (attempt > 50) throw error
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  } finally {
    await probe.disconnect()
  }
  return {
    port,
    url,
    // Killed, not shut down: Redis gone at once, as when its host fails.
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** A port that takes connections and never says a word: a Redis hung, or lost behind a firewall. */
async function silentServer() {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}/0`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

function post(instance: Instance, path: string, body: string | FormData, headers: Record<string, string> = {}) {
  return fetch(`${instance.url}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'x-forwarded-for': '203.0.113.77', ...headers },
    body,
  })
}

const signIn = (instance: Instance, email: string) =>
  post(instance, '/api/auth/login', JSON.stringify({ email, password: PASSWORD }), {
    'content-type': 'application/json',
  })

const contact = (instance: Instance) =>
  post(
    instance,
    '/api/contact',
    JSON.stringify({ name: 'Aisyah', email: 'aisyah@example.my', phone: '0123456789', message: 'Is lot 7 free?' }),
    { 'content-type': 'application/json' }
  )

function bookingRequest(instance: Instance, token: string, lotId: number) {
  const form = new FormData()
  for (const [name, value] of Object.entries({
    lotId: String(lotId),
    name: 'Daniel Tan',
    email: 'daniel@example.my',
    phone: '0123456789',
    consent: 'true',
  })) {
    form.append(name, value)
  }
  return post(instance, '/api/bookings/request', form, { authorization: `Bearer ${token}` })
}

/** 503, Retry-After, the outage's message, and soon. */
async function assertUnavailable(assert: Assert, name: string, send: () => Promise<Response>) {
  const startedAt = Date.now()
  const response = await send()
  const waited = Date.now() - startedAt
  const text = await response.text()
  assert.equal(response.status, 503, `${name}: ${text}`)
  assert.equal(response.headers.get('retry-after'), '5', name)
  assert.deepEqual(
    JSON.parse(text),
    { message: SERVICE_UNAVAILABLE_MESSAGE, reference: response.headers.get('x-request-id') },
    name
  )
  assert.isBelow(waited, GIVE_UP_MS, `${name} waited ${waited} ms`)
}

async function member() {
  const agency = await createAgency()
  const user = await createUser({ agencyId: agency.id, agencyStatus: 'approved' })
  const lot = await createLot(await createDevelopment())
  return { user, lot, token: await tokenFor(user) }
}

const instanceEnv = (url: string) => ({
  REDIS_URL: url,
  REDIS_PREFIX: `aero-test-${randomUUID().slice(0, 8)}:`,
  // Unset: with REDIS_URL the limiter counts in Redis (.env.test says memory).
  LIMITER_STORE: '',
  BOOKING_HOLD_DAYS: '36500',
})

test.group('Redis outage | the limiter’s Redis out of reach', (group) => {
  group.teardown(async () => {
    // The instances saw committed rows only: nothing of this file stays for the next ones.
    await truncateDatabase()
  })

  test('Redis killed under a running instance: sign-in, contact form and booking request answer 503, then recover', async ({
    assert,
  }) => {
    let redis = await startRedis(await freePort())
    const instance = await startInstance(instanceEnv(redis.url))
    try {
      const { user, lot, token } = await member()
      const before = await signIn(instance, user.email)
      assert.equal(before.status, 200, await before.text())

      await redis.stop()
      await assertUnavailable(assert, 'sign-in', () => signIn(instance, user.email))
      await assertUnavailable(assert, 'contact form', () => contact(instance))
      await assertUnavailable(assert, 'booking request', () => bookingRequest(instance, token, lot.id))

      // Back on the same port: the instance reconnects by itself.
      redis = await startRedis(redis.port)
      let status = 0
      for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
        const response = await signIn(instance, user.email)
        await response.arrayBuffer()
        status = response.status
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200))
      }
      assert.equal(status, 200, instance.output())
      const booked = await bookingRequest(instance, token, lot.id)
      assert.equal(booked.status, 201, await booked.text())
    } finally {
      await instance.stop()
      await redis.stop()
    }
  }).timeout(BOOT_WAIT_MS + 60_000)

  test('Redis never reachable (a closed port): the same three answer 503 with Retry-After', async ({ assert }) => {
    const instance = await startInstance(instanceEnv(`redis://127.0.0.1:${await freePort()}/0`))
    try {
      const { user, lot, token } = await member()
      await assertUnavailable(assert, 'sign-in', () => signIn(instance, user.email))
      await assertUnavailable(assert, 'contact form', () => contact(instance))
      await assertUnavailable(assert, 'booking request', () => bookingRequest(instance, token, lot.id))
    } finally {
      await instance.stop()
    }
  }).timeout(BOOT_WAIT_MS + 60_000)

  test('a Redis that never answers: the same three answer 503 within seconds, not never', async ({ assert }) => {
    const silent = await silentServer()
    const instance = await startInstance(instanceEnv(silent.url))
    try {
      const { user, lot, token } = await member()
      await assertUnavailable(assert, 'sign-in', () => signIn(instance, user.email))
      await assertUnavailable(assert, 'contact form', () => contact(instance))
      await assertUnavailable(assert, 'booking request', () => bookingRequest(instance, token, lot.id))
    } finally {
      await instance.stop()
      await silent.close()
    }
  }).timeout(BOOT_WAIT_MS + 60_000)
})

test.group('Redis outage | what counts as one', () => {
  test('ioredis giving up on a command is; the same words with a code, or another server’s socket error, are not', async ({
    assert,
  }) => {
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit (which is 2).'), {
      name: 'MaxRetriesPerRequestError',
    })
    assert.isTrue(isRedisUnavailable(gaveUp))
    assert.equal(unavailableDependency(gaveUp), 'redis')
    assert.isTrue(isRedisUnavailable(new Error('Connection is closed.')))
    assert.isTrue(isRedisUnavailable(new Error('Command timed out')))
    assert.isTrue(isRedisUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false")))
    assert.isTrue(isRedisUnavailable(new Error('limiter', { cause: new Error('Connection is closed.') })))

    // A mail or storage server refusing is not Redis away; nor is a Redis reply refusing a command.
    assert.isNull(unavailableDependency(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })))
    assert.isNull(unavailableDependency(Object.assign(new Error('Command timed out'), { code: 'ETIMEDOUT' })))
    assert.isNull(unavailableDependency(new Error('Connection is closed by the mail server')))
    assert.isNull(unavailableDependency(Object.assign(new Error('WRONGTYPE Operation'), { name: 'ReplyError' })))
    // The database's outages are still told apart as the database's.
    assert.equal(
      unavailableDependency(
        Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })
      ),
      'database'
    )
  })
})
