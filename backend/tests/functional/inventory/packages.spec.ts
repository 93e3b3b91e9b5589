import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { DateTime } from 'luxon'
import { User } from '#identity'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { packageAt } from '#tests/helpers/packages'

const inHours = (hours: number) => DateTime.utc().plus({ hours }).toISO()

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lotA = await createLot(development, { price: 500_000 })
  const lotB = await createLot(development, { price: 400_000 })
  return { ...world, development, lotA, lotB }
}

const packageCount = async () => Number((await db.from('price_packages').count('* as total').first()).total)

function create(client: ApiClient, token: string, body: Record<string, unknown>) {
  return client.post('/api/packages').bearerToken(token).json(body)
}

test.group('Inventory | packages: the super admins manage them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('created, listed (paged, Content-Range), shown, rescheduled while not in force, retired; audit-trailed', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)

    const earlyBird = await create(client, token, {
      developmentId: world.development.id,
      name: 'Early bird -5%',
      kind: 'percent',
      percentBp: 500,
      combinable: true,
      eligibility: 'everyone',
    })
    earlyBird.assertStatus(201)
    assert.containSubset(earlyBird.body(), {
      name: 'Early bird -5%',
      kind: 'percent',
      percentBp: 500,
      amountSen: null,
      validUntil: null,
      allLots: true,
      lotIds: null,
      state: 'in_force',
    })

    const agency = await create(client, token, {
      developmentId: world.development.id,
      name: 'Agency promotion RM10,000 off',
      kind: 'fixed',
      amountSen: 1_000_000,
      validFrom: inHours(24),
      validUntil: inHours(48),
      lotIds: [world.lotB.id],
      combinable: true,
      eligibility: 'everyone',
    })
    agency.assertStatus(201)
    assert.containSubset(agency.body(), { state: 'scheduled', lotIds: [world.lotB.id], allLots: false })

    // Another development's package is not in this development's list.
    await packageAt(await createDevelopment(), { name: 'Elsewhere' })

    const list = await client
      .get('/api/packages')
      .qs({
        filter: JSON.stringify({ developmentId: world.development.id }),
        range: '[0,0]',
        sort: '["validFrom","ASC"]',
      })
      .bearerToken(token)
    list.assertStatus(200)
    assert.equal(list.header('content-range'), 'packages 0-0/2')
    assert.deepEqual(
      list.body().map((pkg: { id: number }) => pkg.id),
      [earlyBird.body().id]
    )
    const scheduled = await client
      .get('/api/packages')
      .qs({ filter: JSON.stringify({ developmentId: world.development.id, state: 'scheduled' }) })
      .bearerToken(token)
    assert.deepEqual(
      scheduled.body().map((pkg: { id: number }) => pkg.id),
      [agency.body().id]
    )

    const shown = await client.get(`/api/packages/${agency.body().id}`).bearerToken(token)
    shown.assertStatus(200)
    assert.deepEqual(shown.body().lotIds, [world.lotB.id])

    // Not yet in force: its terms may change.
    const moved = await client
      .put(`/api/packages/${agency.body().id}`)
      .bearerToken(token)
      .json({
        name: 'Agency promotion RM8,000 off',
        kind: 'fixed',
        amountSen: 800_000,
        validFrom: inHours(2),
        validUntil: null,
        lotIds: [world.lotA.id, world.lotB.id],
        combinable: true,
        eligibility: 'everyone',
      })
    moved.assertStatus(200)
    assert.containSubset(moved.body(), { amountSen: 800_000, validUntil: null, lotIds: [world.lotA.id, world.lotB.id] })

    // In force: it stays as buyers were offered it; it can only be retired.
    const change = await client
      .put(`/api/packages/${earlyBird.body().id}`)
      .bearerToken(token)
      .json({ name: 'Early bird -9%', kind: 'percent', percentBp: 900, combinable: true, eligibility: 'everyone' })
    change.assertStatus(409)
    assert.equal((await db.from('price_packages').where('id', earlyBird.body().id).first()).percent_bp, 500)

    const retired = await client.post(`/api/packages/${earlyBird.body().id}/retire`).bearerToken(token)
    retired.assertStatus(200)
    assert.equal(retired.body().state, 'retired')
    ;(await client.post(`/api/packages/${earlyBird.body().id}/retire`).bearerToken(token)).assertStatus(409)
    ;(await client.get('/api/packages/999999').bearerToken(token)).assertStatus(404)

    const audit = await db
      .from('audit_entries')
      .where('subject_id', world.development.id)
      .where('subject_type', 'development')
      .whereIn('action', ['development.package_created', 'development.package_updated', 'development.package_retired'])
      .orderBy('id')
      .select('action', 'actor_id')
    assert.deepEqual(
      audit.map((entry) => entry.action),
      [
        'development.package_created',
        'development.package_created',
        'development.package_updated',
        'development.package_retired',
      ]
    )
    assert.equal(audit[0].actor_id, world.superAdmin.id)
  })

  test('agent admins and members are refused (403) and nothing is written', async ({ client, assert }) => {
    const world = await setup()
    const existing = await packageAt(world.development, {
      validFrom: DateTime.utc().plus({ days: 1 }).startOf('second'),
    })
    const body = {
      developmentId: world.development.id,
      name: 'Sneaky 50%',
      kind: 'percent',
      percentBp: 5000,
      combinable: true,
      eligibility: 'everyone',
    }
    for (const person of [world.agentA, world.memberA]) {
      const token = await bearerFor(client, person)
      ;(await create(client, token, body)).assertStatus(403)
      ;(await client.put(`/api/packages/${existing.id}`).bearerToken(token).json(body)).assertStatus(403)
      ;(await client.post(`/api/packages/${existing.id}/retire`).bearerToken(token)).assertStatus(403)
      ;(await client.get('/api/packages').bearerToken(token)).assertStatus(403)
      ;(await client.get(`/api/packages/${existing.id}`).bearerToken(token)).assertStatus(403)
    }
    assert.equal(await packageCount(), 1)
    const row = await db.from('price_packages').where('id', existing.id).first()
    assert.equal(row.name, 'Early bird 5%')
    assert.isNull(row.retired_at)
  })

  test('each bad input is a 422 naming its field, and nothing is written', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const foreignLot = await createLot(await createDevelopment(), { price: 100_000 })
    await packageAt(world.development, { name: 'Launch special', combinable: false }, [world.lotA])
    const base = {
      developmentId: world.development.id,
      name: 'Promotion',
      kind: 'percent',
      percentBp: 500,
      combinable: true,
      eligibility: 'everyone',
      lotIds: [world.lotB.id],
    }
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a negative amount', { kind: 'fixed', percentBp: null, amountSen: -100 }, 'amountSen'],
      ['a fractional amount', { kind: 'fixed', percentBp: null, amountSen: 100.5 }, 'amountSen'],
      ['a fixed amount without its amount', { kind: 'fixed', percentBp: null }, 'amountSen'],
      ['a fractional percentage', { percentBp: 12.5 }, 'percentBp'],
      ['a percentage over 100%', { percentBp: 10_001 }, 'percentBp'],
      ['a percentage of nothing', { percentBp: 0 }, 'percentBp'],
      // lotB is RM 400,000 in force.
      ['a fixed amount above the price of a lot', { kind: 'fixed', amountSen: 40_000_001 }, 'amountSen'],
      ['an end before the start', { validFrom: inHours(5), validUntil: inHours(4) }, 'validUntil'],
      ['a start in the past', { validFrom: DateTime.utc().minus({ hours: 1 }).toISO() }, 'validFrom'],
      ['a time without its zone', { validFrom: '2030-01-01T10:00:00' }, 'validFrom'],
      ['an unknown lot', { lotIds: [999_999] }, 'lotIds.0'],
      ["another development's lot", { lotIds: [world.lotB.id, foreignLot.id] }, 'lotIds.1'],
      ['a lot named twice', { lotIds: [world.lotB.id, world.lotB.id] }, 'lotIds.1'],
      ['no name', { name: '' }, 'name'],
      ['an unknown kind', { kind: 'free' }, 'kind'],
      ['an unknown eligibility', { eligibility: 'friends' }, 'eligibility'],
      ['an unknown development', { developmentId: 999_999 }, 'developmentId'],
      // "Launch special" may not combine and is in force on lotA from yesterday, open-ended.
      ['a window overlapping a package that may not combine', { lotIds: [world.lotA.id] }, 'validFrom'],
      ['one that may not combine, over all lots', { lotIds: null, combinable: false }, 'validFrom'],
    ]
    for (const [name, change, field] of cases) {
      const response = await create(client, token, { ...base, ...change })
      assert.equal(response.status(), 422, `${name}: ${response.text()}`)
      assert.equal(response.body().errors?.[0]?.field, field, name)
      assert.isString(response.body().message, name)
    }
    assert.equal(await packageCount(), 1)
    assert.equal(Number((await db.from('price_package_lots').count('* as total').first()).total), 1)

    // The same window on lots the other does not cover is fine; so is one after it ends.
    ;(await create(client, token, base)).assertStatus(201)
  })

  test('a window after a non-combinable one ends does not overlap it; a retired one no longer counts', async ({
    client,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const ending = await packageAt(world.development, {
      name: 'Launch week',
      combinable: false,
      validUntil: DateTime.utc().plus({ hours: 3 }).startOf('second'),
    })
    const body = {
      developmentId: world.development.id,
      name: 'After launch',
      kind: 'percent',
      percentBp: 300,
      combinable: true,
      eligibility: 'everyone',
    }
    ;(await create(client, token, { ...body, validFrom: inHours(2) })).assertStatus(422)
    ;(await create(client, token, { ...body, validFrom: ending.validUntil!.toISO() })).assertStatus(201)
    ;(await client.post(`/api/packages/${ending.id}/retire`).bearerToken(token)).assertStatus(200)
    ;(await create(client, token, { ...body, name: 'Now', combinable: false, validUntil: inHours(1) })).assertStatus(
      201
    )
  })
})

