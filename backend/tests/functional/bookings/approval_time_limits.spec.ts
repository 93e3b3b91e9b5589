import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import type { Development } from '#inventory'
import { Booking, type BookingStatus } from '#bookings'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

const HOUR = 3600

function sqlTime(at: DateTime) {
  return at.toUTC().toFormat('yyyy-LL-dd HH:mm:ss')
}

/** Moves a booking's entry into its current status `hours` back (its time in queue). */
async function waitedFor(bookingId: number, hours: number) {
  await db
    .from('bookings')
    .where('id', bookingId)
    .update({ status_changed_at: sqlTime(DateTime.utc().minus({ hours })) })
}

type World = Awaited<ReturnType<typeof bookingWorld>>

/**
 * A booking decided at one tier with a known wait: it entered `from` at `decidedAt - waitedHours`
 * and left it for `to` at `decidedAt`; the history holds both rows, as the workflow writes them.
 */
async function decided(
  development: Development,
  agencyId: number,
  from: BookingStatus,
  to: BookingStatus,
  waitedHours: number,
  decidedAt: DateTime
) {
  const lot = await createLot(development, { status: 'sold' })
  const entered = decidedAt.minus({ hours: waitedHours })
  const booking = await Booking.create({
    lotId: lot.id,
    activeLotId: null,
    userId: null,
    createdBy: 'user',
    agencyId,
    status: to,
    statusChangedAt: decidedAt,
  })
  await db.table('booking_status_history').multiInsert([
    { booking_id: booking.id, from_status: null, to_status: from, created_at: sqlTime(entered) },
    { booking_id: booking.id, from_status: from, to_status: to, created_at: sqlTime(decidedAt) },
  ])
  return booking
}

async function pendingFor(client: Parameters<typeof bearerFor>[0], world: World, development: Development) {
  const token = await bearerFor(client, world.memberA)
  const ids: number[] = []
  for (let i = 0; i < 3; i++) {
    const lot = await createLot(development)
    const response = await requestBooking(client, token, lot.id)
    response.assertStatus(201)
    ids.push(response.body().id)
  }
  return ids
}

