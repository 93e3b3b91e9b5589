import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { Agency } from '#agencies'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import DemoSeeder from '../../../../database/seeders/demo_seeder.ts'
import { naturalSortKey } from '../../../../database/natural_sort.ts'

async function countRows(table: string, where: Record<string, unknown> = {}) {
  const [row] = await db.from(table).where(where).count('* as total')
  return Number(row.total)
}

async function login(client: ApiClient, email: string) {
  const response = await client.post('/api/auth/login').json({ email, password: 'Demo@2024' })
  response.assertStatus(200)
  return response.body().token as string
}

test.group('Operators | demo data', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake('public')
    return () => drive.restore('public')
  })

  test('builds the spec world, and a second run adds nothing', async ({ assert }) => {
    await new DemoSeeder(db.connection()).run()
    const first = {
      agencies: await countRows('agencies'),
      developments: await countRows('developments'),
      lots: await countRows('lots'),
      users: await countRows('users'),
      requests: await countRows('agency_membership_requests'),
      bookings: await countRows('bookings'),
      catalogue: await countRows('agent_properties'),
      images: await countRows('agent_property_images'),
    }
    assert.deepEqual(first, {
      agencies: 5,
      developments: 2,
      lots: 24,
      users: 5,
      requests: 2,
      bookings: 7,
      catalogue: 2,
      images: 3,
    })

    await new DemoSeeder(db.connection()).run()
    assert.deepEqual(
      {
        agencies: await countRows('agencies'),
        developments: await countRows('developments'),
        lots: await countRows('lots'),
        users: await countRows('users'),
        requests: await countRows('agency_membership_requests'),
        bookings: await countRows('bookings'),
        catalogue: await countRows('agent_properties'),
        images: await countRows('agent_property_images'),
      },
      first
    )
  })

  test('every lot that is not available is held by a booking, and each booking has its history', async ({ assert }) => {
    await new DemoSeeder(db.connection()).run()
    const held = await db.from('lots').whereNotIn('status', ['available', 'locked']).select('id')
    const claimed = await db.from('bookings').whereNotNull('active_lot_id').select('active_lot_id')
    assert.sameMembers(
      claimed.map((row) => row.active_lot_id),
      held.map((row) => row.id)
    )
    for (const booking of await db.from('bookings')) {
      const last = await db.from('booking_status_history').where('booking_id', booking.id).orderBy('id', 'desc').first()
      assert.equal(last.to_status, booking.status)
    }
  })

  test('the 24 Phase-4 shop lots follow the spec', async ({ assert }) => {
    await new DemoSeeder(db.connection()).run()
    const lots = await db.from('lots').orderBy('unit_number')
    assert.lengthOf(lots, 24)
    for (const lot of lots) {
      assert.match(lot.unit_number, /^MKS-\d{2}$/)
      assert.match(lot.title, /^PT 54/)
      assert.equal(Number(lot.phase), 4)
      assert.equal(Number(lot.land_size_sqm), lot.type_code === 'A' ? 201 : 186)
      // The lists sort by these keys: seeded lots carry them as the model writes them.
      assert.equal(lot.unit_number_sort, naturalSortKey(lot.unit_number))
      assert.equal(lot.lot_number_sort, naturalSortKey(lot.lot_number))
    }
    const codes = new Set(lots.map((lot) => lot.type_code))
    assert.deepEqual([...codes].sort(), ['A', 'B', 'C'])
    const prices = lots.map((lot) => Number(lot.price))
    assert.isTrue(prices.some((p) => p >= 400_000 && p < 500_000))
    assert.isTrue(prices.some((p) => p >= 500_000 && p < 600_000))
    assert.isTrue(prices.some((p) => p >= 600_000))
    const statuses = new Set(lots.map((lot) => lot.status))
    assert.includeMembers([...statuses], ['available', 'reserved', 'booked', 'sold'])
  })

  test('each development has a 30% Bumiputera quota, quota lots on sale to nobody yet, and its 7% discount on them', async ({
    client,
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()
    await new DemoSeeder(db.connection()).run()
    const developments = await db.from('developments').orderBy('id')
    assert.deepEqual(
      developments.map((development) => Number(development.bumiputera_quota_percent)),
      [30, 30]
    )
    const hub = developments.find((development) => development.slug === 'aeroindustrial')
    const quotaLots = await db
      .from('lots')
      .where({ development_id: hub.id, is_bumiputera_lot: true })
      .orderBy('unit_number')
      .select('id', 'unit_number', 'status', 'bumi_released_at')
    // 30% of 24 lots, rounded up; available and booked by nobody (no demo buyer is a verified Bumiputera).
    assert.deepEqual(
      quotaLots.map((lot) => lot.unit_number),
      ['MKS-06', 'MKS-08']
    )
    assert.isTrue(quotaLots.every((lot) => lot.status === 'available' && lot.bumi_released_at === null))
    assert.lengthOf(
      await db.from('bookings').whereIn(
        'lot_id',
        quotaLots.map((lot) => lot.id)
      ),
      0
    )

    const packages = await db.from('price_packages').orderBy('development_id')
    assert.deepEqual(
      packages.map((row) => [row.development_id, row.name, row.kind, Number(row.percent_bp), row.eligibility]),
      developments.map((development) => [development.id, 'Bumiputera discount 7%', 'percent', 700, 'bumiputera'])
    )
    assert.isTrue(packages.every((row) => !row.all_lots && row.retired_at === null))
    const hubPackage = packages.find((row) => row.development_id === hub.id)
    assert.sameMembers(
      (await db.from('price_package_lots').where('package_id', hubPackage.id)).map((row) => row.lot_id),
      quotaLots.map((lot) => lot.id)
    )

    // The public read says which lots are reserved (what the journeys' lot pickers read).
    const publicLots = (await client.get('/api/lots/public')).body() as Array<{
      unitNumber: string
      bumiputeraReserved: boolean
    }>
    assert.sameMembers(
      publicLots.filter((lot) => lot.bumiputeraReserved).map((lot) => lot.unitNumber),
      quotaLots.map((lot) => lot.unit_number)
    )

    // The quota fill as the super admins read it.
    const admin = await login(client, 'admin@aero-demo.my')
    const fill = await client.get(`/api/developments/${hub.id}/bumiputera-quota`).bearerToken(admin)
    fill.assertStatus(200)
    assert.containSubset(fill.body(), {
      developmentId: hub.id,
      required: { percent: 30, lots: 8 },
      totalLots: 24,
      quotaLots: 2,
      shortOfRequired: 6,
      booked: 0,
      sold: 0,
      available: 2,
      released: 0,
    })
  })

  test("the demo agent admin's catalogue: MKS-18 active and shared with the agency, MKS-03 sold, pictures on the public disk", async ({
    client,
    assert,
  }) => {
    await new DemoSeeder(db.connection()).run()
    const agent = await login(client, 'agent@aero-demo.my')
    const portfolio = await client.get('/api/agent-properties').bearerToken(agent).qs({ sort: 'name' })
    portfolio.assertStatus(200)
    const [sold, active] = portfolio.body().data.properties
    assert.containSubset(active, {
      displayName: 'Aero Industrial Hub Shop Lot MKS-18',
      status: 'active',
      source: 'agency',
      lot: { unitNumber: 'MKS-18' },
    })
    assert.containSubset(sold, {
      displayName: 'Aero Industrial Hub Shop Lot MKS-03',
      status: 'sold',
      source: 'own',
      gallery: [],
    })
    assert.lengthOf(active.gallery, 1)
    assert.deepEqual(portfolio.body().data.stats, {
      totalProperties: 2,
      activeProperties: 1,
      soldProperties: 1,
      totalShares: 0,
    })

    for (const url of [active.heroImage.card, active.heroImage.large, active.gallery[0].card, sold.heroImage.card]) {
      const image = await client.get(url)
      image.assertStatus(200)
      assert.equal(image.headers()['content-type'], 'image/webp')
    }
    const page = await client.get(`/api/agent-properties/${active.id}/public`)
    assert.containSubset(page.body(), {
      name: 'Aero Industrial Hub Shop Lot MKS-18',
      price: active.marketingInfo.askingPrice,
      location: 'Nilai, Negeri Sembilan',
    })
    const agency = await client.get(`/api/agent-properties/agency/${active.agencyId}/public`)
    assert.deepEqual(
      agency.body().properties.map((p: { id: number }) => p.id),
      [active.id]
    )

    const member = await login(client, 'member@aero-demo.my')
    const shared = await client.get(`/api/agent-properties/agency/${active.agencyId}`).bearerToken(member)
    assert.deepEqual(
      shared.body().data.map((p: { id: number }) => p.id),
      [active.id]
    )
  })

  test('one demo account per role signs in with the documented password', async ({ client, assert }) => {
    await new DemoSeeder(db.connection()).run()
    const expected = {
      'admin@aero-demo.my': { role: 'super_admin', agencyStatus: 'none' },
      'agent@aero-demo.my': { role: 'agent_admin', agencyStatus: 'approved' },
      'member@aero-demo.my': { role: 'user', agencyStatus: 'approved' },
      'pending@aero-demo.my': { role: 'user', agencyStatus: 'pending' },
      'user@aero-demo.my': { role: 'user', agencyStatus: 'none' },
    }
    for (const [email, shape] of Object.entries(expected)) {
      const response = await client.post('/api/auth/login').json({ email, password: 'Demo@2024' })
      response.assertStatus(200)
      assert.containSubset(response.body().user, { email, ...shape })
    }
  })
})