test.group('Inventory | packages: what a buyer is offered for a lot', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('packages in force for the lot and the buyer, their discounts stacked, the net price', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    await packageAt(world.development, { name: 'Early bird 5%', percentBp: 500 })
    await packageAt(world.development, { name: 'Bumiputera discount 7%', percentBp: 700, eligibility: 'bumiputera' })
    await packageAt(world.development, { name: 'Lot B only', kind: 'fixed', percentBp: null, amountSen: 1_000_000 }, [
      world.lotB,
    ])
    // Not offered: scheduled, ended, retired.
    await packageAt(world.development, { name: 'Later', validFrom: DateTime.utc().plus({ days: 1 }).startOf('second') })
    await packageAt(world.development, {
      name: 'Ended',
      validFrom: DateTime.utc().minus({ days: 9 }).startOf('second'),
      validUntil: DateTime.utc().minus({ days: 2 }).startOf('second'),
    })
    await packageAt(world.development, { name: 'Withdrawn', retiredAt: DateTime.utc().startOf('second') })

    const member = await client
      .get(`/api/lots/${world.lotA.id}/packages`)
      .bearerToken(await bearerFor(client, world.memberA))
    member.assertStatus(200)
    assert.deepEqual(
      member.body().packages.map((pkg: { name: string; discountSen: number }) => [pkg.name, pkg.discountSen]),
      [['Early bird 5%', 2_500_000]]
    )
    assert.deepEqual(member.body().offer.discountSen, 2_500_000)
    assert.deepEqual(member.body().offer.netPriceSen, 47_500_000)
    assert.equal(member.body().priceSen, 50_000_000)

    await User.query().where('id', world.memberA.id).update({ bumiputera_status: 'verified' })
    const verified = await client
      .get(`/api/lots/${world.lotB.id}/packages`)
      .bearerToken(await bearerFor(client, world.memberA))
    assert.deepEqual(
      verified.body().packages.map((pkg: { name: string }) => pkg.name),
      ['Early bird 5%', 'Bumiputera discount 7%', 'Lot B only']
    )
    // 5% and 7% of RM 400,000 and RM 10,000: RM 58,000 off.
    assert.deepEqual(verified.body().offer, {
      packageIds: verified.body().packages.map((pkg: { id: number }) => pkg.id),
      discountSen: 5_800_000,
      netPriceSen: 34_200_000,
    })
  })

  test('one that may not combine stands alone: the better for the buyer is offered', async ({ client, assert }) => {
    const world = await setup()
    // Left from before the overlap rule or made on disjoint lots since: both apply to lot A.
    await packageAt(world.development, { name: 'Small 2%', percentBp: 200 })
    await packageAt(world.development, { name: 'Small 3%', percentBp: 300 })
    const alone = await packageAt(world.development, { name: 'Big 8%', percentBp: 800, combinable: false }, [
      world.lotA,
    ])
    const response = await client
      .get(`/api/lots/${world.lotA.id}/packages`)
      .bearerToken(await bearerFor(client, world.memberA))
    assert.deepEqual(response.body().offer, { packageIds: [alone.id], discountSen: 4_000_000, netPriceSen: 46_000_000 })
    const other = await client
      .get(`/api/lots/${world.lotB.id}/packages`)
      .bearerToken(await bearerFor(client, world.memberA))
    assert.equal(other.body().offer.discountSen, 2_000_000)
  })

  test("an agent admin may ask for their client; nobody else for another person's", async ({ client, assert }) => {
    const world = await setup()
    await packageAt(world.development, { name: 'Bumiputera discount 7%', percentBp: 700, eligibility: 'bumiputera' })
    await User.query().where('id', world.memberA.id).update({ bumiputera_status: 'verified' })

    const forClient = await client
      .get(`/api/lots/${world.lotA.id}/packages`)
      .qs({ userId: world.memberA.id })
      .bearerToken(await bearerFor(client, world.agentA))
    forClient.assertStatus(200)
    assert.equal(forClient.body().offer.netPriceSen, 46_500_000)
    assert.equal(forClient.body().userId, world.memberA.id)

    const asAdmin = await client
      .get(`/api/lots/${world.lotA.id}/packages`)
      .qs({ userId: world.memberA.id })
      .bearerToken(await bearerFor(client, world.superAdmin))
    asAdmin.assertStatus(200)

    for (const [asker, about] of [
      [world.agentB, world.memberA],
      [world.memberB, world.memberA],
    ]) {
      const refused = await client
        .get(`/api/lots/${world.lotA.id}/packages`)
        .qs({ userId: about.id })
        .bearerToken(await bearerFor(client, asker))
      refused.assertStatus(403)
      assert.notProperty(refused.body(), 'packages')
    }
    ;(await client.get(`/api/lots/999999/packages`).bearerToken(await bearerFor(client, world.memberA))).assertStatus(
      404
    )
    ;(
      await client
        .get(`/api/lots/${world.lotA.id}/packages`)
        .qs({ userId: 'x' })
        .bearerToken(await bearerFor(client, world.memberA))
    ).assertStatus(422)
    ;(await client.get(`/api/lots/${world.lotA.id}/packages`)).assertStatus(401)
  })
})

