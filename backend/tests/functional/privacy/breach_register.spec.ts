import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { AuditEntry } from '#audit'
import { SCHEDULES } from '#start/schedules'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld } from '#tests/helpers/bookings'
import { recordedMails } from '#tests/helpers/mail'

const incident = (overrides: Record<string, unknown> = {}) => ({
  discoveredAt: DateTime.utc().minus({ hours: 2 }).toISO(),
  description: 'A cheque was emailed to the wrong buyer',
  affectedPeople: 'One buyer of a Phase 4 lot',
  dataKinds: ['cheques', 'contact_details'],
  affectedCount: 1,
  ...overrides,
})

async function record(client: ApiClient, token: string, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/data-breaches').bearerToken(token).json(incident(overrides))
  response.assertStatus(201)
  return response.body() as { id: number; clocks: Record<string, Record<string, unknown>> }
}

const countOf = async (table: string) => Number((await db.from(table).count('* as total'))[0].total)

test.group('Privacy | breach register', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('only super admins reach the register: 403 for users and agent admins, 401 signed out', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const admin = await bearerFor(client, world.superAdmin)
    const breach = await record(client, admin)
    const calls = [
      () => client.get('/api/data-breaches'),
      () => client.get(`/api/data-breaches/${breach.id}`),
      () => client.post('/api/data-breaches').json(incident()),
      () => client.put(`/api/data-breaches/${breach.id}`).json({ affectedCount: 9 }),
      () => client.get('/api/data-breach-notices'),
      () =>
        client
          .post('/api/data-breach-notices')
          .json({ breachId: breach.id, subject: 'S', body: 'B', recipients: ['a@example.my'] }),
    ]
    for (const user of [world.plainUser, world.memberA, world.agentA]) {
      const token = await bearerFor(client, user)
      for (const call of calls) {
        const response = await call().bearerToken(token)
        response.assertStatus(403)
        assert.isString(response.body().message)
      }
    }
    for (const call of calls) (await call()).assertStatus(401)
    assert.equal(await countOf('data_breaches'), 1)
    assert.equal(await countOf('data_breach_notices'), 0)

    // `admin` is a super admin too.
    const other = await bearerFor(client, world.admin)
    const list = await client.get('/api/data-breaches').bearerToken(other)
    list.assertStatus(200)
    assert.equal(list.headers()['content-range'], 'data-breaches 0-0/1')
    assert.equal(list.headers()['cache-control'], 'private, no-store')
  })

  test('an incident starts the 72-hour clock; open incidents list their time left or that they are overdue', async ({
    client,
    assert,
  }) => {
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const fresh = await record(client, admin)
    assert.equal(fresh.clocks.commissioner.state, 'running')
    assert.closeTo(fresh.clocks.commissioner.secondsLeft as number, 70 * 3600, 120)
    assert.equal(fresh.clocks.individuals.state, 'waiting')

    const late = await record(client, admin, { discoveredAt: DateTime.utc().minus({ hours: 80 }).toISO() })
    const open = await client
      .get('/api/data-breaches')
      .qs({ filter: JSON.stringify({ status: 'open' }), sort: JSON.stringify(['discoveredAt', 'ASC']) })
      .bearerToken(admin)
    open.assertStatus(200)
    const rows = open.body() as Array<{ id: number; clocks: { commissioner: { state: string; secondsLeft: number } } }>
    assert.deepEqual(
      rows.map((row) => [row.id, row.clocks.commissioner.state]),
      [
        [late.id, 'overdue'],
        [fresh.id, 'running'],
      ]
    )
    assert.closeTo(rows[0].clocks.commissioner.secondsLeft, -8 * 3600, 120)

    const bad = await client
      .get('/api/data-breaches')
      .qs({ filter: JSON.stringify({ status: 'gone' }) })
      .bearerToken(admin)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'filter.status')
  })

  test('bad input is refused per field with 422 { message, errors: [{ field, message }] }', async ({
    client,
    assert,
  }) => {
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const empty = await client.post('/api/data-breaches').bearerToken(admin).json({})
    empty.assertStatus(422)
    assert.isString(empty.body().message)
    assert.sameMembers(
      empty.body().errors.map((error: { field: string }) => error.field),
      ['discoveredAt', 'description', 'affectedPeople', 'dataKinds', 'affectedCount']
    )
    for (const error of empty.body().errors) assert.isString(error.message)

    const wrong = await client
      .post('/api/data-breaches')
      .bearerToken(admin)
      .json(
        incident({
          discoveredAt: DateTime.utc().plus({ days: 1 }).toISO(),
          dataKinds: ['horoscopes'],
          affectedCount: -1,
        })
      )
    wrong.assertStatus(422)
    const fields = Object.fromEntries(
      wrong.body().errors.map((error: { field: string; message: string }) => [error.field, error.message])
    )
    assert.equal(fields.discoveredAt, 'The discoveredAt cannot be in the future')
    assert.equal(fields['dataKinds.0'], 'Unknown kind of data')
    assert.equal(fields.affectedCount, 'The number of people cannot be negative')
    ;(
      await client
        .post('/api/data-breaches')
        .bearerToken(admin)
        .json(incident({ discoveredAt: 'last week' }))
    ).assertStatus(422)

    const breach = await record(client, admin)
    const noReference = await client
      .put(`/api/data-breaches/${breach.id}`)
      .bearerToken(admin)
      .json({ commissionerNotifiedAt: DateTime.utc().toISO() })
    noReference.assertStatus(422)
    assert.deepEqual(noReference.body().errors, [
      { field: 'commissionerReference', message: 'Enter the reference the Commissioner gave the notification' },
    ])
    const beforeFound = await client
      .put(`/api/data-breaches/${breach.id}`)
      .bearerToken(admin)
      .json({ commissionerNotifiedAt: DateTime.utc().minus({ days: 1 }).toISO(), commissionerReference: 'JPDP-1' })
    beforeFound.assertStatus(422)
    assert.equal(beforeFound.body().errors[0].field, 'commissionerNotifiedAt')
    const closing = await client.put(`/api/data-breaches/${breach.id}`).bearerToken(admin).json({ status: 'closed' })
    closing.assertStatus(422)
    assert.equal(closing.body().errors[0].field, 'status')
    ;(await client.put('/api/data-breaches/999999').bearerToken(admin).json({ affectedCount: 2 })).assertStatus(404)
    const notice = await client
      .post('/api/data-breach-notices')
      .bearerToken(admin)
      .json({ breachId: breach.id, subject: '', body: 'x', recipients: ['not-an-address'] })
    notice.assertStatus(422)
    assert.sameMembers(
      notice.body().errors.map((error: { field: string }) => error.field),
      ['subject', 'recipients.0']
    )
    const unknown = await client
      .post('/api/data-breach-notices')
      .bearerToken(admin)
      .json({ breachId: 999999, subject: 'S', body: 'B', recipients: ['a@example.my'] })
    unknown.assertStatus(422)
    assert.equal(unknown.body().errors[0].field, 'breachId')
    // Nothing half-written: the refused changes left the record as it was.
    const stored = await client.get(`/api/data-breaches/${breach.id}`).bearerToken(admin)
    assert.isNull(stored.body().commissionerNotifiedAt)
    assert.equal(stored.body().status, 'open')
  })

  test("the Commissioner's notification stops the 72-hour clock and starts the people's 7 days; a notice stops that", async ({
    client,
    assert,
  }) => {
    const superAdmin = await createUser({ role: 'super_admin', name: 'Siti Admin' })
    const admin = await bearerFor(client, superAdmin)
    const found = DateTime.utc().minus({ hours: 30 }).startOf('second')
    const breach = await record(client, admin, { discoveredAt: found.toISO() })
    const notifiedAt = found.plus({ hours: 20 })
    const notified = await client
      .put(`/api/data-breaches/${breach.id}`)
      .bearerToken(admin)
      .json({ commissionerNotifiedAt: notifiedAt.toISO(), commissionerReference: 'JPDP/2026/0042' })
    notified.assertStatus(200)
    assert.containSubset(notified.body(), {
      commissionerReference: 'JPDP/2026/0042',
      clocks: {
        commissioner: {
          state: 'done',
          late: false,
          deadline: found.plus({ hours: 72 }).toISO({ suppressMilliseconds: false }),
        },
        individuals: {
          state: 'running',
          deadline: notifiedAt.plus({ days: 7 }).toISO({ suppressMilliseconds: false }),
        },
      },
    })

    // The recorded mail outlives a run: addresses of this run's own.
    const run = Date.now()
    const [one, two] = [`buyer.one.${run}@example.my`, `buyer.two.${run}@example.my`]
    const people = [one, two.replace('buyer.two', 'Buyer.Two'), one]
    const sent = await client.post('/api/data-breach-notices').bearerToken(admin).json({
      breachId: breach.id,
      subject: 'About your booking documents',
      body: 'On 1 March a cheque image was sent to the wrong address. What we did, and what you can do.',
      recipients: people,
    })
    sent.assertStatus(201)
    assert.containSubset(sent.body(), {
      breachId: breach.id,
      recipientCount: 2,
      recipients: [one, two],
      sentBy: 'Siti Admin',
    })
    for (const address of [one, two]) {
      const mails = await recordedMails(address)
      assert.lengthOf(mails, 1, address)
      assert.equal(mails[0].subject, 'About your booking documents')
      assert.include(mails[0].text, 'a cheque image was sent to the wrong address')
    }

    const after = await client.get(`/api/data-breaches/${breach.id}`).bearerToken(admin)
    assert.equal(after.body().clocks.individuals.state, 'done')
    assert.isFalse(after.body().clocks.individuals.late)
    assert.equal(after.body().individualsNotifiedAt, sent.body().sentAt)

    const notices = await client
      .get('/api/data-breach-notices')
      .qs({ filter: JSON.stringify({ breachId: breach.id }) })
      .bearerToken(admin)
    notices.assertStatus(200)
    assert.deepEqual(
      notices.body().map((notice: { id: number }) => notice.id),
      [sent.body().id]
    )
    assert.equal(notices.headers()['content-range'], 'data-breach-notices 0-0/1')

    const closed = await client.put(`/api/data-breaches/${breach.id}`).bearerToken(admin).json({ status: 'closed' })
    closed.assertStatus(200)
    assert.isString(closed.body().closedAt)
    const open = await client
      .get('/api/data-breaches')
      .qs({ filter: JSON.stringify({ status: 'open' }) })
      .bearerToken(admin)
    assert.deepEqual(open.body(), [])
  })

  test('a notification after 72 hours is marked late', async ({ client, assert }) => {
    const admin = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const found = DateTime.utc().minus({ days: 5 })
    const breach = await record(client, admin, { discoveredAt: found.toISO() })
    const late = await client
      .put(`/api/data-breaches/${breach.id}`)
      .bearerToken(admin)
      .json({ commissionerNotifiedAt: found.plus({ hours: 90 }).toISO(), commissionerReference: 'JPDP-7' })
    late.assertStatus(200)
    assert.containSubset(late.body().clocks.commissioner, { state: 'done', late: true })
    // Seven days from the notification (day 3.75) have not passed at day 5.
    assert.equal(late.body().clocks.individuals.state, 'running')
  })

  test('every change is on the audit trail, with who made it', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const admin = await bearerFor(client, superAdmin)
    const breach = await record(client, admin)
    await client.put(`/api/data-breaches/${breach.id}`).bearerToken(admin).json({ affectedCount: 12 })
    await client
      .put(`/api/data-breaches/${breach.id}`)
      .bearerToken(admin)
      .json({ commissionerNotifiedAt: DateTime.utc().toISO(), commissionerReference: 'JPDP-9' })
    await client
      .post('/api/data-breach-notices')
      .bearerToken(admin)
      .json({ breachId: breach.id, subject: 'Notice', body: 'What happened', recipients: ['p@example.my'] })
    await client.put(`/api/data-breaches/${breach.id}`).bearerToken(admin).json({ status: 'closed' })
    await client.put(`/api/data-breaches/${breach.id}`).bearerToken(admin).json({ status: 'open' })

    const entries = await AuditEntry.query()
      .where('subject_type', 'data_breach')
      .where('subject_id', breach.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((entry) => entry.action),
      [
        'data_breach.recorded',
        'data_breach.updated',
        'data_breach.commissioner_notified',
        'data_breach.notice_sent',
        'data_breach.closed',
        'data_breach.reopened',
      ]
    )
    for (const entry of entries) assert.equal(entry.actorId, superAdmin.id)
    assert.deepEqual(entries[1].before, { affectedCount: 1 })
    assert.deepEqual(entries[1].after, { affectedCount: 12 })
    assert.containSubset(entries[3].after, { subject: 'Notice', recipientCount: 1 })
    // The trail's own list finds them by subject type.
    const listed = await client
      .get('/api/audit-entries')
      .qs({ filter: JSON.stringify({ subjectType: 'data_breach' }) })
      .bearerToken(admin)
    listed.assertStatus(200)
    assert.lengthOf(listed.body(), 6)
  })

  test('records are kept: no way to delete them, and no scheduled job removes one younger than two years', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const admin = await bearerFor(client, world.superAdmin)
    const old = DateTime.utc().minus({ months: 23 })
    const breach = await record(client, admin, { discoveredAt: old.toISO() })
    await client
      .post('/api/data-breach-notices')
      .bearerToken(admin)
      .json({ breachId: breach.id, subject: 'Notice', body: 'Text', recipients: [world.memberA.email] })
    await db
      .from('data_breaches')
      .where('id', breach.id)
      .update({ created_at: old.toSQL({ includeOffset: false }) })
    await db.from('data_breach_notices').update({ sent_at: old.plus({ days: 3 }).toSQL({ includeOffset: false }) })

    ;(await client.delete(`/api/data-breaches/${breach.id}`).bearerToken(admin)).assertStatus(404)
    for (const schedule of SCHEDULES) await new schedule.job().execute()

    assert.equal(await countOf('data_breaches'), 1)
    assert.equal(await countOf('data_breach_notices'), 1)
    ;(await client.get(`/api/data-breaches/${breach.id}`).bearerToken(admin)).assertStatus(200)
  })
})
