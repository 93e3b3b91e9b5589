import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import type { Development, Lot } from '#inventory'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development, { price: 468_000, typeCode: 'B', type: 'INTERMEDIATE (B)' })
  return { ...world, development, lot }
}

async function publishPrice(client: ApiClient, token: string, development: Development, lot: Lot, priceSen: number) {
  const response = await client
    .post(`/api/developments/${development.id}/price-lists`)
    .bearerToken(token)
    .json({
      label: `At ${priceSen}`,
      effectiveAt: DateTime.utc().minus({ seconds: 2 }).toISO(),
      entries: [{ lotId: lot.id, priceSen }],
    })
  response.assertStatus(201)
}

async function storedPrice(bookingId: number) {
  const row = await db.from('bookings').where('id', bookingId).select('price_sen').first()
  return row.price_sen === null ? null : Number(row.price_sen)
}

test.group('Bookings | the price a booking was made at', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member request records the price in force; a later price list changes nothing on it', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const adminToken = await bearerFor(client, world.superAdmin)
    await publishPrice(client, adminToken, world.development, world.lot, 45_000_050)

    const response = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
    response.assertStatus(201)
    const bookingId = response.body().id
    assert.containSubset(response.body(), { priceSen: 45_000_050, lot: { price: 450_001 } })
    assert.equal(await storedPrice(bookingId), 45_000_050)

    await publishPrice(client, adminToken, world.development, world.lot, 52_000_000)
    const lot = await client.get(`/api/lots/${world.lot.id}`)
    assert.equal(lot.body().priceSen, 52_000_000)

    const shown = await client.get(`/api/bookings/${bookingId}`).bearerToken(adminToken)
    shown.assertStatus(200)
    assert.containSubset(shown.body(), { priceSen: 45_000_050, lot: { price: 450_001 } })
    assert.equal(await storedPrice(bookingId), 45_000_050)
  })

  test("without a price list, the lot's own price is recorded", async ({ client, assert }) => {
    const world = await setup()
    const response = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
    response.assertStatus(201)
    assert.equal(response.body().priceSen, 46_800_000)
    assert.equal(await storedPrice(response.body().id), 46_800_000)
  })

  test("an agent admin's booking for a client records the price in force too", async ({ client, assert }) => {
    const world = await setup()
    await publishPrice(client, await bearerFor(client, world.superAdmin), world.development, world.lot, 47_500_000)
    const response = await client
      .post('/api/bookings/property')
      .bearerToken(await bearerFor(client, world.agentA))
      .field('propertyId', `type-b-${world.lot.lotNumber}`)
      .field('userId', String(world.plainUser.id))
      .field('contactPhone', '0123456789')
      .field('consent', 'true')
      .file('icFront', files.png, { filename: 'front.png' })
      .file('icBack', files.png, { filename: 'back.png' })
    response.assertStatus(201)
    assert.equal(response.body().priceSen, 47_500_000)
    assert.equal(await storedPrice(response.body().id), 47_500_000)
  })
})
