import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import type { Development, Lot } from '#inventory'
import PriceListVersion from '#inventory/models/price_list_version'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'

/** A version written as it would have been published at its time (the API refuses the past). */
async function versionAt(development: Development, effectiveAt: DateTime, prices: Array<[Lot, number]>) {
  const version = await PriceListVersion.create({
    developmentId: development.id,
    label: `List of ${effectiveAt.toISODate()}`,
    effectiveAt: effectiveAt.toUTC().startOf('second'),
    publishedById: null,
    entryCount: prices.length,
  })
  await db
    .table('price_list_entries')
    .multiInsert(prices.map(([lot, priceSen]) => ({ version_id: version.id, lot_id: lot.id, price_sen: priceSen })))
  return version
}

async function lotPrice(client: ApiClient, lot: Lot) {
  const response = await client.get(`/api/lots/${lot.id}`)
  response.assertStatus(200)
  return { price: response.body().price, priceSen: response.body().priceSen }
}

const inSeconds = (seconds: number) => DateTime.utc().plus({ seconds }).toISO()

function publish(client: ApiClient, token: string, development: Development, body: Record<string, unknown>) {
  return client.post(`/api/developments/${development.id}/price-lists`).bearerToken(token).json(body)
}

test.group('Inventory | price lists: the price in force', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('without a version, a lot keeps its own price, also in sen', async ({ client, assert }) => {
    const development = await createDevelopment()
    const lot = await createLot(development, { price: 468_000 })
    assert.deepEqual(await lotPrice(client, lot), { price: 468_000, priceSen: 46_800_000 })
  })

  test('the latest version already in force wins; a future one waits; an unlisted lot keeps its own', async ({
    client,
    assert,
  }) => {
    const development = await createDevelopment()
    const listed = await createLot(development, { price: 468_000, typeCode: 'B', type: 'INTERMEDIATE (B)' })
    const unlisted = await createLot(development, { price: 470_000, typeCode: 'B', type: 'INTERMEDIATE (B)' })
    const now = DateTime.utc()
    await versionAt(development, now.minus({ days: 2 }), [[listed, 50_000_000]])
    await versionAt(development, now.minus({ days: 1 }), [[listed, 51_000_050]])
    await versionAt(development, now.plus({ days: 1 }), [
      [listed, 99_900_000],
      [unlisted, 99_900_000],
    ])

    assert.deepEqual(await lotPrice(client, listed), { price: 510_001, priceSen: 51_000_050 })
    assert.deepEqual(await lotPrice(client, unlisted), { price: 470_000, priceSen: 47_000_000 })

    // Every lot answer agrees: a type's lots, the hub, the staff list.
    const ofType = await client.get(`/api/properties/${development.slug}/lots/B`)
    ofType.assertStatus(200)
    const byId = new Map(ofType.body().lots.map((lot: { id: number }) => [lot.id, lot]))
    assert.containSubset(byId.get(listed.id), { price: 510_001, priceSen: 51_000_050 })
    assert.containSubset(byId.get(unlisted.id), { price: 470_000, priceSen: 47_000_000 })

    const hub = await client.get('/api/lots/public')
    hub.assertStatus(200)
    assert.containSubset(
      hub.body().find((lot: { id: number }) => lot.id === listed.id),
      { priceSen: 51_000_050 }
    )

    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const staff = await client.get('/api/lots').qs({ propertyId: development.id }).bearerToken(token)
    staff.assertStatus(200)
    assert.containSubset(
      staff.body().find((lot: { id: number }) => lot.id === listed.id),
      { price: 510_001, priceSen: 51_000_050 }
    )
  })

  test('a published version effective seconds ago shows at once in the public answers', async ({ client, assert }) => {
    const development = await createDevelopment()
    const lot = await createLot(development, { price: 468_000 })
    assert.equal((await lotPrice(client, lot)).price, 468_000)
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const response = await publish(client, token, development, {
      label: 'Launch day',
      effectiveAt: inSeconds(-5),
      entries: [{ lotId: lot.id, priceSen: 45_000_000 }],
    })
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      message: 'Price list published.',
      label: 'Launch day',
      entryCount: 1,
      inForce: true,
    })
    assert.deepEqual(await lotPrice(client, lot), { price: 450_000, priceSen: 45_000_000 })
    const hub = await client.get('/api/lots/public')
    assert.containSubset(
      hub.body().find((row: { id: number }) => row.id === lot.id),
      { price: 450_000 }
    )
  })
})

