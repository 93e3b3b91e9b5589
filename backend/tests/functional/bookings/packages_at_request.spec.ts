import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { DateTime } from 'luxon'
import { Lot } from '#inventory'
import { User } from '#identity'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { packageAt } from '#tests/helpers/packages'

type World = Awaited<ReturnType<typeof setup>>

/** Lot at RM 500,000: "Early bird 5%" for everyone, "Bumiputera discount 7%" for verified Bumiputera buyers. */
async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development, { price: 500_000, typeCode: 'B', type: 'INTERMEDIATE (B)' })
  const earlyBird = await packageAt(development, { name: 'Early bird 5%', percentBp: 500 })
  const bumi = await packageAt(development, {
    name: 'Bumiputera discount 7%',
    percentBp: 700,
    eligibility: 'bumiputera',
  })
  return { ...world, development, lot, earlyBird, bumi }
}

const verify = (user: User) => User.query().where('id', user.id).update({ bumiputera_status: 'verified' })

async function stored(bookingId: number) {
  const booking = await db
    .from('bookings')
    .where('id', bookingId)
    .select('price_sen', 'discount_sen', 'net_price_sen')
    .first()
  const packages = await db
    .from('booking_packages')
    .where('booking_id', bookingId)
    .orderBy('package_id')
    .select('name', 'discount_sen')
  return {
    priceSen: Number(booking.price_sen),
    discountSen: Number(booking.discount_sen),
    netPriceSen: Number(booking.net_price_sen),
    packages: packages.map((row: { name: string; discount_sen: number | string }) => [
      row.name,
      Number(row.discount_sen),
    ]),
  }
}

async function nothingBooked(assert: { equal: (a: unknown, b: unknown) => void }, lot: Lot) {
  assert.equal((await Lot.findOrFail(lot.id)).status, 'available')
  assert.equal(Number((await db.from('bookings').where('lot_id', lot.id).count('* as total').first()).total), 0)
  assert.equal(Number((await db.from('booking_packages').count('* as total').first()).total), 0)
}

/** A member's own request naming packages, as the booking form sends it (multipart). */
async function memberRequest(client: ApiClient, world: World, packageIds?: number[]) {
  const request = requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
  for (const id of packageIds ?? []) request.field('packageIds[]', String(id))
  return request
}

