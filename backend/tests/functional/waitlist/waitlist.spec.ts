import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Booking, RunHoldClock } from '#bookings'
import { Lot } from '#inventory'
import type { User } from '#identity'
import { Notification } from '#notifications'
import { ExpireOffers, LotWaitlistEntry } from '#waitlist'
import { heldForWaitlistMessage } from '#waitlist/notices'
import { sqlDateTime } from '#core/dates'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { recordBroadcasts } from '#tests/helpers/live'
import { outboxDispatched } from '#tests/helpers/outbox'

/**
 * A waitlist per lot: who may join, see and leave a lot's line; its order;
 * the offer to the first in line when the lot is free again (a rejection, a cancellation, an
 * expiry, an admin's edit), its priority window, its expiry, and the end of the line when the
 * lot is sold. The 50-way race on an offered lot: waitlist_race.spec.ts.
 */

async function setup(developmentAttributes: Parameters<typeof createDevelopment>[0] = {}) {
  const world = await bookingWorld()
  const development = await createDevelopment(developmentAttributes)
  const lot = await createLot(development)
  return { ...world, development, lot }
}

type World = Awaited<ReturnType<typeof setup>>

const tokens = new WeakMap<User, string>()
async function tokenOf(client: ApiClient, user: User) {
  if (!tokens.has(user)) tokens.set(user, await bearerFor(client, user))
  return tokens.get(user)!
}

async function join(client: ApiClient, user: User, lotId: number) {
  return client.post(`/api/lots/${lotId}/waitlist`).bearerToken(await tokenOf(client, user))
}

async function leave(client: ApiClient, user: User, lotId: number) {
  return client.delete(`/api/lots/${lotId}/waitlist`).bearerToken(await tokenOf(client, user))
}

/** A member's booking request for the lot: the lot is reserved. */
async function hold(client: ApiClient, holder: User, lotId: number) {
  const response = await requestBooking(client, await tokenOf(client, holder), lotId)
  response.assertStatus(201)
  return response.body().id as number
}

/** The lot reserved by world.memberA's request, then `people` join its line in that order. */
async function line(client: ApiClient, world: World, people: User[]) {
  const bookingId = await hold(client, world.memberA, world.lot.id)
  for (const person of people) (await join(client, person, world.lot.id)).assertStatus(201)
  return bookingId
}

async function placeOf(user: User, lotId: number) {
  return LotWaitlistEntry.query().where('user_id', user.id).where('lot_id', lotId).orderBy('id', 'desc').firstOrFail()
}

/** The offers someone was told of; a clock tick called directly has its deliveries waited for here. */
async function offersTo(user: User) {
  await outboxDispatched()
  return Notification.query().where('user_id', user.id).where('kind', 'waitlist_offer').orderBy('id')
}

function agentReject(client: ApiClient, token: string, bookingId: number) {
  return client.put(`/api/bookings/${bookingId}/agent-response`).bearerToken(token).json({ action: 'reject' })
}

/** An agent admin's own request comes with the cheque and both IC sides. */
const AGENT_DOCUMENTS = { cheque: 'pdf', icFront: 'png', icBack: 'jpeg' } as const

const HELD =
  /^This lot is held for the next person on its waitlist until (\w{3} \d{2}, \d{4}, )?\d{1,2}:\d{2} (AM|PM) MYT\. Please try again later\.$/