test.group('Inventory | price lists: publishing and reading', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin publishes; the versions list newest first with their counts; a version its entries', async ({
    client,
    assert,
  }) => {
    const development = await createDevelopment()
    const lotA = await createLot(development, { unitNumber: 'MKS-2' })
    const lotB = await createLot(development, { unitNumber: 'MKS-10' })
    const admin = await createUser({ role: 'super_admin' })
    const token = await bearerFor(client, admin)

    const first = await publish(client, token, development, {
      label: 'Launch',
      effectiveAt: inSeconds(0),
      entries: [
        { lotId: lotB.id, priceSen: 48_000_000 },
        { lotId: lotA.id, priceSen: 46_800_000 },
      ],
    })
    first.assertStatus(201)
    const later = await publish(client, token, development, {
      label: 'Phase 2 prices',
      effectiveAt: DateTime.utc().plus({ days: 7 }).toISO(),
      entries: [{ lotId: lotA.id, priceSen: 49_000_000 }],
    })
    later.assertStatus(201)
    assert.isFalse(later.body().inForce)

    const list = await client.get(`/api/developments/${development.id}/price-lists`).bearerToken(token)
    list.assertStatus(200)
    assert.equal(list.headers()['content-range'], 'price-lists 0-1/2')
    assert.deepEqual(
      list
        .body()
        .map((version: { label: string; entryCount: number; inForce: boolean }) => [
          version.label,
          version.entryCount,
          version.inForce,
        ]),
      [
        ['Phase 2 prices', 1, false],
        ['Launch', 2, true],
      ]
    )
    assert.equal(list.body()[1].publishedById, admin.id)

    const shown = await client
      .get(`/api/developments/${development.id}/price-lists/${first.body().id}`)
      .bearerToken(token)
    shown.assertStatus(200)
    assert.deepEqual(
      shown
        .body()
        .entries.map((entry: { unitNumber: string; priceSen: number; price: number }) => [
          entry.unitNumber,
          entry.priceSen,
          entry.price,
        ]),
      [
        ['MKS-2', 46_800_000, 468_000],
        ['MKS-10', 48_000_000, 480_000],
      ]
    )

    // The future version waits: the lot shows the launch price.
    assert.equal((await lotPrice(client, lotA)).priceSen, 46_800_000)

    // Audit-trailed like every staff change.
    const audit = await db
      .from('audit_entries')
      .where('action', 'development.price_list_published')
      .where('subject_id', development.id)
    assert.lengthOf(audit, 2)
    assert.equal(audit[0].actor_id, admin.id)

    // Another development's version is not found under this one.
    const other = await createDevelopment()
    ;(await client.get(`/api/developments/${other.id}/price-lists/${first.body().id}`).bearerToken(token)).assertStatus(
      404
    )
    ;(await client.get(`/api/developments/999999/price-lists`).bearerToken(token)).assertStatus(404)
  })

  test('each bad input is a 422 naming its field, and nothing is written', async ({ client, assert }) => {
    const development = await createDevelopment()
    const lot = await createLot(development)
    const foreign = await createLot(await createDevelopment())
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const valid = { label: 'Launch', effectiveAt: inSeconds(60), entries: [{ lotId: lot.id, priceSen: 100 }] }

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ entries: [{ lotId: lot.id, priceSen: -1 }] }, 'entries.0.priceSen', 'The price cannot be negative'],
      [
        { entries: [{ lotId: lot.id, priceSen: 10.5 }] },
        'entries.0.priceSen',
        'The price must be a whole number of sen',
      ],
      [{ entries: [] }, 'entries', 'A price list needs at least one lot price'],
      [{ entries: undefined }, 'entries', 'A price list needs at least one lot price'],
      [{ label: '' }, 'label', 'A label is required'],
      [{ entries: [{ lotId: 999_999, priceSen: 100 }] }, 'entries.0.lotId', 'Lot not found'],
      [
        {
          entries: [
            { lotId: lot.id, priceSen: 100 },
            { lotId: foreign.id, priceSen: 100 },
          ],
        },
        'entries.1.lotId',
        'This lot belongs to another development',
      ],
      [
        {
          entries: [
            { lotId: lot.id, priceSen: 100 },
            { lotId: lot.id, priceSen: 200 },
          ],
        },
        'entries.1.lotId',
        'This lot is listed more than once',
      ],
      [
        { effectiveAt: DateTime.utc().minus({ minutes: 5 }).toISO() },
        'effectiveAt',
        'The effective time cannot be in the past',
      ],
      [
        { effectiveAt: '2030-01-01T10:00:00' },
        'effectiveAt',
        'The effective time must be a date and time with its zone (ISO 8601)',
      ],
      [
        { effectiveAt: 'tomorrow' },
        'effectiveAt',
        'The effective time must be a date and time with its zone (ISO 8601)',
      ],
    ]
    for (const [change, field, message] of cases) {
      const response = await publish(client, token, development, { ...valid, ...change })
      response.assertStatus(422)
      assert.containSubset(response.body(), { errors: [{ field, message }] }, `${field}: ${message}`)
      assert.isString(response.body().message)
    }
    const written = await db.from('price_list_versions').where('development_id', development.id).count('* as n')
    assert.equal(Number(written[0].n), 0)
    assert.equal(Number((await db.from('price_list_entries').count('* as n'))[0].n), 0)
  })

  test('a lot on a published price list cannot be deleted: the history stays whole', async ({ client, assert }) => {
    const development = await createDevelopment()
    const lot = await createLot(development)
    await versionAt(development, DateTime.utc().minus({ days: 1 }), [[lot, 100]])
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const response = await client.delete(`/api/lots/${lot.id}`).bearerToken(token)
    response.assertStatus(409)
    response.assertBody({
      message: 'This lot is on a published price list and cannot be deleted. Change its status instead.',
    })
    assert.equal(Number((await db.from('price_list_entries').where('lot_id', lot.id).count('* as n'))[0].n), 1)
  })

  test('only super admins: agent admins and members are refused (403), visitors 401', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const version = await versionAt(development, DateTime.utc().minus({ days: 1 }), [[lot, 100]])
    const body = { label: 'Mine', effectiveAt: inSeconds(60), entries: [{ lotId: lot.id, priceSen: 1 }] }
    for (const user of [world.agentA, world.memberA, world.plainUser]) {
      const token = await bearerFor(client, user)
      const posted = await publish(client, token, development, body)
      posted.assertStatus(403)
      posted.assertBodyContains({ message: 'Only super admins can manage price lists.' })
      ;(await client.get(`/api/developments/${development.id}/price-lists`).bearerToken(token)).assertStatus(403)
      ;(
        await client.get(`/api/developments/${development.id}/price-lists/${version.id}`).bearerToken(token)
      ).assertStatus(403)
    }
    ;(await client.post(`/api/developments/${development.id}/price-lists`).json(body)).assertStatus(401)
    const count = await db.from('price_list_versions').where('development_id', development.id).count('* as n')
    assert.equal(Number(count[0].n), 1)
  })
})
