import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

/**
 * Corner lots of the hub, created out of order. MKS-2 and MKS-02 are the same number: they
 * keep the order they were created in (id).
 */
async function numberedHub() {
  const hub = await createDevelopment({ slug: 'aeroindustrial', name: 'Aero Industrial Hub' })
  const corner = { type: 'CORNER (A)', typeCode: 'A' as const }
  const lots = [
    await createLot(hub, { ...corner, unitNumber: 'MKS-10', lotNumber: '10' }),
    await createLot(hub, { ...corner, unitNumber: 'MKS-2', lotNumber: '2', status: 'sold' }),
    await createLot(hub, { ...corner, unitNumber: 'MKS-02', lotNumber: '02' }),
    await createLot(hub, { ...corner, unitNumber: 'A-10', lotNumber: 'A10' }),
    await createLot(hub, { ...corner, unitNumber: 'MKS-1', lotNumber: '1' }),
    await createLot(hub, { ...corner, unitNumber: 'A-9', lotNumber: 'A9' }),
  ]
  return { hub, lots }
}

const NATURAL = ['A-9', 'A-10', 'MKS-1', 'MKS-2', 'MKS-02', 'MKS-10']

const unitNumbers = (body: Array<{ unitNumber: string | null }>) => body.map((lot) => lot.unitNumber)

test.group('Inventory | unit and lot numbers in natural order', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the hub and the lot-type page list MKS-2 before MKS-10', async ({ client, assert }) => {
    await numberedHub()
    const hub = await client.get('/api/lots/public')
    hub.assertStatus(200)
    assert.deepEqual(unitNumbers(hub.body()), NATURAL)

    const corners = await client.get('/api/properties/aeroindustrial/lots/A')
    corners.assertStatus(200)
    assert.deepEqual(unitNumbers(corners.body().lots), NATURAL)
  })

  test('the signed-in lots list sorts by unit number and by lot number naturally, both ways, paged', async ({
    client,
    assert,
  }) => {
    const { hub } = await numberedHub()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const list = async (sort: [string, string], range = '[0,24]') => {
      const response = await client
        .get('/api/lots')
        .qs({ filter: JSON.stringify({ propertyId: hub.id }), sort: JSON.stringify(sort), range })
        .bearerToken(token)
      response.assertStatus(200)
      return response
    }

    assert.deepEqual(unitNumbers((await list(['unitNumber', 'ASC'])).body()), NATURAL)
    // Equal numbers follow the direction's id order too.
    assert.deepEqual(unitNumbers((await list(['unitNumber', 'DESC'])).body()), [
      'MKS-10',
      'MKS-02',
      'MKS-2',
      'MKS-1',
      'A-10',
      'A-9',
    ])
    const byLotNumber = (await list(['lotNumber', 'ASC'])).body().map((lot: { lotNumber: string }) => lot.lotNumber)
    assert.deepEqual(byLotNumber, ['1', '2', '02', '10', 'A9', 'A10'])

    const secondPage = await list(['unitNumber', 'ASC'], '[2,3]')
    assert.deepEqual(unitNumbers(secondPage.body()), ['MKS-1', 'MKS-2'])
    assert.equal(secondPage.headers()['content-range'], 'lots 2-3/6')
  })

  test('the create-booking picker gets the available lots by lot number, the units by number', async ({
    client,
    assert,
  }) => {
    const { hub } = await numberedHub()
    const units = [
      await createLot(hub, { kind: 'unit', lotNumber: 'U-10', unitNumber: 'U-10' }),
      await createLot(hub, { kind: 'unit', lotNumber: 'U-9', unitNumber: 'U-9' }),
      await createLot(hub, { kind: 'unit', lotNumber: 'U-1', unitNumber: 'U-1' }),
    ]
    const agent = await createUser({ role: 'agent_admin' })
    const lots = await client
      .get('/api/lots')
      .qs({ propertyId: hub.id, kind: 'lot', sort: JSON.stringify(['lotNumber', 'ASC']), range: '[0,99]' })
      .bearerToken(await bearerFor(client, agent))
    lots.assertStatus(200)
    // MKS-2 is sold: only available lots are offered.
    assert.deepEqual(unitNumbers(lots.body()), ['MKS-1', 'MKS-02', 'MKS-10', 'A-9', 'A-10'])

    const offered = await client.get(`/api/public/properties/${hub.id}/units`)
    assert.deepEqual(
      offered.body().map((unit: { id: number }) => unit.id),
      [units[2].id, units[1].id, units[0].id]
    )
  })

  test('a number changed or created by the super admin takes its natural place', async ({ client, assert }) => {
    const { hub, lots } = await numberedHub()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    ;(await client.put(`/api/lots/${lots[0].id}`).bearerToken(token).json({ unitNumber: 'MKS-3' })).assertStatus(200)
    const created = await client.post('/api/lots').bearerToken(token).json({
      propertyId: hub.id,
      lotNumber: '9',
      unitNumber: 'MKS-9',
      type: 'CORNER (A)',
      typeCode: 'A',
      status: 'available',
    })
    created.assertStatus(201)

    const hubList = await client.get('/api/lots/public')
    assert.deepEqual(unitNumbers(hubList.body()), ['A-9', 'A-10', 'MKS-1', 'MKS-2', 'MKS-02', 'MKS-3', 'MKS-9'])
  })
})
