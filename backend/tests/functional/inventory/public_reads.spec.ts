import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { dropPublicLotReads } from '#inventory'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

test.group('Inventory | the visitors lot reads are shared and never stale in availability', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(async () => {
    await dropPublicLotReads()
    env.set('PUBLIC_READS_TTL_MS', '60000')
    return () => env.set('PUBLIC_READS_TTL_MS', '0')
  })

  test('a repeated read is served from the shared answer; a committed status change drops it at once', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ slug: 'aeroindustrial' })
    const lot = await createLot(development, { typeCode: 'A', type: 'CORNER (A)' })
    const statusIn = async (path: string) => {
      const body = (await client.get(path)).body()
      const rows: Array<{ id: number; status: string }> = Array.isArray(body) ? body : body.lots
      return rows.find((row) => row.id === lot.id)?.status
    }
    const paths = ['/api/lots/public', '/api/properties/aeroindustrial/lots/A']
    for (const path of paths) assert.equal(await statusIn(path), 'available', path)

    // Written behind the product's back (no event): the shared answer still says available.
    await db.from('lots').where('id', lot.id).update({ status: 'locked' })
    for (const path of paths) assert.equal(await statusIn(path), 'available', path)
    await db.from('lots').where('id', lot.id).update({ status: 'available' })

    // Through the product: the booking's commit announces the lot's change and the reads follow.
    ;(await requestBooking(client, await bearerFor(client, world.memberA), lot.id)).assertStatus(201)
    for (const path of paths) assert.equal(await statusIn(path), 'reserved', path)
  })

  test("a development's figures are shared and follow its lots' committed changes", async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ slug: 'aeroindustrial' })
    const lot = await createLot(development)
    await createLot(development)
    const available = async () => (await client.get('/api/properties/aeroindustrial')).body().availableCount
    assert.equal(await available(), 2)
    await db.from('lots').where('id', lot.id).update({ status: 'locked' })
    assert.equal(await available(), 2)
    await db.from('lots').where('id', lot.id).update({ status: 'available' })
    ;(await requestBooking(client, await bearerFor(client, world.memberA), lot.id)).assertStatus(201)
    assert.equal(await available(), 1)
    // What a read finds missing is answered as such, never as a failure of the cache.
    ;(await client.get('/api/properties/nowhere')).assertStatus(404)
    ;(await client.get('/api/properties/aeroindustrial/lots/Z')).assertStatus(404)
  })

  test("a super admin's edit that keeps the status (a title) is read at once too", async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development, { title: 'PT 1 (before)' })
    const titleOf = async () =>
      ((await client.get('/api/lots/public')).body() as Array<{ id: number; title: string }>).find(
        (row) => row.id === lot.id
      )?.title
    assert.equal(await titleOf(), 'PT 1 (before)')
    const edit = await client
      .put(`/api/lots/${lot.id}`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ title: 'PT 1 (after)' })
    edit.assertStatus(200)
    assert.equal(await titleOf(), 'PT 1 (after)')
  })

  test('the hub answer keeps its Content-Range from the shared read', async ({ client, assert }) => {
    const development = await createDevelopment()
    await createLot(development)
    await createLot(development)
    const first = await client.get('/api/lots/public')
    const second = await client.get('/api/lots/public')
    assert.equal(second.header('content-range'), first.header('content-range'))
    assert.match(second.header('content-range') ?? '', /^lots 0-\d+\/\d+$/)
    assert.deepEqual(second.body(), first.body())
  })
})

test.group('Inventory | shared caches may keep the public reads, never the private ones', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the public lot reads say public with a shared lifetime and no browser lifetime', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment({ slug: 'aeroindustrial' })
    const lot = await createLot(development, { typeCode: 'A', type: 'CORNER (A)' })
    for (const path of [
      '/api/lots/public',
      '/api/properties/aeroindustrial/lots/A',
      '/api/properties',
      '/api/properties/aeroindustrial',
      `/api/lots/${lot.id}`,
      `/api/public/properties/${development.id}/units`,
    ]) {
      const response = await client.get(path)
      response.assertStatus(200)
      assert.equal(response.header('cache-control'), 'public, max-age=0, s-maxage=5', path)
      assert.notProperty(response.headers(), 'set-cookie', path)
    }
    // The admin's list of the same lots is nobody else's.
    const admin = await client.get('/api/lots').bearerToken(await bearerFor(client, world.superAdmin))
    admin.assertStatus(200)
    assert.notMatch(String(admin.header('cache-control') ?? ''), /public/)
    // A missing lot is not kept either.
    const missing = await client.get(`/api/lots/${lot.id + 1000}`)
    missing.assertStatus(404)
    assert.notMatch(String(missing.header('cache-control') ?? ''), /public/)
  })
})
