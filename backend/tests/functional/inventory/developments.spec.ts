import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

async function hubWithLots() {
  const hub = await createDevelopment({
    slug: 'aeroindustrial',
    name: 'Aero Industrial Hub',
    phase: 4,
    launchYear: 2024,
  })
  await createLot(hub, { lotNumber: '1', status: 'available' })
  await createLot(hub, { lotNumber: '2', status: 'sold' })
  await createLot(hub, { lotNumber: '3', status: 'available' })
  return hub
}

test.group('Inventory | a development and its figures', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the figures are counted from the inventory, so an added lot counts at once', async ({ client, assert }) => {
    const hub = await hubWithLots()
    const before = await client.get('/api/properties/aeroindustrial')
    before.assertStatus(200)
    assert.containSubset(before.body(), {
      id: hub.id,
      _id: hub.id,
      slug: 'aeroindustrial',
      phase: 4,
      launchYear: 2024,
      totalUnits: 3,
      availableCount: 2,
    })
    assert.notExists(before.headers()['set-cookie'], 'public reads set no cookies')

    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    ;(
      await client
        .post('/api/lots')
        .bearerToken(token)
        .json({ propertyId: hub.id, lotNumber: '25', type: 'Warehouse', status: 'available' })
    ).assertStatus(201)

    const after = await client.get(`/api/properties/${hub.id}`)
    assert.containSubset(after.body(), { slug: 'aeroindustrial', totalUnits: 4, availableCount: 3 })
  })

  test('the list of developments carries the same counted figures', async ({ client, assert }) => {
    const hub = await hubWithLots()
    const empty = await createDevelopment({ slug: 'no-lots-yet' })
    const response = await client.get('/api/properties')
    response.assertStatus(200)
    const bySlug = new Map(response.body().map((d: { slug: string }) => [d.slug, d]))
    assert.containSubset(bySlug.get(hub.slug), { totalUnits: 3, availableCount: 2 })
    assert.containSubset(bySlug.get(empty.slug), { totalUnits: 0, availableCount: 0 })
  })

  test('an unknown or inactive development is a 404 with a clear message', async ({ client }) => {
    await createDevelopment({ slug: 'retired', isActive: false })
    for (const key of ['nowhere', 'retired', '999999']) {
      const response = await client.get(`/api/properties/${key}`)
      response.assertStatus(404)
      response.assertBody({ message: 'Property not found' })
    }
  })
})
