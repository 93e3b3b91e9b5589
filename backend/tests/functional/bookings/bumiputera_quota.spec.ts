import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { DateTime } from 'luxon'
import { Lot, QUOTA_LOT_RESERVED } from '#inventory'
import { Booking } from '#bookings'
import { User } from '#identity'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

type World = Awaited<ReturnType<typeof setup>>

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment({ bumiputeraQuotaPercent: 30 })
  const lot = await createLot(development, { isBumiputeraLot: true })
  return { ...world, development, lot }
}

async function verify(client: ApiClient, world: World, buyer: User) {
  await User.query().where('id', buyer.id).update({ bumiputera_status: 'declared' })
  const response = await client
    .put(`/api/users/${buyer.id}/bumiputera`)
    .bearerToken(await bearerFor(client, world.superAdmin))
    .json({ status: 'verified' })
  response.assertStatus(200)
}

async function release(client: ApiClient, world: World) {
  const response = await client
    .put(`/api/lots/${world.lot.id}/bumiputera`)
    .bearerToken(await bearerFor(client, world.superAdmin))
    .json({
      isBumiputeraLot: true,
      releasedAt: DateTime.utc().minus({ days: 3 }).toISO(),
      releaseAuthority: 'Pejabat Tanah dan Galian Negeri Sembilan',
      releaseReference: 'PTG.NS/BUMI/2026/118',
    })
  response.assertStatus(200)
}

function assertReserved(response: ApiResponse) {
  response.assertStatus(422)
  response.assertBodyContains({ message: QUOTA_LOT_RESERVED })
}

async function nothingBooked(assert: { equal: (a: unknown, b: unknown) => void }, lot: Lot) {
  assert.equal((await Lot.findOrFail(lot.id)).status, 'available')
  assert.equal((await Booking.query().where('lot_id', lot.id)).length, 0)
}

/** Every path that makes a booking: who asks, for whom (the buyer), and the request. */
const REQUESTS: Array<{
  path: string
  buyer: (world: World) => User
  send: (client: ApiClient, world: World) => Promise<ApiResponse>
}> = [
  {
    path: "a member's own request",
    buyer: (world) => world.memberA,
    send: async (client, world) => requestBooking(client, await bearerFor(client, world.memberA), world.lot.id),
  },
  {
    path: "an agent admin's own request",
    buyer: (world) => world.agentA,
    send: async (client, world) =>
      requestBooking(client, await bearerFor(client, world.agentA), world.lot.id, {
        cheque: 'pdf',
        icFront: 'png',
        icBack: 'png',
      }),
  },
  {
    path: 'an agent admin booking for a client',
    buyer: (world) => world.plainUser,
    send: async (client, world) =>
      client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true }),
  },
  {
    path: 'the lot page agent form for a client',
    buyer: (world) => world.plainUser,
    send: async (client, world) =>
      client
        .post('/api/bookings/property')
        .bearerToken(await bearerFor(client, world.agentA))
        .field('propertyId', `type-b-${world.lot.lotNumber}`)
        .field('userId', String(world.plainUser.id))
        .field('contactPhone', '0123456789')
        .field('consent', 'true')
        .file('icFront', files.png, { filename: 'front.png' })
        .file('icBack', files.png, { filename: 'back.png' }),
  },
  {
    path: 'a super admin booking for a client',
    buyer: (world) => world.plainUser,
    send: async (client, world) =>
      client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.superAdmin))
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true }),
  },
]