test.group('Approval time limits: the queues', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the workflow writes when a booking entered its status', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const [id] = await pendingFor(client, world, development)
    const created = await Booking.findOrFail(id)
    assert.isNotNull(created.statusChangedAt)
    await waitedFor(id, 30)
    const approved = await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'approve' })
    approved.assertStatus(200)
    const moved = await Booking.findOrFail(id)
    assert.isBelow(Math.abs(moved.statusChangedAt!.diffNow('seconds').seconds), 60)
    assert.containSubset(approved.body(), { status: 'pending_admin', queue: { tier: 'developer' }, overdue: false })
  })

  test('agent list: time in queue, overdue past the target, oldest first, overdue filter', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const [recent, overdue, oldest] = await pendingFor(client, world, development)
    await waitedFor(recent, 1)
    await waitedFor(overdue, 25)
    await waitedFor(oldest, 30)
    // A decided booking of the agency, older than all: waiting requests still come first.
    const doneLot = await createLot(development)
    const done: number = (await requestBooking(client, await bearerFor(client, world.otherMemberA), doneLot.id)).body()
      .id
    await client
      .put(`/api/bookings/${done}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'reject' })
    await waitedFor(done, 100)

    const token = await bearerFor(client, world.agentA)
    const list = await client
      .get('/api/bookings/agent')
      .qs({ sort: JSON.stringify(['statusChangedAt', 'ASC']) })
      .bearerToken(token)
    list.assertStatus(200)
    const rows = list.body() as Array<{ id: number; overdue: boolean; queue: any }>
    assert.deepEqual(
      rows.map((row) => row.id),
      [oldest, overdue, recent, done]
    )
    assert.deepEqual(
      rows.map((row) => row.overdue),
      [true, true, false, false]
    )
    assert.containSubset(rows[2].queue, { tier: 'agent', targetMinutes: 24 * 60, overdue: false })
    assert.isNull(rows[3].queue)
    // The deadline is the entry plus the target, to the second.
    const since = DateTime.fromISO(rows[0].queue.since)
    assert.equal(DateTime.fromISO(rows[0].queue.dueAt).diff(since, 'minutes').minutes, 24 * 60)

    const filtered = await client
      .get('/api/bookings/agent')
      .qs({ filter: JSON.stringify({ overdue: true }), sort: JSON.stringify(['statusChangedAt', 'ASC']) })
      .bearerToken(token)
    assert.deepEqual(
      filtered.body().map((row: { id: number }) => row.id),
      [oldest, overdue]
    )
    assert.match(filtered.header('content-range') ?? '', /\/2$/)
  })

  test('admin list: the developer tier uses its own target, set per development', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const strict = await createDevelopment()
    await db.from('developments').where('id', strict.id).update({ developer_target_minutes: 60 })
    const agent = await bearerFor(client, world.agentA)
    const [lenient] = await pendingFor(client, world, development)
    const [tight] = await pendingFor(client, world, strict)
    for (const id of [lenient, tight]) {
      await client.put(`/api/bookings/${id}/agent-response`).bearerToken(agent).json({ action: 'approve' })
      await waitedFor(id, 30)
    }
    const list = await client
      .get('/api/bookings/admin')
      .qs({ filter: JSON.stringify({ status: 'pending_admin' }), sort: JSON.stringify(['statusChangedAt', 'ASC']) })
      .bearerToken(await bearerFor(client, world.superAdmin))
    const byId = new Map(list.body().map((row: any) => [row.id, row]))
    assert.containSubset(byId.get(lenient), { overdue: false, queue: { tier: 'developer', targetMinutes: 48 * 60 } })
    assert.containSubset(byId.get(tight), { overdue: true, queue: { tier: 'developer', targetMinutes: 60 } })
    const overdueOnly = await client
      .get('/api/bookings/admin')
      .qs({ filter: JSON.stringify({ overdue: true }) })
      .bearerToken(await bearerFor(client, world.superAdmin))
    assert.deepEqual(
      overdueOnly.body().map((row: { id: number }) => row.id),
      [tight]
    )
  })
})

test.group('Approval time limits: dashboards', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('median and p90 time to decision per tier over 30 days, and the overdue count', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const yesterday = DateTime.utc().minus({ days: 1 })
    // Agency A: agent decisions of 1, 2, 3, 4 and 10 hours -> median 3 h, p90 10 h (nearest rank).
    for (const [hours, to] of [
      [1, 'pending_admin'],
      [2, 'rejected_by_agent'],
      [3, 'pending_admin'],
      [4, 'pending_admin'],
      [10, 'rejected_by_agent'],
    ] as const) {
      await decided(development, world.agencyA.id, 'pending_agent', to, hours, yesterday)
    }
    // Developer decisions of 2, 4, 6, 8 hours -> median 4 h (position 2 of 4), p90 8 h (position 4).
    for (const [hours, to] of [
      [2, 'approved'],
      [4, 'sold'],
      [6, 'rejected'],
      [8, 'approved'],
    ] as const) {
      await decided(development, world.agencyA.id, 'pending_admin', to, hours, yesterday)
    }
    // Outside the window, not a decision (a cancellation), and another agency: none count for A.
    await decided(
      development,
      world.agencyA.id,
      'pending_agent',
      'rejected_by_agent',
      500,
      DateTime.utc().minus({ days: 40 })
    )
    await decided(development, world.agencyA.id, 'pending_agent', 'cancelled', 700, yesterday)
    await decided(development, world.agencyB.id, 'pending_agent', 'rejected_by_agent', 100, yesterday)
    // Waiting now: two of agency A overdue at the agent tier, one not; one of B overdue.
    const [a1, a2, a3] = await pendingFor(client, world, development)
    await waitedFor(a1, 25)
    await waitedFor(a2, 48)
    await waitedFor(a3, 2)
    const lotB = await createLot(development)
    const b = await requestBooking(client, await bearerFor(client, world.memberB), lotB.id)
    await waitedFor(b.body().id, 30)

    const agent = await client.get('/api/dashboard/agent').bearerToken(await bearerFor(client, world.agentA))
    agent.assertStatus(200)
    assert.deepEqual(agent.body().approvalTimes, {
      windowDays: 30,
      tiers: {
        agent: { decisions: 5, medianSeconds: 3 * HOUR, p90Seconds: 10 * HOUR, overdue: 2 },
        developer: { decisions: 4, medianSeconds: 4 * HOUR, p90Seconds: 8 * HOUR, overdue: 0 },
      },
    })

    // The overdue count is the overdue list's length.
    const overdueList = await client
      .get('/api/bookings/agent')
      .qs({ filter: JSON.stringify({ overdue: true }) })
      .bearerToken(await bearerFor(client, world.agentA))
    assert.match(overdueList.header('content-range') ?? '', /\/2$/)

    // The super admin's dashboard: every agency (B's 100 h decision joins the agent tier).
    const admin = await client.get('/api/dashboard/admin').bearerToken(await bearerFor(client, world.superAdmin))
    admin.assertStatus(200)
    assert.deepEqual(admin.body().approvalTimes.tiers.agent, {
      decisions: 6,
      medianSeconds: 3 * HOUR,
      p90Seconds: 100 * HOUR,
      overdue: 3,
    })
    assert.deepEqual(admin.body().approvalTimes.tiers.developer.decisions, 4)
  })

  test('with no decisions the figures are empty, not zero', async ({ client, assert }) => {
    const world = await bookingWorld()
    const response = await client.get('/api/dashboard/agent').bearerToken(await bearerFor(client, world.agentB))
    assert.deepEqual(response.body().approvalTimes.tiers.agent, {
      decisions: 0,
      medianSeconds: null,
      p90Seconds: null,
      overdue: 0,
    })
  })
})

test.group('Approval time limits: settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('super admins set each tier target per development; the lists follow', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const [id] = await pendingFor(client, world, development)
    await waitedFor(id, 3)
    for (const who of ['superAdmin', 'admin'] as const) {
      const token = await bearerFor(client, world[who])
      const listed = await client.get('/api/developments/time-limits').bearerToken(token)
      listed.assertStatus(200)
      assert.containSubset(listed.body(), [
        { id: development.id, agentTargetMinutes: 24 * 60, developerTargetMinutes: 48 * 60 },
      ])
    }
    const saved = await client
      .put(`/api/developments/${development.id}/time-limits`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ agentTargetMinutes: 120, developerTargetMinutes: 240 })
    saved.assertStatus(200)
    assert.containSubset(saved.body(), { id: development.id, agentTargetMinutes: 120, developerTargetMinutes: 240 })
    const list = await client.get('/api/bookings/agent').bearerToken(await bearerFor(client, world.agentA))
    assert.containSubset(list.body(), [{ id, overdue: true, queue: { targetMinutes: 120 } }])
  })

  test('forbidden to everyone but super admins; bad input answers per field', async ({ client }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    for (const who of ['agentA', 'memberA', 'plainUser'] as const) {
      const token = await bearerFor(client, world[who])
      const read = await client.get('/api/developments/time-limits').bearerToken(token)
      read.assertStatus(403)
      read.assertBody({ message: 'Only super admins can change approval time limits.' })
      const write = await client
        .put(`/api/developments/${development.id}/time-limits`)
        .bearerToken(token)
        .json({ agentTargetMinutes: 1, developerTargetMinutes: 1 })
      write.assertStatus(403)
    }
    ;(await client.get('/api/developments/time-limits')).assertStatus(401)
    const token = await bearerFor(client, world.superAdmin)
    const invalid = await client
      .put(`/api/developments/${development.id}/time-limits`)
      .bearerToken(token)
      .json({ agentTargetMinutes: 0, developerTargetMinutes: 'soon' })
    invalid.assertStatus(422)
    invalid.assertBodyContains({
      errors: [{ field: 'agentTargetMinutes' }, { field: 'developerTargetMinutes' }],
    })
    const missing = await client
      .put('/api/developments/999999/time-limits')
      .bearerToken(token)
      .json({ agentTargetMinutes: 60, developerTargetMinutes: 60 })
    missing.assertStatus(404)
  })
})
