import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type { Development } from '#inventory'
import { Booking, runHoldClockTick, defaultHoldMinutes } from '#bookings'
import { SCHEDULES } from '#start/schedules'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

type World = Awaited<ReturnType<typeof bookingWorld>>

/** A member of agency A requests a lot of `development`; returns the booking's id and the API's answer. */
async function memberRequest(client: ApiClient, world: World, development: Development) {
  const lot = await createLot(development)
  const response = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
  response.assertStatus(201)
  return { id: response.body().id as number, body: response.body(), lotId: lot.id }
}

function extend(client: ApiClient, token: string, id: number, body: Record<string, unknown>) {
  return client.post(`/api/bookings/${id}/extend-hold`).bearerToken(token).json(body)
}

async function heldUntilOf(id: number) {
  return (await Booking.findOrFail(id)).heldUntil!
}

/** The scheduled job's period: a hold expires within a minute of its deadline. */
const HOLD_CLOCK_EVERY_MS = 60_000

/** The hold clock's ticks on a fake clock: the test moves time and runs each tick as the scheduled job does. */
function fakeClock(start: DateTime) {
  let now = start
  return {
    at: () => now,
    async tickAt(at: DateTime) {
      now = at
      await runHoldClockTick(now)
    },
  }
}

test.group('Holds with a clock: the deadline', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a request holds its lot for its development's hold length; the API gives heldUntil", async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const launchDay = await createDevelopment({ holdMinutes: 30 })
    const before = DateTime.utc().startOf('second')
    const { id, body } = await memberRequest(client, world, launchDay)
    const after = DateTime.utc()

    const heldUntil = await heldUntilOf(id)
    assert.isAtLeast(heldUntil.toMillis(), before.plus({ minutes: 30 }).toMillis())
    assert.isAtMost(heldUntil.toMillis(), after.plus({ minutes: 30 }).toMillis())
    // The screens' countdown runs to exactly the server's deadline.
    assert.equal(DateTime.fromISO(body.heldUntil).toMillis(), heldUntil.toMillis())
    const booking = await Booking.findOrFail(id)
    assert.equal(booking.heldUntil!.diff(booking.remindAt!, 'minutes').minutes, 6)

    const agentToken = await bearerFor(client, world.agentA)
    const shown = await client.get(`/api/bookings/${id}`).bearerToken(agentToken)
    shown.assertStatus(200)
    assert.equal(shown.body().heldUntil, body.heldUntil)
    assert.isTrue(shown.body().canExtendHold)
    assert.isFalse(body.canExtendHold, 'the requester may not extend their own hold')
  })

  test('a development without a hold length holds for BOOKING_HOLD_DAYS (7 days)', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const { id } = await memberRequest(client, world, development)
    const booking = await Booking.findOrFail(id)
    assert.equal(defaultHoldMinutes(), 7 * 24 * 60)
    assert.closeTo(booking.heldUntil!.diff(booking.createdAt, 'minutes').minutes, 7 * 24 * 60, 1)
  })

  test('a decided booking has no running hold', async ({ client, assert }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const rejected = await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'reject', agentNotes: 'No' })
    rejected.assertStatus(200)
    assert.isNull(rejected.body().heldUntil)
    assert.isFalse(rejected.body().canExtendHold)
  })
})

