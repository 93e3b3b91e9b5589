import { test } from '@japa/runner'
import type { Assert } from '@japa/assert'
import mysql from 'mysql2/promise'
import env from '#start/env'
import { SERVICE_UNAVAILABLE_MESSAGE } from '#core/errors'
import { createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'
import { tokenFor } from '#tests/helpers/agencies'
import { truncateDatabase } from '#tests/helpers/database'
import { startInstance, type Instance } from '#tests/helpers/instances'

/**
 * A database that takes connections but stalls a query (a table or row locked elsewhere, a
 * server too busy to answer): no request waits for it longer than DB_QUERY_TIMEOUT_MS. The
 * query is then cancelled, so nothing it would have written lands after the 503 told the
 * client to try again. The instance is a real process with a short timeout; the locks are
 * held from a connection of this file's own. What the instance writes is committed, and
 * emptied when the file ends.
 */

const TIMEOUT_MS = 1_000
/** How long the locks are held when nothing ends the wait sooner. */
const STALL_MS = 6_000

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

/** Waits until a statement of the instance locking `table`'s rows runs (and waits); that statement. */
async function lockingStatement(operator: Operator, table: string): Promise<string> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const [rows] = await operator.query(
      `SELECT INFO AS info FROM information_schema.PROCESSLIST
        WHERE DB = DATABASE() AND ID <> CONNECTION_ID() AND INFO LIKE ? AND INFO LIKE '%for update'`,
      [`%from \`${table}\`%`]
    )
    const [row] = rows as Array<{ info: string }>
    if (row) return row.info
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`No statement of the instance locked rows of ${table}`)
}

async function timed(send: () => Promise<Response>) {
  const startedAt = Date.now()
  const response = await send()
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, waited: Date.now() - startedAt }
}

function assertUnavailableInTime(assert: Assert, answer: Awaited<ReturnType<typeof timed>>) {
  assert.equal(answer.status, 503, answer.text)
  assert.equal(answer.headers.get('retry-after'), '5')
  assert.deepEqual(JSON.parse(answer.text), {
    message: SERVICE_UNAVAILABLE_MESSAGE,
    reference: answer.headers.get('x-request-id'),
  })
  // The timeout, then the cancellation: well before the lock goes.
  assert.isAtLeast(answer.waited, TIMEOUT_MS - 50)
  assert.isBelow(answer.waited, TIMEOUT_MS + 1_500)
}

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
  return fetch(`${instance.url}/api/bookings/request`, {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    body: form,
  })
}

test.group('Database stall | a query that waits too long', (group) => {
  let instance: Instance
  let operator: Operator

  group.setup(async () => {
    instance = await startInstance({ DB_QUERY_TIMEOUT_MS: String(TIMEOUT_MS), PUBLIC_READS_TTL_MS: '0' })
    return async () => {
      await instance.stop()
      await truncateDatabase()
    }
  })
  group.each.setup(async () => {
    operator = await operatorConnection()
    return async () => {
      // Ending the connection lets go of whatever it still holds.
      await operator.end()
    }
  })

  test('a table locked elsewhere: a read answers 503 with Retry-After after the timeout, not when the lock goes', async ({
    assert,
  }) => {
    const lot = await createLot(await createDevelopment())
    await operator.query('LOCK TABLES lots WRITE')
    const release = setTimeout(() => operator.query('UNLOCK TABLES').catch(() => {}), STALL_MS)
    try {
      const answer = await timed(() => fetch(`${instance.url}/api/lots/public`))
      assertUnavailableInTime(assert, answer)
    } finally {
      clearTimeout(release)
      await operator.query('UNLOCK TABLES')
    }
    const lots = await fetch(`${instance.url}/api/lots/public`)
    assert.equal(lots.status, 200)
    assert.include(
      ((await lots.json()) as Array<{ id: number }>).map((row) => row.id),
      lot.id
    )
  }).timeout(30_000)

  test('a sign-in that cannot be read in time is an outage (503), never a signed-out 401', async ({ assert }) => {
    const user = await createUser({ email: 'stalled.signin@example.my' })
    const token = await tokenFor(user)
    await operator.query('LOCK TABLES users WRITE')
    const release = setTimeout(() => operator.query('UNLOCK TABLES').catch(() => {}), STALL_MS)
    try {
      const answer = await timed(() =>
        fetch(`${instance.url}/api/users/me`, {
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        })
      )
      assertUnavailableInTime(assert, answer)
    } finally {
      clearTimeout(release)
      await operator.query('UNLOCK TABLES')
    }
    const me = await fetch(`${instance.url}/api/users/me`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    })
    assert.equal(me.status, 200)
  }).timeout(30_000)

  test('a booking request waiting on a locked lot: 503, its query cancelled, nothing written after; the retry books', async ({
    assert,
  }) => {
    const agency = await createAgency()
    const member = await createUser({ agencyId: agency.id, agencyStatus: 'approved' })
    const lot = await createLot(await createDevelopment())
    const token = await tokenFor(member)

    await operator.beginTransaction()
    await operator.query('SELECT id FROM lots WHERE id = ? FOR UPDATE', [lot.id])
    const release = setTimeout(() => operator.rollback().catch(() => {}), STALL_MS)
    try {
      const pending = timed(() => bookingRequest(instance, token, lot.id))
      await lockingStatement(operator, 'lots')
      assertUnavailableInTime(assert, await pending)
    } finally {
      clearTimeout(release)
      await operator.rollback()
    }

    // The lock gone, the cancelled request does not finish behind the client's back.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const [bookings] = await operator.query('SELECT id FROM bookings WHERE lot_id = ?', [lot.id])
    assert.lengthOf(bookings as unknown[], 0)
    const [lots] = await operator.query('SELECT status FROM lots WHERE id = ?', [lot.id])
    assert.deepEqual(lots, [{ status: 'available' }])

    const retried = await bookingRequest(instance, token, lot.id)
    assert.equal(retried.status, 201, await retried.text())
  }).timeout(30_000)

  test('a wait shorter than the timeout is only a wait: the request goes through', async ({ assert }) => {
    const lot = await createLot(await createDevelopment())
    await operator.query('LOCK TABLES lots WRITE')
    const release = setTimeout(() => operator.query('UNLOCK TABLES').catch(() => {}), TIMEOUT_MS / 2)
    try {
      const answer = await timed(() => fetch(`${instance.url}/api/lots/public`))
      assert.equal(answer.status, 200, answer.text)
      assert.isAtLeast(answer.waited, TIMEOUT_MS / 2 - 50)
      assert.include(
        (JSON.parse(answer.text) as Array<{ id: number }>).map((row) => row.id),
        lot.id
      )
    } finally {
      clearTimeout(release)
    }
  }).timeout(30_000)

  test('an import longer than the timeout, made of quick queries, is not cut short', async ({ assert }) => {
    const development = await createDevelopment()
    const token = await tokenFor(await createUser({ role: 'super_admin' }))
    const rows = Array.from({ length: 2000 }, (_, index) => `${index + 1},${development.id},INTERMEDIATE (B),available`)
    const form = new FormData()
    form.append('file', new Blob([`Lot Number,Property ID,Type,Status\n${rows.join('\n')}\n`]), 'lots.csv')
    const answer = await timed(() =>
      fetch(`${instance.url}/api/lots/import`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        body: form,
      })
    )
    assert.equal(answer.status, 200, answer.text)
    assert.include(JSON.parse(answer.text).message, '2000 lots created')
    // Only meaningful when the whole import outlasted one query's limit.
    assert.isAbove(answer.waited, TIMEOUT_MS)
  }).timeout(60_000)
})
