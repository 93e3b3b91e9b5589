import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { Lot } from '#inventory'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

async function hubWorld() {
  const hub = await createDevelopment({ slug: 'aeroindustrial', name: 'Aero Industrial Hub' })
  const corner = await createLot(hub, {
    unitNumber: 'MKS-01',
    lotNumber: '1',
    type: 'CORNER (A)',
    typeCode: 'A',
    landSizeSqm: 201,
    price: 628_000,
  })
  const middle = await createLot(hub, { unitNumber: 'MKS-05', lotNumber: '5', price: 455_000 })
  const endLot = await createLot(hub, {
    unitNumber: 'MKS-02',
    lotNumber: '2',
    type: 'END LOT (C)',
    typeCode: 'C',
    price: 538_000,
    status: 'sold',
  })
  const reserved = await createLot(hub, { unitNumber: 'MKS-03', lotNumber: '3', price: 470_000, status: 'reserved' })
  const elsewhere = await createDevelopment({ slug: 'elsewhere', location: 'Ipoh, Perak' })
  const outside = await createLot(elsewhere, {
    unitNumber: 'IPH-1',
    title: 'Lot 7',
    name: 'Ipoh unit',
    location: 'Ipoh, Perak',
    category: 'factory',
  })
  return { hub, corner, middle, endLot, reserved, outside }
}

test.group('Inventory | public hub and lot-type pages', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the hub lists its lots whatever the status, by unit number, with areas and whole RM', async ({
    client,
    assert,
  }) => {
    const world = await hubWorld()
    const response = await client.get('/api/lots/public')
    response.assertStatus(200)
    const units = response.body().map((lot: { unitNumber: string }) => lot.unitNumber)
    assert.deepEqual(units, ['MKS-01', 'MKS-02', 'MKS-03', 'MKS-05'])
    assert.notInclude(units, world.outside.unitNumber!)
    const corner = response.body()[0]
    assert.containSubset(corner, {
      _id: world.corner.id,
      landSize: 201,
      landAreaSqft: 2164,
      price: 628000,
      status: 'available',
    })
    assert.notExists(response.headers()['set-cookie'], 'public reads set no cookies')
  })

  test('filters by type, status and price band in the query', async ({ client, assert }) => {
    await hubWorld()
    const units = async (qs: Record<string, string>) =>
      (await client.get('/api/lots/public').qs(qs)).body().map((lot: { unitNumber: string }) => lot.unitNumber)
    assert.deepEqual(await units({ type: 'A' }), ['MKS-01'])
    assert.deepEqual(await units({ status: 'available' }), ['MKS-01', 'MKS-05'])
    assert.deepEqual(await units({ priceBand: '400000-500000' }), ['MKS-03', 'MKS-05'])
    assert.deepEqual(await units({ priceBand: '500000-600000' }), ['MKS-02'])
    assert.deepEqual(await units({ priceBand: '600000+' }), ['MKS-01'])
    assert.deepEqual(await units({ minPrice: '460,000', maxPrice: 'RM 540,000' }), ['MKS-02', 'MKS-03'])
  })

  test('bad filters are a 422, not a crash', async ({ client }) => {
    ;(await client.get('/api/lots/public').qs({ type: 'Z' })).assertStatus(422)
    ;(await client.get('/api/lots/public').qs({ status: 'gone' })).assertStatus(422)
    ;(await client.get('/api/lots/public').qs({ priceBand: 'cheap' })).assertStatus(422)
    ;(await client.get('/api/lots/public').qs({ minPrice: 'abc' })).assertStatus(422)
  })

  test('a lot-type page has its lots and the availability overview', async ({ client, assert }) => {
    await hubWorld()
    const response = await client.get('/api/properties/aeroindustrial/lots/b')
    response.assertStatus(200)
    assert.equal(response.body().typeId, 'B')
    assert.equal(response.body().type, 'INTERMEDIATE (B)')
    assert.deepEqual(response.body().availability, {
      available: 1,
      reserved: 1,
      booked: 0,
      sold: 0,
      locked: 0,
      total: 2,
      percentageAvailable: 50,
    })
    assert.deepEqual(
      response.body().lots.map((lot: { unitNumber: string }) => lot.unitNumber),
      ['MKS-03', 'MKS-05']
    )
  })

  test('an unknown type is a 404 with a clear message', async ({ client }) => {
    await hubWorld()
    const response = await client.get('/api/properties/aeroindustrial/lots/D')
    response.assertStatus(404)
    response.assertBody({ message: 'Unknown lot type "D". Use A, B or C.' })
  })

  test('a lot, the developments and their units are public', async ({ client, assert }) => {
    const world = await hubWorld()
    const unit = await createLot(world.hub, { kind: 'unit', lotNumber: 'U-1', unitNumber: 'U-1' })
    ;(await client.get(`/api/lots/${world.corner.id}`)).assertBodyContains({ unitNumber: 'MKS-01' })
    ;(await client.get('/api/lots/999999')).assertStatus(404)
    const developments = await client.get('/api/properties')
    assert.includeMembers(
      developments.body().map((d: { slug: string }) => d.slug),
      ['aeroindustrial', 'elsewhere']
    )
    const units = await client.get(`/api/public/properties/${world.hub.id}/units`)
    assert.deepEqual(
      units.body().map((u: { id: number }) => u.id),
      [unit.id]
    )
  })
})