test.group('Waitlist | who may join, leave and see', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('joining: visitors 401, members without an agency and super admins 403, members and agent admins 201', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    await hold(client, world.memberA, world.lot.id)

    const visitor = await client.post(`/api/lots/${world.lot.id}/waitlist`)
    visitor.assertStatus(401)
    for (const person of [world.plainUser, world.pendingUser]) {
      const refused = await join(client, person, world.lot.id)
      refused.assertStatus(403)
      assert.deepEqual(refused.body(), { message: 'You must be an approved agency member to join a waitlist.' })
    }
    for (const person of [world.superAdmin, world.admin]) {
      const refused = await join(client, person, world.lot.id)
      refused.assertStatus(403)
      assert.deepEqual(refused.body(), { message: 'Super admins cannot join a waitlist.' })
    }
    const member = await join(client, world.memberB, world.lot.id)
    member.assertStatus(201)
    assert.containSubset(member.body(), {
      message: 'You have joined the waitlist. You are number 1 in line.',
      lotId: world.lot.id,
      position: 1,
      status: 'waiting',
      offerExpiresAt: null,
    })
    const agent = await join(client, world.agentB, world.lot.id)
    agent.assertStatus(201)
    assert.containSubset(agent.body(), { position: 2, status: 'waiting' })
    const place = await placeOf(world.agentB, world.lot.id)
    assert.equal(place.agencyId, world.agencyB.id)
    assert.equal(
      await LotWaitlistEntry.query()
        .where('lot_id', world.lot.id)
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      2
    )
  })

  test('leaving: visitors 401, anyone not on the line 404, a person in line 200', async ({ client, assert }) => {
    const world = await setup()
    await line(client, world, [world.memberB])

    ;(await client.delete(`/api/lots/${world.lot.id}/waitlist`)).assertStatus(401)
    for (const person of [world.plainUser, world.otherMemberA, world.agentA, world.superAdmin]) {
      const refused = await leave(client, person, world.lot.id)
      refused.assertStatus(404)
      assert.deepEqual(refused.body(), { message: "You are not on this lot's waitlist." })
    }
    ;(await leave(client, world.memberB, 999999)).assertStatus(404)
    const left = await leave(client, world.memberB, world.lot.id)
    left.assertStatus(200)
    assert.deepEqual(left.body(), { message: 'You have left the waitlist.' })
    const place = await placeOf(world.memberB, world.lot.id)
    assert.equal(place.status, 'left')
    assert.isNotNull(place.endedAt)
    ;(await leave(client, world.memberB, world.lot.id)).assertStatus(404)
    // Back at the end of the line.
    const again = await join(client, world.memberB, world.lot.id)
    again.assertStatus(201)
    assert.equal(again.body().position, 1)
  })

  test('my places: visitors 401; everyone signed in sees only their own live places', async ({ client, assert }) => {
    const world = await setup()
    await line(client, world, [world.memberB, world.agentA])

    ;(await client.get('/api/waitlist/mine')).assertStatus(401)
    for (const person of [world.plainUser, world.superAdmin, world.otherMemberA]) {
      const none = await client.get('/api/waitlist/mine').bearerToken(await tokenOf(client, person))
      none.assertStatus(200)
      assert.deepEqual(none.body(), { data: [] })
    }
    const mine = await client.get('/api/waitlist/mine').bearerToken(await tokenOf(client, world.agentA))
    mine.assertStatus(200)
    assert.lengthOf(mine.body().data, 1)
    assert.containSubset(mine.body().data[0], {
      lotId: world.lot.id,
      lot: {
        id: world.lot.id,
        lotNumber: world.lot.lotNumber,
        unitNumber: world.lot.unitNumber,
        type: 'INTERMEDIATE (B)',
        typeCode: 'B',
        status: 'reserved',
      },
      position: 2,
      status: 'waiting',
      offerExpiresAt: null,
    })
    assert.isString(mine.body().data[0].joinedAt)
    assert.property(mine.body().data[0].lot, 'propertyName')
    // A place that ended is not listed.
    ;(await leave(client, world.agentA, world.lot.id)).assertStatus(200)
    const after = await client.get('/api/waitlist/mine').bearerToken(await tokenOf(client, world.agentA))
    assert.deepEqual(after.body(), { data: [] })
  })

  test("a lot's line: visitors 401, members 403, an agent admin their members' places, super admins all", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    await line(client, world, [world.otherMemberA, world.memberB, world.agentA])
    const path = `/api/lots/${world.lot.id}/waitlist`

    ;(await client.get(path)).assertStatus(401)
    for (const person of [world.plainUser, world.memberB, world.otherMemberA]) {
      const refused = await client.get(path).bearerToken(await tokenOf(client, person))
      refused.assertStatus(403)
      assert.deepEqual(refused.body(), { message: "Only agent admins and super admins can view a lot's waitlist." })
    }
    for (const person of [world.superAdmin, world.admin]) {
      const all = await client.get(path).bearerToken(await tokenOf(client, person))
      all.assertStatus(200)
      assert.deepEqual(
        all.body().data.map((place: { position: number; user: { id: number } }) => [place.position, place.user.id]),
        [
          [1, world.otherMemberA.id],
          [2, world.memberB.id],
          [3, world.agentA.id],
        ]
      )
      assert.containSubset(all.body().data[1], {
        status: 'waiting',
        user: { id: world.memberB.id, name: world.memberB.name },
        agency: { id: world.agencyB.id, name: world.agencyB.name },
        offeredAt: null,
        offerExpiresAt: null,
      })
      // A staff list: the email partly masked (docs/privacy.md).
      assert.match(all.body().data[1].user.email, /^.•••@test\.example$/)
    }
    const agentA = await client.get(path).bearerToken(await tokenOf(client, world.agentA))
    agentA.assertStatus(200)
    assert.deepEqual(
      agentA.body().data.map((place: { position: number; user: { id: number } }) => [place.position, place.user.id]),
      [
        [1, world.otherMemberA.id],
        [3, world.agentA.id],
      ]
    )
    const agentB = await client.get(path).bearerToken(await tokenOf(client, world.agentB))
    assert.deepEqual(
      agentB.body().data.map((place: { position: number }) => place.position),
      [2]
    )
    ;(await client.get('/api/lots/999999/waitlist').bearerToken(await tokenOf(client, world.superAdmin))).assertStatus(
      404
    )
  })

  test("an agency's places: agent admins only, paged in SQL with the total", async ({ client, assert }) => {
    const world = await setup()
    const second = await createLot(world.development)
    const third = await createLot(world.development)
    for (const lot of [world.lot, second, third]) await hold(client, world.memberB, lot.id)
    await join(client, world.memberA, world.lot.id)
    await join(client, world.otherMemberA, world.lot.id)
    await join(client, world.otherMemberA, second.id)
    await join(client, world.agentB, third.id)
    await join(client, world.memberA, third.id)

    ;(await client.get('/api/agency/waitlist')).assertStatus(401)
    for (const person of [world.plainUser, world.memberA, world.superAdmin]) {
      const refused = await client.get('/api/agency/waitlist').bearerToken(await tokenOf(client, person))
      refused.assertStatus(403)
      assert.deepEqual(refused.body(), { message: "Only agent admins can view their agency's waitlist." })
    }
    const token = await tokenOf(client, world.agentA)
    const first = await client.get('/api/agency/waitlist').qs({ page: 1, perPage: 3 }).bearerToken(token)
    first.assertStatus(200)
    assert.equal(first.header('x-total-count'), '4')
    assert.containSubset(first.body(), { total: 4, page: 1, perPage: 3 })
    assert.lengthOf(first.body().data, 3)
    const next = await client.get('/api/agency/waitlist').qs({ page: 2, perPage: 3 }).bearerToken(token)
    assert.lengthOf(next.body().data, 1)
    const all = [...first.body().data, ...next.body().data]
    // Newest first; each with its lot and its position in that lot's line.
    assert.deepEqual(
      all.map((place: { lotId: number; user: { id: number }; position: number }) => [
        place.lotId,
        place.user.id,
        place.position,
      ]),
      [
        [third.id, world.memberA.id, 2],
        [second.id, world.otherMemberA.id, 1],
        [world.lot.id, world.otherMemberA.id, 2],
        [world.lot.id, world.memberA.id, 1],
      ]
    )
    assert.containSubset(all[0], { lot: { id: third.id, lotNumber: third.lotNumber, status: 'reserved' } })
    const agentB = await client.get('/api/agency/waitlist').bearerToken(await tokenOf(client, world.agentB))
    assert.equal(agentB.body().total, 1)

    const bad = await client.get('/api/agency/waitlist').qs({ perPage: 500 }).bearerToken(token)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'perPage')
    const zero = await client.get('/api/agency/waitlist').qs({ page: 0 }).bearerToken(token)
    zero.assertStatus(422)
    assert.equal(zero.body().errors[0].field, 'page')
  })
})

