import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import { LOT_NOT_RELEASED } from '#bookings/workflow'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

type World = Awaited<ReturnType<typeof setup>>

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development, { isReleased: false })
  return { ...world, development, lot }
}

/** Every path that makes a booking: who asks and the request. */
const REQUESTS: Array<{ path: string; send: (client: ApiClient, world: World) => Promise<ApiResponse> }> = [
  {
    path: "a member's own request",
    send: async (client, world) => requestBooking(client, await bearerFor(client, world.memberA), world.lot.id),
  },
  {
    path: 'an agent admin booking for a client',
    send: async (client, world) =>
      client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true }),
  },
  {
    path: 'the lot page agent form for a client',
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
    send: async (client, world) =>
      client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world.superAdmin))
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true }),
  },
]

test.group('Bookings | lots not released', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const row of REQUESTS) {
    test(`${row.path}: refused while the lot is not released, allowed once it is`, async ({ client, assert }) => {
      const world = await setup()
      const refused = await row.send(client, world)
      refused.assertStatus(409)
      refused.assertBodyContains({ message: LOT_NOT_RELEASED })
      assert.equal((await Lot.findOrFail(world.lot.id)).status, 'available')
      assert.equal((await Booking.query().where('lot_id', world.lot.id)).length, 0)

      await Lot.query().where('id', world.lot.id).update({ is_released: true })
      ;(await row.send(client, world)).assertStatus(201)
    })
  }

  test('existing lots are released by default', async ({ assert }) => {
    const lot = await createLot(await createDevelopment())
    assert.isTrue((await Lot.findOrFail(lot.id)).isReleased)
  })

  for (const status of ['booked', 'sold'] as const) {
    test(`the super admin's "${status}" of a lot withdrawn from release is refused`, async ({ client, assert }) => {
      const world = await setup()
      await Lot.query().where('id', world.lot.id).update({ is_released: true })
      const adminToken = await bearerFor(client, world.superAdmin)
      const made = await client
        .post('/api/bookings')
        .bearerToken(adminToken)
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
      made.assertStatus(201)
      await Lot.query().where('id', world.lot.id).update({ is_released: false })

      const refused = await client
        .put(`/api/bookings/${made.body().id}/status-update`)
        .bearerToken(adminToken)
        .json({ status })
      refused.assertStatus(409)
      refused.assertBodyContains({ message: LOT_NOT_RELEASED })
      assert.equal((await Booking.findOrFail(made.body().id)).status, 'pending_admin')
    })
  }

  test('the public lot list says whether a lot is released', async ({ client, assert }) => {
    const world = await setup()
    const open = await createLot(world.development)
    const listed = (await client.get('/api/lots/public')).body() as Array<{ id: number; released: boolean }>
    assert.isFalse(listed.find((lot) => lot.id === world.lot.id)?.released)
    assert.isTrue(listed.find((lot) => lot.id === open.id)?.released)
  })
})