test.group('Inventory | signed-in lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('users see only available lots; super admins and admins see all', async ({ client, assert }) => {
    const world = await hubWorld()
    const user = await createUser()
    const asUser = await client
      .get('/api/lots')
      .qs({ filter: JSON.stringify({ propertyId: world.hub.id }) })
      .bearerToken(await bearerFor(client, user))
    asUser.assertStatus(200)
    assert.sameMembers(
      asUser.body().map((lot: { status: string }) => lot.status),
      ['available', 'available']
    )

    for (const role of ['super_admin', 'admin'] as const) {
      const adminUser = await createUser({ role })
      const asAdmin = await client
        .get('/api/lots')
        .qs({
          filter: JSON.stringify({ propertyId: world.hub.id }),
          sort: JSON.stringify(['price', 'DESC']),
          range: '[0,1]',
        })
        .bearerToken(await bearerFor(client, adminUser))
      assert.deepEqual(
        asAdmin.body().map((lot: { unitNumber: string }) => lot.unitNumber),
        ['MKS-01', 'MKS-02']
      )
      assert.equal(asAdmin.headers()['content-range'], 'lots 0-1/4')
    }
  })

  test('GET /api/lots?propertyId= serves the booking form; anonymous is 401', async ({ client, assert }) => {
    const world = await hubWorld()
    const user = await createUser()
    const response = await client
      .get('/api/lots')
      .qs({ propertyId: world.hub.id })
      .bearerToken(await bearerFor(client, user))
    assert.sameMembers(
      response.body().map((lot: { id: number }) => lot.id),
      [world.corner.id, world.middle.id]
    )
    ;(await client.get('/api/lots')).assertStatus(401)
  })
})