/**
 * No global transaction: the requests really race on separate connections and commit. Everything the
 * test creates is removed afterwards.
 */
test.group('Inventory | packages under concurrency', () => {
  test('two packages that may not combine, made at once on the same lots: one is saved, no 5xx', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    const lot = await createLot(development, { price: 500_000 })
    const token = await bearerFor(client, admin)
    try {
      const responses = await Promise.all(
        Array.from({ length: 16 }, (_, index) =>
          create(client, token, {
            developmentId: development.id,
            name: `Launch special ${index}`,
            kind: 'percent',
            percentBp: 300 + index,
            combinable: false,
            eligibility: 'everyone',
          })
        )
      )
      const statuses = responses.map((response) => response.status())
      assert.equal(statuses.filter((status) => status === 201).length, 1, statuses.join(','))
      assert.isTrue(
        statuses.every((status) => status === 201 || status === 422),
        statuses.join(',')
      )
      assert.lengthOf(await db.from('price_packages').where('development_id', development.id), 1)
    } finally {
      await db.from('price_packages').where('development_id', development.id).delete()
      await db.from('audit_entries').where('subject_type', 'development').where('subject_id', development.id).delete()
      await db.from('auth_access_tokens').where('tokenable_id', admin.id).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', development.id).delete()
      await User.query().where('id', admin.id).delete()
    }
  }).timeout(60_000)
})
