import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { test } from '@japa/runner'
import type { ApiResponse } from '@japa/api-client'
import type { Assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import drive from '@adonisjs/drive/services/main'
import mysql from 'mysql2/promise'
import env from '#start/env'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import { User } from '#identity'
import { isDatabaseUnavailable } from '#core/database_outage'
import { SERVICE_UNAVAILABLE_MESSAGE } from '#core/errors'
import { PASSWORD, bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot, storedFileCount } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/**
 * The database going away under the backend: connections killed mid-request, new ones
 * refused or never answered. No global transaction here: the failures must hit real
 * connections of the pool, and what the requests commit (or do not) is read back from
 * another connection. Everything a test creates is removed afterwards.
 */

/** A connection of our own, outside the app's pool: to lock rows, kill connections and look. */
function operatorConnection() {
  return mysql.createConnection({
    host: env.get('MYSQL_HOST') ?? '127.0.0.1',
    port: env.get('MYSQL_PORT') ?? 3306,
    user: env.get('MYSQL_USER') ?? 'root',
    password: env.get('MYSQL_PASSWORD') ?? '',
    database: env.get('MYSQL_DB_NAME') ?? 'aero_test',
  })
}

type Operator = Awaited<ReturnType<typeof operatorConnection>>

/** The app's open connections to this database (every one but the operator's). */
async function appConnectionIds(operator: Operator): Promise<number[]> {
  const [rows] = await operator.query(
    'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()'
  )
  return (rows as Array<{ id: number }>).map((row) => Number(row.id))
}

/** Waits until an app connection runs a statement starting with `statement`; its id. */
async function connectionRunning(operator: Operator, statement: string): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [rows] = await operator.query(
      'SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND INFO LIKE ?',
      [`${statement}%`]
    )
    const [row] = rows as Array<{ id: number }>
    if (row) return Number(row.id)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const [running] = await operator.query(
    'SELECT INFO AS info FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> CONNECTION_ID()'
  )
  throw new Error(`No connection ran "${statement}": ${JSON.stringify(running)}`)
}

async function kill(operator: Operator, ids: number[]) {
  for (const id of ids) await operator.query(`KILL CONNECTION ${id}`).catch(() => {})
}

/** A local port that takes TCP connections and drops them, or that takes them and never says a word. */
async function fakeDatabase(behaviour: 'refuse' | 'silent') {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    if (behaviour === 'refuse') socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * The database goes down: the pool's next connections go to `port`, and every connection it
 * holds is killed (in-flight queries fail, idle ones are dropped on their next use). The
 * returned function brings the database back, as a restarted server would.
 */
async function takeDatabaseDown(operator: Operator, port: number) {
  const settings = db.connection().getWriteClient().client.config.connection as { port: number }
  const realPort = settings.port
  settings.port = port
  await kill(operator, await appConnectionIds(operator))
  return () => {
    settings.port = realPort
  }
}

function assertUnavailable(response: ApiResponse, assert: Assert) {
  response.assertStatus(503)
  assert.equal(response.header('retry-after'), '5')
  assert.match(response.header('content-type') ?? '', /^application\/json/)
  // Nobody keeps an outage's answer (#core/middleware/api_request_middleware).
  assert.match(response.header('cache-control') ?? '', /\bno-store\b/)
  assert.equal(response.body().message, SERVICE_UNAVAILABLE_MESSAGE)
}

test.group('Database outage | the database down', () => {
  test('API calls answer 503 with Retry-After, readiness fails, liveness holds, and all recover by themselves', async ({
    client,
    assert,
  }) => {
    const operator = await operatorConnection()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const user = await createUser()
    const newcomer = `outage.${Date.now()}@test.example`
    try {
      const refusing = await fakeDatabase('refuse')
      const bringBack = await takeDatabaseDown(operator, refusing.port)
      try {
        assertUnavailable(await client.get('/api/lots/public'), assert)
        assertUnavailable(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD }), assert)
        assertUnavailable(
          await client.post('/api/auth/register').json({
            name: 'Outage Newcomer',
            email: newcomer,
            password: 'secret1',
            confirmPassword: 'secret1',
          }),
          assert
        )

        const ready = await client.get('/api/health/ready')
        ready.assertStatus(503)
        const checks = Object.fromEntries(
          ready.body().checks.map((check: { name: string; status: string }) => [check.name, check.status])
        )
        // The documents master key's verdict may be one kept from before the outage.
        assert.deepInclude(checks, {
          'Database health check (mysql)': 'error',
          'Migrations applied': 'error',
          'Storage writable': 'ok',
        })
        ;(await client.get('/api/health/live')).assertStatus(200)
      } finally {
        bringBack()
        await refusing.close()
      }

      // Back up: the pool reconnects on its own, and the refused write left nothing behind.
      const lots = await client.get('/api/lots/public')
      lots.assertStatus(200)
      assert.include(
        lots.body().map((row: { id: number }) => row.id),
        lot.id
      )
      ;(await client.get('/api/health/ready')).assertStatus(200)
      ;(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })).assertStatus(200)
      const [registered] = await operator.query('SELECT id FROM users WHERE email = ?', [newcomer])
      assert.lengthOf(registered as unknown[], 0)
    } finally {
      await operator.end()
      await db.from('auth_access_tokens').where('tokenable_id', user.id).delete()
      await User.query().where('id', user.id).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
    }
  }).timeout(30_000)

  test('a database that does not answer: 503 after the pool waited 5 s, not a minute', async ({ client, assert }) => {
    const operator = await operatorConnection()
    try {
      const silent = await fakeDatabase('silent')
      const bringBack = await takeDatabaseDown(operator, silent.port)
      try {
        const startedAt = Date.now()
        const response = await client.get('/api/lots/public')
        const waited = Date.now() - startedAt
        assertUnavailable(response, assert)
        assert.isAtMost(waited, 8_000)
      } finally {
        bringBack()
        await silent.close()
      }
      ;(await client.get('/api/lots/public')).assertStatus(200)
    } finally {
      await operator.end()
    }
  }).timeout(30_000)
})