test.group('Inventory | super admin edits', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the shop-lot edit saves every field; numbers may carry commas', async ({ client, assert }) => {
    const world = await hubWorld()
    const admin = await createUser({ role: 'super_admin' })
    const response = await client
      .put(`/api/lots/${world.middle.id}`)
      .bearerToken(await bearerFor(client, admin))
      .json({
        unitNumber: 'MKS-05A',
        type: 'INTERMEDIATE (B)',
        builtUpArea: '250',
        landAreaSqft: '2,002',
        price: '475,000',
        spaPrice: 'RM 475,000',
        status: 'locked',
        title: 'PT 54999',
      })
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      unitNumber: 'MKS-05A',
      builtUpArea: 250,
      price: 475000,
      status: 'locked',
      title: 'PT 54999',
      landAreaSqft: 2002,
    })
    const stored = await Lot.findOrFail(world.middle.id)
    assert.closeTo(stored.landSizeSqm!, 186, 0.01)
  })

  test('{$self}: the numeric checks of the edit form')
    .with(['builtUpArea', 'landAreaSqft', 'price'])
    .run(async ({ client, assert }, field) => {
      const world = await hubWorld()
      const admin = await createUser({ role: 'super_admin' })
      const response = await client
        .put(`/api/lots/${world.middle.id}`)
        .bearerToken(await bearerFor(client, admin))
        .json({ [field]: 'lots' })
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, field)
      assert.match(response.body().errors[0].message, /must be a number/)
      assert.equal((await Lot.findOrFail(world.middle.id)).price, 455_000)
    })

  test('{$self} cannot create, edit or delete lots')
    .with(['user', 'agent_admin'] as const)
    .run(async ({ client, assert }, role) => {
      const world = await hubWorld()
      const token = await bearerFor(client, await createUser({ role }))
      ;(await client.put(`/api/lots/${world.middle.id}`).bearerToken(token).json({ price: 1 })).assertStatus(403)
      ;(
        await client.post('/api/lots').bearerToken(token).json({ lotNumber: 'X', type: 'Factory', status: 'available' })
      ).assertStatus(403)
      ;(await client.delete(`/api/lots/${world.middle.id}`).bearerToken(token)).assertStatus(403)
      assert.equal((await Lot.findOrFail(world.middle.id)).price, 455_000)
    })

  test('creates a lot for real, with the admin lot form rules', async ({ client, assert }) => {
    const world = await hubWorld()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const missing = await client.post('/api/lots').bearerToken(token).json({})
    missing.assertStatus(422)
    assert.includeMembers(
      missing.body().errors.map((e: { message: string }) => e.message),
      ['Lot number is required', 'Type is required', 'Status is required']
    )

    const created = await client.post('/api/lots').bearerToken(token).json({
      propertyId: world.hub.id,
      lotNumber: '25',
      type: 'Warehouse',
      size: '300',
      price: '1,200,000',
      status: 'available',
      description: 'New warehouse lot',
    })
    created.assertStatus(201)
    assert.containSubset(created.body(), {
      lotNumber: '25',
      type: 'Warehouse',
      size: 300,
      price: 1200000,
      status: 'available',
    })

    const duplicate = await client
      .post('/api/lots')
      .bearerToken(token)
      .json({ propertyId: world.hub.id, lotNumber: '25', type: 'Warehouse', status: 'available' })
    duplicate.assertStatus(422)
    assert.equal(duplicate.body().message, 'A lot with this number already exists in this development.')
  })

  test("a lot's type is one of the closed list, on create and on edit", async ({ client, assert }) => {
    const world = await hubWorld()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const message = 'Type must be one of CORNER (A), INTERMEDIATE (B), END LOT (C), Factory, Warehouse, Office, Retail'

    const created = await client
      .post('/api/lots')
      .bearerToken(token)
      .json({ propertyId: world.hub.id, lotNumber: '26', type: 'Custom Type', status: 'available' })
    created.assertStatus(422)
    assert.deepEqual(created.body().errors, [{ field: 'type', message }])
    assert.isNull(await Lot.query().where('development_id', world.hub.id).where('lot_number', '26').first())

    const edited = await client.put(`/api/lots/${world.middle.id}`).bearerToken(token).json({ type: 'Custom Type' })
    edited.assertStatus(422)
    assert.deepEqual(edited.body().errors, [{ field: 'type', message }])
    assert.equal((await Lot.findOrFail(world.middle.id)).type, 'INTERMEDIATE (B)')

    for (const type of ['CORNER (A)', 'INTERMEDIATE (B)', 'END LOT (C)', 'Factory', 'Warehouse', 'Office', 'Retail']) {
      ;(await client.put(`/api/lots/${world.middle.id}`).bearerToken(token).json({ type })).assertStatus(200)
      assert.equal((await Lot.findOrFail(world.middle.id)).type, type)
    }
  })

  test('deletes a lot without bookings; an unknown lot is 404', async ({ client, assert }) => {
    const world = await hubWorld()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    ;(await client.delete(`/api/lots/${world.middle.id}`).bearerToken(token)).assertStatus(200)
    assert.isNull(await Lot.find(world.middle.id))
    ;(await client.delete('/api/lots/999999').bearerToken(token)).assertStatus(404)
  })
})