test.group('Bookings | the packages a booking was made with', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a member names a package: its discount and the net price are recorded and answered', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const response = await memberRequest(client, world, [world.earlyBird.id])
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      priceSen: 50_000_000,
      discountSen: 2_500_000,
      netPriceSen: 47_500_000,
      packages: [
        { id: world.earlyBird.id, name: 'Early bird 5%', kind: 'percent', percentBp: 500, discountSen: 2_500_000 },
      ],
    })
    assert.lengthOf(response.body().packages, 1)
    assert.deepEqual(await stored(response.body().id), {
      priceSen: 50_000_000,
      discountSen: 2_500_000,
      netPriceSen: 47_500_000,
      packages: [['Early bird 5%', 2_500_000]],
    })
  })

  test('a verified Bumiputera buyer gets the Bumiputera package without asking', async ({ client, assert }) => {
    const world = await setup()
    await verify(world.memberA)
    const named = await memberRequest(client, world, [world.earlyBird.id])
    named.assertStatus(201)
    assert.deepEqual((await stored(named.body().id)).packages, [
      ['Early bird 5%', 2_500_000],
      ['Bumiputera discount 7%', 3_500_000],
    ])
    assert.equal(named.body().netPriceSen, 44_000_000)

    // Naming none: the best offer, which is every package they may have.
    await db.from('bookings').where('id', named.body().id).update({ active_lot_id: null, status: 'cancelled' })
    await Lot.query().where('id', world.lot.id).update({ status: 'available' })
    const unnamed = await memberRequest(client, world)
    unnamed.assertStatus(201)
    assert.equal(unnamed.body().discountSen, 6_000_000)
    assert.lengthOf(unnamed.body().packages, 2)
  })

  test('locked from the request: a package retired or a price changed later changes nothing', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const response = await memberRequest(client, world, [world.earlyBird.id])
    response.assertStatus(201)
    const before = await stored(response.body().id)

    const token = await bearerFor(client, world.superAdmin)
    ;(await client.post(`/api/packages/${world.earlyBird.id}/retire`).bearerToken(token)).assertStatus(200)
    await db.from('price_packages').where('id', world.earlyBird.id).update({ name: 'Renamed', percent_bp: 9000 })
    ;(
      await client
        .post(`/api/developments/${world.development.id}/price-lists`)
        .bearerToken(token)
        .json({
          label: 'Up',
          effectiveAt: DateTime.utc().toISO(),
          entries: [{ lotId: world.lot.id, priceSen: 60_000_000 }],
        })
    ).assertStatus(201)

    assert.deepEqual(await stored(response.body().id), before)
    const shown = await client.get(`/api/bookings/${response.body().id}`).bearerToken(token)
    assert.containSubset(shown.body(), {
      priceSen: 50_000_000,
      discountSen: 2_500_000,
      netPriceSen: 47_500_000,
      packages: [{ name: 'Early bird 5%', percentBp: 500, discountSen: 2_500_000 }],
    })
  })

  test('a package the buyer may not have, or not now, is a 422 and nothing is written', async ({ client, assert }) => {
    const world = await setup()
    const expired = await packageAt(world.development, {
      name: 'Launch day',
      validFrom: DateTime.utc().minus({ days: 3 }).startOf('second'),
      validUntil: DateTime.utc().minus({ days: 2 }).startOf('second'),
    })
    const later = await packageAt(world.development, {
      name: 'Next month',
      validFrom: DateTime.utc().plus({ days: 30 }).startOf('second'),
    })
    const retired = await packageAt(world.development, { name: 'Gone', retiredAt: DateTime.utc().startOf('second') })
    const otherLot = await createLot(world.development, { price: 400_000 })
    const elsewhere = await packageAt(world.development, { name: 'Lot C only' }, [otherLot])
    const foreign = await packageAt(await createDevelopment(), { name: 'Other launch' })
    const alone = await packageAt(world.development, { name: 'Big 8%', percentBp: 800, combinable: false })

    const cases: Array<[number[], string, string]> = [
      [[world.bumi.id], 'packageIds.0', 'The package "Bumiputera discount 7%" is only for verified Bumiputera buyers.'],
      [[world.earlyBird.id, expired.id], 'packageIds.1', 'The package "Launch day" has expired.'],
      [[later.id], 'packageIds.0', 'The package "Next month" is not in force yet.'],
      [[retired.id], 'packageIds.0', 'The package "Gone" has been withdrawn.'],
      [[elsewhere.id], 'packageIds.0', 'The package "Lot C only" does not apply to this lot.'],
      [[foreign.id], 'packageIds.0', 'This package does not apply to this lot.'],
      [[world.earlyBird.id, alone.id], 'packageIds', 'The package "Big 8%" cannot be combined with other packages.'],
    ]
    for (const [packageIds, field, message] of cases) {
      const response = await memberRequest(client, world, packageIds)
      assert.equal(response.status(), 422, `${message}: ${response.text()}`)
      assert.deepEqual(response.body().errors, [{ field, message }])
      await nothingBooked(assert, world.lot)
    }
  })

  const PATHS: Array<[string, (client: ApiClient, world: World, packageIds: number[]) => Promise<ApiResponse>]> = [
    [
      'an agent admin booking for a client',
      async (client, world, packageIds) =>
        client
          .post('/api/bookings')
          .bearerToken(await bearerFor(client, world.agentA))
          .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true, packageIds }),
    ],
    [
      'the lot page agent form for a client',
      async (client, world, packageIds) => {
        const request = client
          .post('/api/bookings/property')
          .bearerToken(await bearerFor(client, world.agentA))
          .field('propertyId', `type-b-${world.lot.lotNumber}`)
          .field('userId', String(world.plainUser.id))
          .field('contactPhone', '0123456789')
          .field('consent', 'true')
          .file('icFront', files.png, { filename: 'front.png' })
          .file('icBack', files.png, { filename: 'back.png' })
        for (const id of packageIds) request.field('packageIds[]', String(id))
        return request
      },
    ],
    [
      'a super admin booking for a client',
      async (client, world, packageIds) =>
        client
          .post('/api/bookings')
          .bearerToken(await bearerFor(client, world.superAdmin))
          .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true, packageIds }),
    ],
  ]

  for (const [path, send] of PATHS) {
    test(`${path}: the client's eligibility decides, checked at the request`, async ({ client, assert }) => {
      const world = await setup()
      const refused = await send(client, world, [world.bumi.id])
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'packageIds.0')
      await nothingBooked(assert, world.lot)

      await verify(world.plainUser)
      const response = await send(client, world, [world.bumi.id])
      response.assertStatus(201)
      assert.deepEqual(await stored(response.body().id), {
        priceSen: 50_000_000,
        discountSen: 3_500_000,
        netPriceSen: 46_500_000,
        packages: [['Bumiputera discount 7%', 3_500_000]],
      })
      assert.equal(response.body().netPriceSen, 46_500_000)
    })
  }

  test('bad package ids are a 422 naming the field', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    for (const packageIds of ['5', [1.5], [-1], ['x']]) {
      const response = await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true, packageIds })
      response.assertStatus(422)
      assert.match(response.body().errors[0].field, /^packageIds/)
    }
    await nothingBooked(assert, world.lot)
  })
})