test.group('Database outage | a connection killed in the middle of a write', () => {
  test('a status change: 503, the booking, its history and the lot as they were; the retry goes through', async ({
    client,
    assert,
  }) => {
    const operator = await operatorConnection()
    const agency = await createAgency()
    const member = await createUser({ agencyId: agency.id, agencyStatus: 'approved' })
    const superAdmin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    const lot = await createLot(development, { status: 'reserved' })
    const booking = await Booking.create({
      lotId: lot.id,
      activeLotId: lot.id,
      userId: member.id,
      createdById: member.id,
      agencyId: agency.id,
      createdBy: 'user',
      status: 'pending_admin',
      creatorName: 'Daniel Tan',
      creatorEmail: 'daniel@example.my',
    })
    const token = await bearerFor(client, superAdmin)
    const sell = () =>
      client.put(`/api/bookings/${booking.id}/status-update`).bearerToken(token).json({ status: 'booked' })

    try {
      // The super admin's row is held elsewhere: the transition writes the booking's new status, then
      // its history row (which names who changed it) waits on that row.
      await operator.beginTransaction()
      await operator.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [superAdmin.id])
      const pending = sell().then((response) => response)
      await kill(operator, [await connectionRunning(operator, 'insert into `booking_status_history`')])
      assertUnavailable(await pending, assert)
      await operator.rollback()

      const [rows] = await operator.query('SELECT status FROM bookings WHERE id = ?', [booking.id])
      assert.deepEqual(rows, [{ status: 'pending_admin' }])
      const [history] = await operator.query('SELECT id FROM booking_status_history WHERE booking_id = ?', [booking.id])
      assert.lengthOf(history as unknown[], 0)
      const [lots] = await operator.query('SELECT status FROM lots WHERE id = ?', [lot.id])
      assert.deepEqual(lots, [{ status: 'reserved' }])

      const retried = await sell()
      retried.assertStatus(200)
      assert.equal((await Booking.findOrFail(booking.id)).status, 'approved')
      assert.equal((await Lot.findOrFail(lot.id)).status, 'booked')
    } finally {
      // Ending our connection first lets go of any lock it still holds.
      await operator.end()
      await db.from('booking_status_history').where('booking_id', booking.id).delete()
      await db.from('bookings').where('id', booking.id).delete()
      await db.from('auth_access_tokens').whereIn('tokenable_id', [member.id, superAdmin.id]).delete()
      await User.query().whereIn('id', [member.id, superAdmin.id]).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await db.from('agencies').where('id', agency.id).delete()
    }
  }).timeout(30_000)

  test('a booking request with documents: 503, no booking, the lot still available, no file kept', async ({
    client,
    assert,
  }) => {
    const operator = await operatorConnection()
    const agency = await createAgency()
    const member = await createUser({ agencyId: agency.id, agencyStatus: 'approved' })
    const development = await createDevelopment()
    const lot = await createLot(development)
    const token = await bearerFor(client, member)
    const filesBefore = await storedFileCount()

    try {
      // The agency's row is held elsewhere: the new booking's link to it waits, documents already stored.
      await operator.beginTransaction()
      await operator.query('SELECT id FROM agencies WHERE id = ? FOR UPDATE', [agency.id])
      const pending = requestBooking(client, token, lot.id, { icFront: 'png', icBack: 'jpeg', cheque: 'pdf' }).then(
        (response) => response
      )
      await kill(operator, [await connectionRunning(operator, 'insert into `bookings`')])
      assertUnavailable(await pending, assert)
      await operator.rollback()

      const [bookings] = await operator.query('SELECT id FROM bookings WHERE lot_id = ?', [lot.id])
      assert.lengthOf(bookings as unknown[], 0)
      const [lots] = await operator.query('SELECT status FROM lots WHERE id = ?', [lot.id])
      assert.deepEqual(lots, [{ status: 'available' }])
      assert.equal(await storedFileCount(), filesBefore)

      const retried = await requestBooking(client, token, lot.id, { icFront: 'png', icBack: 'jpeg', cheque: 'pdf' })
      retried.assertStatus(201)
      assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    } finally {
      await operator.end()
      const bookingIds = (await Booking.query().where('lot_id', lot.id)).map((row) => row.id)
      const documents = await db.from('booking_documents').whereIn('booking_id', bookingIds).select('storage_key')
      const storageKeys = documents.map((row: { storage_key: string }) => row.storage_key)
      await db.from('booking_documents').whereIn('booking_id', bookingIds).delete()
      // A backup's check opens every key's file.
      await db.from('document_keys').whereIn('storage_key', storageKeys).delete()
      await db.from('booking_status_history').whereIn('booking_id', bookingIds).delete()
      await db.from('bookings').whereIn('id', bookingIds).delete()
      await db.from('auth_access_tokens').where('tokenable_id', member.id).delete()
      await User.query().where('id', member.id).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await db.from('agencies').where('id', agency.id).delete()
      await Promise.all(storageKeys.map((key) => drive.use().delete(key)))
    }
  }).timeout(30_000)
})