test.group('Holds with a clock: extension', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an agent admin of the agency extends a hold once, with a reason; the history and audit record it', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const deadline = await heldUntilOf(id)
    const token = await bearerFor(client, world.agentA)

    const first = await extend(client, token, id, { minutes: 15, reason: 'Buyer at the bank' })
    first.assertStatus(200)
    assert.equal(first.body().message, 'Hold extended.')
    const extended = await heldUntilOf(id)
    assert.equal(extended.toMillis(), deadline.plus({ minutes: 15 }).toMillis())
    assert.equal(DateTime.fromISO(first.body().heldUntil).toMillis(), extended.toMillis())
    assert.isFalse(first.body().canExtendHold)
    assert.equal(first.body().holdExtensionReason, 'Buyer at the bank')

    const history = await db.from('booking_status_history').where('booking_id', id).orderBy('id', 'desc').first()
    assert.containSubset(history, {
      from_status: 'pending_agent',
      to_status: 'pending_agent',
      changed_by_id: world.agentA.id,
    })
    assert.include(history.notes, 'Hold extended by 15 minutes')
    assert.include(history.notes, 'Buyer at the bank')
    const audit = await db.from('audit_entries').where({ action: 'booking.extend_hold', subject_id: id }).first()
    assert.exists(audit)
    assert.equal(audit.actor_id, world.agentA.id)

    const second = await extend(client, token, id, { minutes: 5, reason: 'Once more' })
    second.assertStatus(409)
    assert.deepEqual(second.body(), { message: 'This hold has already been extended once.' })
    assert.equal((await heldUntilOf(id)).toMillis(), extended.toMillis())

    const bySuperAdmin = await extend(client, await bearerFor(client, world.superAdmin), id, {
      minutes: 5,
      reason: 'And again',
    })
    bySuperAdmin.assertStatus(409)
  })

  test('the reason is required and the duration is at most the hold length', async ({ client, assert }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const token = await bearerFor(client, world.agentA)

    const noReason = await extend(client, token, id, { minutes: 10, reason: '   ' })
    noReason.assertStatus(422)
    assert.containSubset(noReason.body().errors, [
      { field: 'reason', message: 'A reason is required to extend a hold' },
    ])

    const missing = await extend(client, token, id, { reason: 'Why not' })
    missing.assertStatus(422)
    assert.containSubset(missing.body().errors, [{ field: 'minutes' }])

    const tooLong = await extend(client, token, id, { minutes: 31, reason: 'Long weekend' })
    tooLong.assertStatus(422)
    assert.containSubset(tooLong.body(), {
      message: "A hold can be extended by at most its development's hold length (30 minutes).",
      errors: [{ field: 'minutes' }],
    })

    const notFound = await extend(client, token, 999_999_999, { minutes: 10, reason: 'Who?' })
    notFound.assertStatus(404)
    assert.isNull((await Booking.findOrFail(id)).holdExtendedAt)
  })

  test('who may extend: other agency 403, the requester 403, a plain user 403; super admin and admin yes', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ holdMinutes: 60 })
    const body = { minutes: 10, reason: 'Documents on the way' }
    const { id } = await memberRequest(client, world, development)

    for (const outsider of [world.agentB, world.memberA, world.otherMemberA, world.plainUser]) {
      const refused = await extend(client, await bearerFor(client, outsider), id, body)
      refused.assertStatus(403)
      assert.properties(refused.body(), ['message'])
    }
    assert.isNull((await Booking.findOrFail(id)).holdExtendedAt)

    ;(await extend(client, await bearerFor(client, world.superAdmin), id, body)).assertStatus(200)
    const other = await memberRequest(client, world, development)
    ;(await extend(client, await bearerFor(client, world.admin), other.id, body)).assertStatus(200)
    ;(await client.post(`/api/bookings/${id}/extend-hold`).json(body)).assertStatus(401)
  })

  test('only a pending hold can be extended', async ({ client, assert }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    ;(await client.delete(`/api/bookings/${id}`).bearerToken(await bearerFor(client, world.memberA))).assertStatus(200)
    const late = await extend(client, await bearerFor(client, world.agentA), id, { minutes: 10, reason: 'Too late' })
    late.assertStatus(409)
    assert.deepEqual(late.body(), { message: "Only a pending booking's hold can be extended." })
  })
})