test.group('Operators | users:create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates an agent admin inside an agency', async ({ assert }) => {
    const agency = await Agency.create({ name: 'Command Realty', contactEmail: 'c@realty.example', isActive: true })
    const command = await ace.exec('users:create', [
      '--role=agent_admin',
      '--email=Agent.Cmd@Example.my',
      '--password=secret1',
      '--name=Command Agent',
      '--agency=Command Realty',
    ])
    command.assertSucceeded()

    const user = await User.findByOrFail('email', 'agent.cmd@example.my')
    assert.equal(user.role, 'agent_admin')
    assert.equal(user.agencyId, agency.id)
    assert.equal(user.agencyStatus, 'approved')
    assert.notEqual(user.password, 'secret1')
  })

  test('refuses an unknown role, a short password, a duplicate email and an unknown agency', async ({ assert }) => {
    const cases = [
      ['--role=owner', '--email=a@example.my', '--password=secret1', '--name=Some One'],
      ['--role=user', '--email=b@example.my', '--password=123', '--name=Some One'],
      ['--role=user', '--email=c@example.my', '--password=secret1', '--name=Some One', '--agency=Nowhere'],
    ]
    for (const args of cases) {
      const command = await ace.exec('users:create', args)
      command.assertFailed()
    }
    await User.create({
      name: 'First',
      email: 'dup@example.my',
      password: 'secret1',
      role: 'user',
      position: 'Member',
      agencyStatus: 'none',
    })
    const duplicate = await ace.exec('users:create', ['--email=dup@example.my', '--password=secret1', '--name=Second'])
    duplicate.assertFailed()
    assert.equal(await countRows('users', { email: 'dup@example.my' }), 1)
    assert.equal(await countRows('users', { email: 'a@example.my' }), 0)
  })
})