test.group('Database outage | what counts as an outage', () => {
  test('a lost connection is one; a query the database refuses is not', async ({ assert }) => {
    const operator = await operatorConnection()
    try {
      const sleeping = db.rawQuery('SELECT SLEEP(5)').then(
        () => null,
        (error: unknown) => error
      )
      await kill(operator, [await connectionRunning(operator, 'SELECT SLEEP')])
      assert.isTrue(isDatabaseUnavailable(await sleeping))
    } finally {
      await operator.end()
    }

    const missingTable = await db.rawQuery('SELECT * FROM no_such_table').catch((error: unknown) => error)
    assert.isFalse(isDatabaseUnavailable(missingTable))
    const development = await createDevelopment()
    const duplicate = await db
      .table('developments')
      .insert({ slug: development.slug, name: 'Server has gone away', property_type: 'Shop Lot' })
      .catch((error: unknown) => error)
    assert.isFalse(isDatabaseUnavailable(duplicate))
    await db.from('developments').where('id', development.id).delete()

    assert.isTrue(
      isDatabaseUnavailable(
        Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })
      )
    )
    assert.isTrue(
      isDatabaseUnavailable(
        Object.assign(new Error('Too many connections'), { code: 'ER_CON_COUNT_ERROR', errno: 1040 })
      )
    )
    assert.isTrue(isDatabaseUnavailable(Object.assign(new Error('Connection was killed'), { errno: 1927 })))
    assert.isTrue(
      isDatabaseUnavailable(
        new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED', fatal: true }) })
      )
    )
    // The same socket error from another server (mail, storage) is not the database's.
    assert.isFalse(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })))
    assert.isFalse(
      isDatabaseUnavailable(Object.assign(new Error("Duplicate entry 'x'"), { code: 'ER_DUP_ENTRY', errno: 1062 }))
    )
  }).timeout(30_000)
})