test.group('Holds with a clock: the scheduler', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('the clock ticks every minute and expires a booking within a minute of its deadline', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const { id, lotId } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const deadline = await heldUntilOf(id)
    const events = emitter.fake(['booking:status_changed'])
    const clock = fakeClock(DateTime.utc())
    assert.containSubset(SCHEDULES, [{ id: 'hold-clock', cron: '* * * * *' }], 'it is scheduled every minute')

    let expiredAt: DateTime | null = null
    for (let minute = 1; minute <= 32 && !expiredAt; minute++) {
      await clock.tickAt(clock.at().plus({ milliseconds: HOLD_CLOCK_EVERY_MS }))
      const status = (await Booking.findOrFail(id)).status
      if (status === 'expired') expiredAt = clock.at()
      else assert.equal(status, 'pending_agent')
    }
    assert.isNotNull(expiredAt)
    assert.isAtLeast(expiredAt!.toMillis(), deadline.toMillis(), 'never before its deadline')
    assert.isBelow(expiredAt!.toMillis() - deadline.toMillis(), 60_000, 'within a minute of its deadline')

    const lot = await db.from('lots').where('id', lotId).first()
    assert.equal(lot.status, 'available')
    events.assertEmitted('booking:status_changed', ({ data }) => data.bookingId === id && data.to === 'expired')
    const history = await db.from('booking_status_history').where('booking_id', id).orderBy('id', 'desc').first()
    assert.containSubset(history, { from_status: 'pending_agent', to_status: 'expired', changed_by_id: null })
  })

  test('an extended hold outlives its first deadline; a tick at the old deadline leaves it alone', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const deadline = await heldUntilOf(id)
    ;(
      await extend(client, await bearerFor(client, world.agentA), id, { minutes: 20, reason: 'Loan approval' })
    ).assertStatus(200)
    const clock = fakeClock(DateTime.utc())
    await clock.tickAt(deadline.plus({ seconds: 30 }))
    assert.equal((await Booking.findOrFail(id)).status, 'pending_agent')
    await clock.tickAt(deadline.plus({ minutes: 20, seconds: 1 }))
    assert.equal((await Booking.findOrFail(id)).status, 'expired')
  })

  test('the reminder goes out once, when 20% of the hold is left', async ({ client, assert }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const deadline = await heldUntilOf(id)
    const events = emitter.fake(['booking:hold_reminder'])
    const clock = fakeClock(DateTime.utc())

    await clock.tickAt(deadline.minus({ minutes: 6, seconds: 5 }))
    events.assertNotEmitted('booking:hold_reminder')
    await clock.tickAt(deadline.minus({ minutes: 5, seconds: 55 }))
    await clock.tickAt(deadline.minus({ minutes: 4 }))
    events.assertEmittedCount('booking:hold_reminder', 1)
    events.assertEmitted(
      'booking:hold_reminder',
      ({ data }) =>
        data.bookingId === id &&
        data.agencyId === world.agencyA.id &&
        data.userId === world.memberA.id &&
        DateTime.fromISO(data.heldUntil).toMillis() === deadline.toMillis()
    )
    assert.isNotNull((await Booking.findOrFail(id)).remindedAt)
    assert.equal((await Booking.findOrFail(id)).status, 'pending_agent')
  })

  test('a hold of two minutes still gets its reminder before it runs out, from a clock ticking every minute', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 2 }))
    const deadline = await heldUntilOf(id)
    const events = emitter.fake(['booking:hold_reminder'])
    const clock = fakeClock(DateTime.utc())
    let remindedAt: DateTime | null = null
    while ((await Booking.findOrFail(id)).status === 'pending_agent') {
      await clock.tickAt(clock.at().plus({ milliseconds: HOLD_CLOCK_EVERY_MS }))
      if (!remindedAt && (await Booking.findOrFail(id)).remindedAt) remindedAt = clock.at()
    }
    events.assertEmittedCount('booking:hold_reminder', 1)
    assert.isBelow(remindedAt!.toMillis(), deadline.toMillis(), 'reminded before the deadline')
    assert.equal((await Booking.findOrFail(id)).status, 'expired')
  })

  test('node ace bookings:expire without --days expires by each booking deadline', async ({ client, assert }) => {
    const world = await bookingWorld()
    const { id } = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    const fresh = await memberRequest(client, world, await createDevelopment({ holdMinutes: 30 }))
    await db
      .from('bookings')
      .where('id', id)
      .update({ held_until: DateTime.utc().minus({ minutes: 1 }).toFormat('yyyy-LL-dd HH:mm:ss') })
    const { default: ace } = await import('@adonisjs/core/services/ace')
    ace.ui.switchMode('raw')
    const command = await ace.exec('bookings:expire', [])
    command.assertSucceeded()
    command.assertLogMatches(new RegExp(`Booking #${id} .*expired`))
    assert.equal((await Booking.findOrFail(id)).status, 'expired')
    assert.equal((await Booking.findOrFail(fresh.id)).status, 'pending_agent')
  })
})

test.group('Holds with a clock: each development sets its hold length', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('super admins set it; new requests use it; agent admins and members are refused', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const superToken = await bearerFor(client, world.superAdmin)

    const list = await client.get('/api/developments/holds').bearerToken(superToken)
    list.assertStatus(200)
    assert.containSubset(list.body(), [{ id: development.id, holdMinutes: null, effectiveHoldMinutes: 7 * 24 * 60 }])

    const saved = await client
      .put(`/api/developments/${development.id}/hold`)
      .bearerToken(superToken)
      .json({ holdMinutes: 45 })
    saved.assertStatus(200)
    assert.containSubset(saved.body(), { message: 'Hold length saved.', holdMinutes: 45, effectiveHoldMinutes: 45 })
    const { id } = await memberRequest(client, world, development)
    const booking = await Booking.findOrFail(id)
    assert.closeTo(booking.heldUntil!.diff(booking.createdAt, 'minutes').minutes, 45, 0.1)

    const bad = await client
      .put(`/api/developments/${development.id}/hold`)
      .bearerToken(superToken)
      .json({ holdMinutes: 0 })
    bad.assertStatus(422)
    assert.containSubset(bad.body().errors, [{ field: 'holdMinutes' }])
    ;(
      await client.put('/api/developments/999999999/hold').bearerToken(superToken).json({ holdMinutes: 30 })
    ).assertStatus(404)

    for (const outsider of [world.agentA, world.memberA]) {
      const token = await bearerFor(client, outsider)
      const put = await client
        .put(`/api/developments/${development.id}/hold`)
        .bearerToken(token)
        .json({ holdMinutes: 5 })
      put.assertStatus(403)
      assert.deepEqual(put.body(), { message: 'Only super admins can change hold lengths.' })
      ;(await client.get('/api/developments/holds').bearerToken(token)).assertStatus(403)
    }
    const reset = await client
      .put(`/api/developments/${development.id}/hold`)
      .bearerToken(superToken)
      .json({ holdMinutes: null })
    reset.assertStatus(200)
    assert.containSubset(reset.body(), { holdMinutes: null, effectiveHoldMinutes: 7 * 24 * 60 })
  })
})
