import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { AgentProperty } from '#portfolio'
import { send } from '#tests/helpers/agencies'
import { createUser } from '#tests/helpers/identity'
import { type Actor, actorOf, createEntry, ownLot, portfolioWorld, type PortfolioWorld } from '#tests/helpers/portfolio'

type Listed = { id: number; displayName: string; status: string; source: string; shareCount: number }

const ONLY_AGENT_ADMINS = 'Access denied. Only agent admins can view properties.'
const days = (n: number) => DateTime.utc().minus({ days: n })

/**
 * Agent A's portfolio: three own entries, one entry a colleague shares with agency A, one the
 * colleague keeps to themselves, and agent B's entry.
 */
async function portfolio(world: PortfolioWorld) {
  const colleague = await createUser({ role: 'agent_admin', agencyId: world.agencyA.id, agencyStatus: 'approved' })
  const entries = {
    corner: await world.entry(
      world.agentA,
      'active',
      { displayName: 'Corner Lot Aero', lotNumber: 'MKS-01', price: 628_000, shareCount: 2, dateOwned: days(30) },
      { unitNumber: 'MKS-01', lotNumber: '1' }
    ),
    end: await world.entry(world.agentA, 'sold', {
      displayName: 'End Lot Beta',
      lotNumber: 'MKS-02',
      price: 538_000,
      shareCount: 9,
      dateOwned: days(5),
    }),
    middle: await world.entry(world.agentA, 'pending', {
      displayName: 'Intermediate Cedar',
      lotNumber: 'MKS-05',
      price: null,
      shareCount: 0,
      dateOwned: days(10),
    }),
    shared: await world.entry(colleague, 'active', {
      displayName: 'Agency Delta',
      lotNumber: 'MKS-09',
      price: 470_000,
      shareCount: 4,
      source: 'agency',
      dateOwned: days(1),
    }),
    colleagueOwn: await world.entry(colleague, 'active', {
      displayName: 'Colleague Private',
      lotNumber: 'MKS-10',
      shareCount: 50,
      source: 'own',
    }),
    agentBs: await world.entry(world.agentB, 'active', {
      displayName: 'Agency B Echo',
      lotNumber: 'MKS-11',
      shareCount: 70,
      source: 'agency',
    }),
  }
  return { colleague, corner: await entries.corner.related('lot').query().firstOrFail(), entries }
}