test.group('Waitlist | joining rules and the order of the line', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an available lot is requested, not waited for; a sold lot has no line; an unknown lot is 404', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const available = await join(client, world.memberB, world.lot.id)
    available.assertStatus(409)
    assert.deepEqual(available.body(), { message: 'This lot is available. You can request it now.' })

    const sold = await createLot(world.development, { status: 'sold' })
    const refused = await join(client, world.memberB, sold.id)
    refused.assertStatus(409)
    assert.deepEqual(refused.body(), { message: 'This lot has been sold.' })

    const unknown = await join(client, world.memberB, 999999)
    unknown.assertStatus(404)
    assert.deepEqual(unknown.body(), { message: 'Lot not found' })
    // A booked lot (approved) and a lot reserved by the developer both take a line.
    const booked = await createLot(world.development, { status: 'booked' })
    ;(await join(client, world.memberB, booked.id)).assertStatus(201)
    assert.equal(
      await LotWaitlistEntry.query()
        .where('user_id', world.memberB.id)
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      1
    )
  })

  test('twice is refused, and so is the holder of the booking; nothing is written', async ({ client, assert }) => {
    const world = await setup()
    await line(client, world, [world.memberB])

    const twice = await join(client, world.memberB, world.lot.id)
    twice.assertStatus(409)
    assert.deepEqual(twice.body(), { message: "You are already on this lot's waitlist." })
    const holder = await join(client, world.memberA, world.lot.id)
    holder.assertStatus(409)
    assert.deepEqual(holder.body(), { message: 'You already have a booking for this lot.' })
    const places = await LotWaitlistEntry.query().where('lot_id', world.lot.id)
    assert.deepEqual(
      places.map((place) => place.userId),
      [world.memberB.id]
    )
  })

  test('the database refuses a second live place of one person in one line', async ({ assert }) => {
    const world = await setup()
    const now = DateTime.utc()
    await LotWaitlistEntry.create({ lotId: world.lot.id, userId: world.memberB.id, status: 'waiting', joinedAt: now })
    await assert.rejects(() =>
      LotWaitlistEntry.create({ lotId: world.lot.id, userId: world.memberB.id, status: 'offered', joinedAt: now })
    )
  })

  test('first come, first served: positions follow the order of joining, and close up when someone leaves', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    await hold(client, world.memberA, world.lot.id)
    const people = [world.memberB, world.otherMemberA, world.agentB, world.agentA]
    const positions = []
    for (const person of people) positions.push((await join(client, person, world.lot.id)).body().position)
    assert.deepEqual(positions, [1, 2, 3, 4])

    ;(await leave(client, world.otherMemberA, world.lot.id)).assertStatus(200)
    const mine = async (person: User) =>
      (await client.get('/api/waitlist/mine').bearerToken(await tokenOf(client, person))).body().data[0]?.position
    assert.equal(await mine(world.memberB), 1)
    assert.equal(await mine(world.agentB), 2)
    assert.equal(await mine(world.agentA), 3)
    // Rejoining puts one at the end.
    assert.equal((await join(client, world.otherMemberA, world.lot.id)).body().position, 4)
  })
})