test.group('Bookings | Bumiputera quota lots', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const row of REQUESTS) {
    test(`${row.path}: refused for a buyer not verified, nothing booked`, async ({ client, assert }) => {
      const world = await setup()
      for (const status of ['none', 'declared', 'rejected']) {
        await User.query().where('id', row.buyer(world).id).update({ bumiputera_status: status })
        assertReserved(await row.send(client, world))
        await nothingBooked(assert, world.lot)
      }
    })

    test(`${row.path}: allowed once the buyer is verified`, async ({ client, assert }) => {
      const world = await setup()
      await verify(client, world, row.buyer(world))
      const response = await row.send(client, world)
      response.assertStatus(201)
      assert.equal(response.body().userId, row.buyer(world).id)
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'reserved')
    })

    test(`${row.path}: allowed to anyone once the lot's release is recorded`, async ({ client }) => {
      const world = await setup()
      await release(client, world)
      ;(await row.send(client, world)).assertStatus(201)
    })
  }

  test('a lot not in the quota, or the quota flag off, is booked as before', async ({ client }) => {
    const world = await setup()
    const open = await createLot(world.development)
    ;(await requestBooking(client, await bearerFor(client, world.memberA), open.id)).assertStatus(201)
  })

  for (const status of ['booked', 'sold'] as const) {
    test(`the super admin's "${status}": refused while the buyer is not verified, allowed after`, async ({
      client,
      assert,
    }) => {
      const world = await setup()
      await verify(client, world, world.plainUser)
      const adminToken = await bearerFor(client, world.superAdmin)
      const made = await client
        .post('/api/bookings')
        .bearerToken(adminToken)
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
      made.assertStatus(201)
      const id = made.body().id
      // The verification withdrawn since the request: the decision checks the buyer again.
      await User.query().where('id', world.plainUser.id).update({ bumiputera_status: 'rejected' })

      const refused = await client.put(`/api/bookings/${id}/status-update`).bearerToken(adminToken).json({ status })
      assertReserved(refused)
      assert.equal((await Booking.findOrFail(id)).status, 'pending_admin')
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'reserved')

      // Rejecting it is never held back.
      await verify(client, world, world.plainUser)
      const allowed = await client.put(`/api/bookings/${id}/status-update`).bearerToken(adminToken).json({ status })
      allowed.assertStatus(200)
      assert.equal((await Lot.findOrFail(world.lot.id)).status, status)
    })
  }

  test('a booking for an unverified buyer on a lot released later can be sold', async ({ client, assert }) => {
    const world = await setup()
    await release(client, world)
    const adminToken = await bearerFor(client, world.superAdmin)
    const made = await client
      .post('/api/bookings')
      .bearerToken(adminToken)
      .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
    made.assertStatus(201)
    const sold = await client
      .put(`/api/bookings/${made.body().id}/status-update`)
      .bearerToken(adminToken)
      .json({ status: 'sold' })
    sold.assertStatus(200)
    assert.equal((await Lot.findOrFail(world.lot.id)).status, 'sold')
  })

  test('rejecting or cancelling a booking of a quota lot is never held back', async ({ client }) => {
    const world = await setup()
    await verify(client, world, world.plainUser)
    const adminToken = await bearerFor(client, world.superAdmin)
    const made = await client
      .post('/api/bookings')
      .bearerToken(adminToken)
      .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
    await User.query().where('id', world.plainUser.id).update({ bumiputera_status: 'rejected' })
    const rejected = await client
      .put(`/api/bookings/${made.body().id}/status-update`)
      .bearerToken(adminToken)
      .json({ status: 'reject' })
    rejected.assertStatus(200)
  })
})

/**
 * No global transaction: the requests really race on separate connections and commit. Everything the
 * test creates is removed afterwards.
 */
test.group('Bookings | Bumiputera quota lot under concurrency', () => {
  test('one verified and nine unverified buyers at once: only the verified one wins, no 5xx', async ({
    client,
    assert,
  }) => {
    const agency = await createAgency()
    const development = await createDevelopment({ bumiputeraQuotaPercent: 40 })
    const lot = await createLot(development, { isBumiputeraLot: true })
    const verified = await createUser({ agencyId: agency.id, agencyStatus: 'approved', bumiputeraStatus: 'verified' })
    const others = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        createUser({
          agencyId: agency.id,
          agencyStatus: 'approved',
          bumiputeraStatus: (['none', 'declared', 'rejected'] as const)[index % 3],
        })
      )
    )
    const members = [...others.slice(0, 5), verified, ...others.slice(5)]
    const tokens = await Promise.all(members.map((member) => bearerFor(client, member)))

    try {
      const responses = await Promise.all(tokens.map((token) => requestBooking(client, token, lot.id)))
      const statuses = responses.map((response) => response.status())
      assert.isFalse(statuses.some((status) => status >= 500))
      assert.equal(statuses[5], 201)
      assert.equal(statuses.filter((status) => status === 201).length, 1)
      for (const response of responses.filter((r) => r.status() !== 201)) {
        assert.include([409, 422], response.status())
      }
      const bookings = await Booking.query().where('lot_id', lot.id)
      assert.lengthOf(bookings, 1)
      assert.equal(bookings[0].userId, verified.id)
      assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    } finally {
      const bookingIds = (await Booking.query().where('lot_id', lot.id)).map((b) => b.id)
      await db.from('booking_status_history').whereIn('booking_id', bookingIds).delete()
      await db.from('bookings').whereIn('id', bookingIds).delete()
      const ids = members.map((m) => m.id)
      await db.from('auth_access_tokens').whereIn('tokenable_id', ids).delete()
      await User.query().whereIn('id', ids).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await db.from('agencies').where('id', agency.id).delete()
    }
  }).timeout(60_000)
})