test.group('Portfolio | GET /api/agent-properties', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('own entries plus those the agency shares, newest first, with the summary cards', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const { entries, corner } = await portfolio(world)
    const response = await send(world.agentA, client.get('/api/agent-properties'))
    response.assertStatus(200)
    assert.isTrue(response.body().success)
    const properties: Listed[] = response.body().data.properties
    assert.deepEqual(
      properties.map((p) => p.displayName),
      ['Agency Delta', 'End Lot Beta', 'Intermediate Cedar', 'Corner Lot Aero']
    )
    assert.deepEqual(response.body().data.stats, {
      totalProperties: 4,
      activeProperties: 2,
      soldProperties: 1,
      totalShares: 15,
    })

    const shared = properties.find((p) => p.id === entries.shared.id)!
    assert.containSubset(shared, { source: 'agency', _id: entries.shared.id })
    const first = response.body().data.properties.find((p: Listed) => p.id === entries.corner.id)
    assert.containSubset(first, {
      status: 'active',
      source: 'own',
      shareCount: 2,
      lastShared: null,
      lot: { id: corner.id, unitNumber: 'MKS-01', lotNumber: '1' },
      propertyDetails: { lotNumber: 'MKS-01', price: 628_000, landArea: 186, landAreaSqft: 2002 },
      marketingInfo: { askingPrice: 628_000 },
      ownedBy: { name: world.agentA.name },
      heroImage: null,
      gallery: [],
    })
    assert.match(first.publicUrl, new RegExp(`/agent-properties/${entries.corner.id}$`))
  })

  test("agent B sees only agency B's entries", async ({ client, assert }) => {
    const world = await portfolioWorld()
    await portfolio(world)
    const response = await send(world.agentB, client.get('/api/agent-properties'))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().data.properties.map((p: Listed) => p.displayName),
      ['Agency B Echo']
    )
    assert.deepEqual(response.body().data.stats, {
      totalProperties: 1,
      activeProperties: 1,
      soldProperties: 0,
      totalShares: 70,
    })
  })

  test('sort {sort}: {expected}')
    .with([
      { sort: 'dateOwned', expected: ['Agency Delta', 'End Lot Beta', 'Intermediate Cedar', 'Corner Lot Aero'] },
      { sort: 'name', expected: ['Agency Delta', 'Corner Lot Aero', 'End Lot Beta', 'Intermediate Cedar'] },
      { sort: 'price', expected: ['Corner Lot Aero', 'End Lot Beta', 'Agency Delta', 'Intermediate Cedar'] },
      { sort: 'shares', expected: ['End Lot Beta', 'Agency Delta', 'Corner Lot Aero', 'Intermediate Cedar'] },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      await portfolio(world)
      const response = await send(world.agentA, client.get('/api/agent-properties').qs({ sort: row.sort }))
      response.assertStatus(200)
      assert.deepEqual(
        response.body().data.properties.map((p: Listed) => p.displayName),
        row.expected
      )
    })

  test('status {status}: {expected}; the cards still count the whole portfolio')
    .with([
      { status: 'all', expected: ['Agency Delta', 'End Lot Beta', 'Intermediate Cedar', 'Corner Lot Aero'] },
      { status: 'active', expected: ['Agency Delta', 'Corner Lot Aero'] },
      { status: 'sold', expected: ['End Lot Beta'] },
      { status: 'pending', expected: ['Intermediate Cedar'] },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      await portfolio(world)
      const response = await send(world.agentA, client.get('/api/agent-properties').qs({ status: row.status }))
      response.assertStatus(200)
      assert.deepEqual(
        response.body().data.properties.map((p: Listed) => p.displayName),
        row.expected
      )
      assert.equal(response.body().data.stats.totalProperties, 4)
    })

  test('search "{search}" finds {expected}')
    .with([
      { search: 'cedar', expected: ['Intermediate Cedar'] },
      { search: 'MKS-02', expected: ['End Lot Beta'] },
      { search: 'lot', expected: ['End Lot Beta', 'Corner Lot Aero'] },
      { search: 'Echo', expected: [] },
      { search: 'Private', expected: [] },
      { search: '%', expected: [] },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      await portfolio(world)
      const response = await send(world.agentA, client.get('/api/agent-properties').qs({ search: row.search }))
      response.assertStatus(200)
      assert.deepEqual(
        response.body().data.properties.map((p: Listed) => p.displayName),
        row.expected
      )
    })

  test("search by the lot's own number, with status and sort together", async ({ client, assert }) => {
    const world = await portfolioWorld()
    const { entries } = await portfolio(world)
    await entries.corner.merge({ lotNumber: null }).save()
    const response = await send(
      world.agentA,
      client.get('/api/agent-properties').qs({ search: 'MKS-01', status: 'active', sort: 'name' })
    )
    assert.deepEqual(
      response.body().data.properties.map((p: Listed) => p.displayName),
      ['Corner Lot Aero']
    )
  })

  test('statuses follow the bookings as they are decided: approved is active, sold is sold, rejected is pending', async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const decide = async (bookingId: number, status: string) =>
      (
        await send(world.superAdmin, client.put(`/api/bookings/${bookingId}/status-update`).json({ status }))
      ).assertStatus(200)
    const pendingAdmin = async () => {
      const lot = await world.lot()
      const booking = await ownLot(world.agentA, lot, 'pending_admin')
      await createEntry(world.agentA, lot, { bookingId: booking.id, status: 'pending' })
      return booking
    }
    const read = async () => (await send(world.agentA, client.get('/api/agent-properties'))).body().data
    const statusOf = async (bookingId: number) =>
      (await AgentProperty.query().where('booking_id', bookingId).firstOrFail()).status

    const sold = await pendingAdmin()
    await decide(sold.id, 'booked')
    assert.equal(await statusOf(sold.id), 'active')
    await decide(sold.id, 'sold')
    assert.equal(await statusOf(sold.id), 'sold')

    const rejected = await pendingAdmin()
    await decide(rejected.id, 'booked')
    await decide(rejected.id, 'reject')
    assert.equal(await statusOf(rejected.id), 'pending')

    const page = await read()
    assert.deepEqual([page.stats.activeProperties, page.stats.soldProperties], [0, 1])
  })

  test('reading the portfolio writes nothing', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const lot = await world.lot()
    const booking = await ownLot(world.agentA, lot, 'approved')
    // A stale entry (as if written behind the workflow's back) stays as it is: reads do not repair.
    const entry = await createEntry(world.agentA, lot, { bookingId: booking.id, status: 'pending' })
    const page = await send(world.agentA, client.get('/api/agent-properties'))
    assert.equal(page.body().data.properties[0].status, 'pending')
    await entry.refresh()
    assert.equal(entry.status, 'pending')
  })

  test('an empty portfolio: no properties, zero cards', async ({ client }) => {
    const world = await portfolioWorld()
    const response = await send(world.agentA, client.get('/api/agent-properties'))
    response.assertStatus(200)
    response.assertBody({
      success: true,
      data: { properties: [], stats: { totalProperties: 0, activeProperties: 0, soldProperties: 0, totalShares: 0 } },
    })
  })

  test('{field}={value}: 422')
    .with([
      { field: 'sort', value: 'random' },
      { field: 'status', value: 'archived' },
      { field: 'search', value: 'x'.repeat(101) },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      const response = await send(world.agentA, client.get('/api/agent-properties').qs({ [row.field]: row.value }))
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, row.field)
    })

  test('{$self}: 403 "Access denied. Only agent admins can view properties."')
    .with(['plainUser', 'pendingUser', 'memberA', 'memberB', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await portfolioWorld()
      await portfolio(world)
      const response = await send(actorOf(world, name), client.get('/api/agent-properties'))
      response.assertStatus(403)
      response.assertBody({ message: ONLY_AGENT_ADMINS })
    })

  test('anonymous: 401', async ({ client }) => {
    ;(await client.get('/api/agent-properties')).assertStatus(401)
  })
})