test.group('Waitlist | the lot is free again: the first in line is offered it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the agent rejects the holder's request: the first in line is offered it for 15 minutes and told", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.otherMemberA, world.memberB])
    const before = DateTime.utc().startOf('second')
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const after = DateTime.utc()

    const first = await placeOf(world.otherMemberA, world.lot.id)
    assert.equal(first.status, 'offered')
    assert.isAtLeast(first.offerExpiresAt!.toMillis(), before.plus({ minutes: 15 }).toMillis())
    assert.isAtMost(first.offerExpiresAt!.toMillis(), after.plus({ minutes: 15 }).toMillis())
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'waiting')

    const told = await offersTo(world.otherMemberA)
    assert.lengthOf(told, 1)
    assert.equal(told[0].title, `Your turn: ${world.lot.unitNumber} is free`)
    assert.include(told[0].body, world.lot.unitNumber!)
    assert.match(told[0].body, /Until (\w{3} \d{2}, \d{4}, )?\d{1,2}:\d{2} (AM|PM) MYT/)
    assert.equal(told[0].link, '/properties/aeroindustrial/type/B')
    assert.lengthOf(await offersTo(world.memberB), 0)

    // The public payloads say so.
    const shown = await client.get(`/api/lots/${world.lot.id}`)
    assert.containSubset(shown.body(), { status: 'available', waitlistCount: 2 })
    assert.equal(DateTime.fromISO(shown.body().offeredUntil).toMillis(), first.offerExpiresAt!.toMillis())
    const page = await client.get(`/api/properties/${world.development.slug}/lots/B`)
    assert.containSubset(page.body().lots, [{ id: world.lot.id, waitlistCount: 2 }])
    const hub = await client.get('/api/lots/public')
    const hubLot = hub.body().find((lot: { id: number }) => lot.id === world.lot.id)
    assert.equal(hubLot.waitlistCount, 2)
    assert.isString(hubLot.offeredUntil)
  })

  test('a person who lost their agency after joining is passed over: their place is cancelled, the next is offered', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.otherMemberA, world.memberB])
    // The first in line is removed from their agency; the holder's request is then rejected.
    await world.otherMemberA.merge({ agencyId: null, agencyStatus: 'none' }).save()
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)

    const passedOver = await placeOf(world.otherMemberA, world.lot.id)
    assert.equal(passedOver.status, 'cancelled')
    assert.isNotNull(passedOver.endedAt)
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'offered')
    assert.lengthOf(await offersTo(world.otherMemberA), 0)
    assert.lengthOf(await offersTo(world.memberB), 1)
  })

  test('while the offer runs only its person may book the lot; anyone else 409 naming the time', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.otherMemberA, world.memberB])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const offer = await placeOf(world.otherMemberA, world.lot.id)

    const second = await requestBooking(client, await tokenOf(client, world.memberB), world.lot.id)
    second.assertStatus(409)
    assert.equal(second.body().message, heldForWaitlistMessage(offer.offerExpiresAt!))
    assert.match(second.body().message, HELD)
    // An agent admin's own request, and a booking for a client who is not the offered person.
    const agent = await requestBooking(client, await tokenOf(client, world.agentB), world.lot.id, AGENT_DOCUMENTS)
    assert.equal(agent.status(), 409, agent.text())
    const forClient = await client
      .post('/api/bookings')
      .bearerToken(await tokenOf(client, world.superAdmin))
      .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
    assert.equal(forClient.status(), 409, forClient.text())
    assert.match(forClient.body().message, HELD)
    assert.equal(
      await Booking.query()
        .where('lot_id', world.lot.id)
        .whereNotNull('active_lot_id')
        .count('* as total')
        .first()
        .then((row) => Number(row!.$extras.total)),
      0
    )

    const mine = await requestBooking(client, await tokenOf(client, world.otherMemberA), world.lot.id)
    mine.assertStatus(201)
    assert.equal((await placeOf(world.otherMemberA, world.lot.id)).status, 'fulfilled')
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'waiting')
    assert.equal((await Lot.findOrFail(world.lot.id)).status, 'reserved')
    const shown = await client.get(`/api/lots/${world.lot.id}`)
    assert.containSubset(shown.body(), { status: 'reserved', waitlistCount: 1, offeredUntil: null })
  })

  test('a super admin may book it for the offered person as the client', async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.otherMemberA])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const forClient = await client
      .post('/api/bookings')
      .bearerToken(await tokenOf(client, world.superAdmin))
      .json({ userId: world.otherMemberA.id, lotId: world.lot.id, consent: true })
    assert.equal(forClient.status(), 201, forClient.text())
    assert.equal((await placeOf(world.otherMemberA, world.lot.id)).status, 'fulfilled')
  })

  test('the holder cancels: the first in line is offered it', async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB, world.otherMemberA])
    const cancelled = await client
      .delete(`/api/bookings/${bookingId}`)
      .bearerToken(await tokenOf(client, world.memberA))
    cancelled.assertStatus(200)
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'offered')
    assert.lengthOf(await offersTo(world.memberB), 1)
  })

  test("the holder's booking expires (the hold clock): the first in line is offered it", async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB])
    await db
      .from('bookings')
      .where('id', bookingId)
      .update({ held_until: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
    const report = await new RunHoldClock().tick()
    assert.deepEqual(
      report.expired.map((hold) => hold.bookingId),
      [bookingId]
    )
    assert.equal((await Booking.findOrFail(bookingId)).status, 'expired')
    const place = await placeOf(world.memberB, world.lot.id)
    assert.equal(place.status, 'offered')
    assert.lengthOf(await offersTo(world.memberB), 1)
  })

  test("the development's own window sets how long the offer runs", async ({ client, assert }) => {
    const world = await setup({ waitlistWindowMinutes: 45 })
    const bookingId = await line(client, world, [world.memberB])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const place = await placeOf(world.memberB, world.lot.id)
    assert.approximately(place.offerExpiresAt!.diff(place.offeredAt!, 'minutes').minutes, 45, 0.02)
  })

  test('a super admin sets a reserved lot available: the first in line is offered it', async ({ client, assert }) => {
    const world = await setup()
    const lot = await createLot(world.development, { status: 'reserved' })
    ;(await join(client, world.memberB, lot.id)).assertStatus(201)
    const edited = await client
      .put(`/api/lots/${lot.id}`)
      .bearerToken(await tokenOf(client, world.superAdmin))
      .json({ status: 'available' })
    edited.assertStatus(200)
    assert.equal((await placeOf(world.memberB, lot.id)).status, 'offered')
    assert.lengthOf(await offersTo(world.memberB), 1)
    // The admin list gives the figures too.
    const listed = await client
      .get('/api/lots')
      .qs({ filter: JSON.stringify({ propertyId: world.development.id }) })
      .bearerToken(await tokenOf(client, world.superAdmin))
    assert.containSubset(listed.body(), [
      { id: lot.id, waitlistCount: 1 },
      { id: world.lot.id, waitlistCount: 0, offeredUntil: null },
    ])
  })

  test('a CSV import setting a lot available offers it too', async ({ client, assert }) => {
    const world = await setup()
    const lot = await createLot(world.development, { status: 'locked', lotNumber: '7781' })
    ;(await join(client, world.memberB, lot.id)).assertStatus(201)
    const csv = `Lot Number,Property ID,Status\n7781,${world.development.id},available\n`
    const imported = await client
      .post('/api/lots/import')
      .file('file', Buffer.from(csv), { filename: 'lots.csv' })
      .bearerToken(await tokenOf(client, world.superAdmin))
    assert.equal(imported.status(), 200, imported.text())
    assert.containSubset(imported.body(), { summary: { update: 1, error: 0 } })
    assert.equal((await placeOf(world.memberB, lot.id)).status, 'offered')
  })

  test("leaving during one's offer passes it at once to the next, who is told", async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB, world.otherMemberA])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    ;(await leave(client, world.memberB, world.lot.id)).assertStatus(200)
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'left')
    assert.equal((await placeOf(world.otherMemberA, world.lot.id)).status, 'offered')
    assert.lengthOf(await offersTo(world.otherMemberA), 1)
    // The last one leaving: the lot is open to everyone.
    ;(await leave(client, world.otherMemberA, world.lot.id)).assertStatus(200)
    const shown = await client.get(`/api/lots/${world.lot.id}`)
    assert.containSubset(shown.body(), { status: 'available', waitlistCount: 0, offeredUntil: null })
    ;(await requestBooking(client, await tokenOf(client, world.agentB), world.lot.id, AGENT_DOCUMENTS)).assertStatus(
      201
    )
  })

  test('the window runs out: the hold clock passes the lot to the next; after the last, anyone may book', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB, world.otherMemberA])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)

    // Nothing ran out yet: the clock leaves the offer alone.
    assert.deepEqual((await new RunHoldClock().tick()).waitlist, [])
    await db
      .from('lot_waitlist_entries')
      .where('user_id', world.memberB.id)
      .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
    const report = await new RunHoldClock().tick()
    assert.containSubset(report.waitlist, [
      { lotId: world.lot.id, passedUserIds: [world.memberB.id], offeredTo: world.otherMemberA.id },
    ])
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'passed')
    assert.equal((await placeOf(world.otherMemberA, world.lot.id)).status, 'offered')
    assert.lengthOf(await offersTo(world.otherMemberA), 1)
    // The one who passed is held off like anyone else.
    ;(await requestBooking(client, await tokenOf(client, world.memberB), world.lot.id)).assertStatus(409)

    await db
      .from('lot_waitlist_entries')
      .where('user_id', world.otherMemberA.id)
      .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
    const last = await new ExpireOffers().handle()
    assert.containSubset(last, [{ lotId: world.lot.id, passedUserIds: [world.otherMemberA.id], offeredTo: null }])
    const shown = await client.get(`/api/lots/${world.lot.id}`)
    assert.containSubset(shown.body(), { status: 'available', waitlistCount: 0, offeredUntil: null })
    ;(await requestBooking(client, await tokenOf(client, world.memberB), world.lot.id)).assertStatus(201)
  })

  test('a booking attempt after the window ran out is not held off by it, and passes it on', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB, world.otherMemberA])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    await db
      .from('lot_waitlist_entries')
      .where('user_id', world.memberB.id)
      .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })

    // The second in line asks before the clock ran: their turn now, and the lot is theirs.
    const second = await requestBooking(client, await tokenOf(client, world.otherMemberA), world.lot.id)
    second.assertStatus(201)
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'passed')
    assert.equal((await placeOf(world.otherMemberA, world.lot.id)).status, 'fulfilled')
  })

  test('an expired offer with nobody behind it holds nobody off', async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    await db
      .from('lot_waitlist_entries')
      .where('user_id', world.memberB.id)
      .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
    ;(await requestBooking(client, await tokenOf(client, world.agentB), world.lot.id, AGENT_DOCUMENTS)).assertStatus(
      201
    )
    assert.equal((await placeOf(world.memberB, world.lot.id)).status, 'passed')
  })

  test('others may join behind a running offer; the lot stays theirs to request in turn', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB])
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const behind = await join(client, world.otherMemberA, world.lot.id)
    behind.assertStatus(201)
    assert.equal(behind.body().position, 2)
    const twice = await join(client, world.memberB, world.lot.id)
    assert.deepEqual(twice.body(), { message: "You are already on this lot's waitlist." })
  })
})

test.group('Waitlist | the lot is sold: the line ends', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("the developer marks the holder's booking sold: every live place is cancelled", async ({ client, assert }) => {
    const world = await setup()
    const bookingId = await line(client, world, [world.memberB, world.otherMemberA])
    ;(
      await client
        .put(`/api/bookings/${bookingId}/agent-response`)
        .bearerToken(await tokenOf(client, world.agentA))
        .json({ action: 'approve' })
    ).assertStatus(200)
    const sold = await client
      .put(`/api/bookings/${bookingId}/status-update`)
      .bearerToken(await tokenOf(client, world.superAdmin))
      .json({ status: 'sold' })
    assert.equal(sold.status(), 200, sold.text())
    for (const person of [world.memberB, world.otherMemberA]) {
      const place = await placeOf(person, world.lot.id)
      assert.equal(place.status, 'cancelled')
      assert.isNotNull(place.endedAt)
    }
    const mine = await client.get('/api/waitlist/mine').bearerToken(await tokenOf(client, world.memberB))
    assert.deepEqual(mine.body(), { data: [] })
    assert.deepEqual((await join(client, world.memberB, world.lot.id)).body(), { message: 'This lot has been sold.' })
  })

  test('a super admin marks a reserved lot sold: the line is cancelled', async ({ client, assert }) => {
    const world = await setup()
    const lot = await createLot(world.development, { status: 'reserved' })
    await join(client, world.memberB, lot.id)
    const edited = await client
      .put(`/api/lots/${lot.id}`)
      .bearerToken(await tokenOf(client, world.superAdmin))
      .json({ status: 'sold' })
    edited.assertStatus(200)
    assert.equal((await placeOf(world.memberB, lot.id)).status, 'cancelled')
    assert.lengthOf(await offersTo(world.memberB), 0)
  })
})

test.group('Waitlist | live', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let recording: ReturnType<typeof recordBroadcasts>
  group.each.setup(() => {
    recording = recordBroadcasts()
    return () => recording.stop()
  })

  const waitlistMessages = () =>
    recording.heard.filter((message) => message.channel === 'lots' && message.payload.cause === 'waitlist')

  test('joining, an offer starting and an offer ending reach the lot watchers on `lots`', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const bookingId = await hold(client, world.memberA, world.lot.id)
    ;(await join(client, world.memberB, world.lot.id)).assertStatus(201)
    assert.containSubset(waitlistMessages(), [
      {
        payload: {
          type: 'lot',
          lotId: world.lot.id,
          status: 'reserved',
          previous: 'reserved',
          cause: 'waitlist',
          waitlistCount: 1,
          offeredUntil: null,
        },
      },
    ])

    recording.heard.length = 0
    ;(await agentReject(client, await tokenOf(client, world.agentA), bookingId)).assertStatus(200)
    const started = waitlistMessages()
    assert.lengthOf(started, 1)
    assert.containSubset(started[0].payload, { lotId: world.lot.id, status: 'available', waitlistCount: 1 })
    const offer = await placeOf(world.memberB, world.lot.id)
    assert.equal(DateTime.fromISO(String(started[0].payload.offeredUntil)).toMillis(), offer.offerExpiresAt!.toMillis())

    recording.heard.length = 0
    await db
      .from('lot_waitlist_entries')
      .where('id', offer.id)
      .update({ offer_expires_at: sqlDateTime(DateTime.utc().minus({ minutes: 1 })) })
    await new ExpireOffers().handle()
    assert.containSubset(waitlistMessages(), [
      { payload: { lotId: world.lot.id, status: 'available', waitlistCount: 0, offeredUntil: null } },
    ])
  })

  test('a refused join pushes nothing', async ({ client, assert }) => {
    const world = await setup()
    ;(await join(client, world.memberB, world.lot.id)).assertStatus(409)
    assert.deepEqual(waitlistMessages(), [])
  })
})
