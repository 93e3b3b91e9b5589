import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { parse } from 'csv-parse/sync'
import { Lot, type Development } from '#inventory'
import { LOT_VISIBILITY_FORBIDDEN } from '#inventory/policies/development_policy'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { releaseTold } from '#tests/helpers/live'

const released = async (lotId: number) => Boolean((await Lot.findOrFail(lotId)).isReleased)
const lotAudits = (lotId: number) =>
  db.from('audit_entries').where('subject_type', 'lot').where('subject_id', lotId).orderBy('id')

function setVisibility(client: ApiClient, token: string, development: Pick<Development, 'id'>, show: unknown) {
  return client
    .put(`/api/developments/${development.id}/lot-visibility`)
    .bearerToken(token)
    .json({ showUnreleasedLots: show })
}

function upload(client: ApiClient, token: string, path: '/api/lots/import' | '/api/lots/import/preview', csv: string) {
  return client.post(path).file('file', Buffer.from(csv), { filename: 'lots.csv' }).bearerToken(token)
}

const hubIds = async (client: ApiClient) =>
  ((await client.get('/api/lots/public')).body() as Array<{ id: number; released: boolean }>).map((lot) => lot.id)

test.group('Inventory | a lot released or not, from the lot form', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('taken off sale, then released by hand: released returned, each change told live, each audited', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const token = await bearerFor(client, world.superAdmin)
    const events = emitter.fake(['lot:status_changed'])

    const hidden = await client.put(`/api/lots/${lot.id}`).bearerToken(token).json({ released: false })
    hidden.assertStatus(200)
    assert.isFalse(hidden.body().released)
    assert.isFalse(await released(lot.id))
    events.assertEmitted('lot:status_changed', releaseTold(lot.id, false))
    events.assertEmittedCount('lot:status_changed', 1)

    const shown = await client.put(`/api/lots/${lot.id}`).bearerToken(token).json({ released: true })
    shown.assertStatus(200)
    assert.isTrue(shown.body().released)
    assert.isTrue(await released(lot.id))
    events.assertEmitted('lot:status_changed', releaseTold(lot.id, true))
    events.assertEmittedCount('lot:status_changed', 2)

    // Saved again as released: nothing changes, nothing is told.
    ;(await client.put(`/api/lots/${lot.id}`).bearerToken(token).json({ released: true })).assertStatus(200)
    events.assertEmittedCount('lot:status_changed', 2)

    const entries = await lotAudits(lot.id)
    assert.deepEqual(
      entries.map((entry) => [entry.action, entry.actor_id]),
      [
        ['lot.updated', world.superAdmin.id],
        ['lot.updated', world.superAdmin.id],
      ]
    )
    assert.include(entries[0].after, '"isReleased":false')
    assert.include(entries[1].after, '"isReleased":true')
  })

  test('a new lot is released unless the form says not; a bad value is a 422', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const token = await bearerFor(client, world.superAdmin)
    const base = { propertyId: development.id, type: 'INTERMEDIATE (B)', status: 'available' }

    const plain = await client
      .post('/api/lots')
      .bearerToken(token)
      .json({ ...base, lotNumber: 'R-1' })
    plain.assertStatus(201)
    assert.isTrue(plain.body().released)
    assert.isTrue(await released(plain.body().id))

    const held = await client
      .post('/api/lots')
      .bearerToken(token)
      .json({ ...base, lotNumber: 'R-2', released: false })
    held.assertStatus(201)
    assert.isFalse(held.body().released)
    assert.isFalse(await released(held.body().id))

    const bad = await client.put(`/api/lots/${held.body().id}`).bearerToken(token).json({ released: 'maybe' })
    bad.assertStatus(422)
    assert.deepInclude(bad.body().errors, { field: 'released', message: 'Released must be true or false' })
  })

  test('a lot a booking holds cannot be taken off sale', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development)
    ;(await requestBooking(client, await bearerFor(client, world.memberA), lot.id)).assertStatus(201)
    const token = await bearerFor(client, world.superAdmin)

    const response = await client.put(`/api/lots/${lot.id}`).bearerToken(token).json({ released: false })
    response.assertStatus(409)
    assert.match(response.body().message, /^This lot is held by booking #\d+\./)
    assert.isTrue(await released(lot.id))
  })

  test('an agent admin can change neither a lot nor the visibility setting', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development)
    const token = await bearerFor(client, world.agentA)

    ;(await client.put(`/api/lots/${lot.id}`).bearerToken(token).json({ released: false })).assertStatus(403)
    assert.isTrue(await released(lot.id))

    const setting = await setVisibility(client, token, development, false)
    setting.assertStatus(403)
    assert.equal(setting.body().message, LOT_VISIBILITY_FORBIDDEN)
    ;(await client.get('/api/developments/lot-visibility').bearerToken(token)).assertStatus(403)
    await development.refresh()
    assert.isTrue(development.showUnreleasedLots)
  })
})

test.group('Inventory | the Released column of the lots CSV', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('exported as yes/no, imported back unchanged, then released by a row (told live)', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const onSale = await createLot(development, { lotNumber: '1' })
    const waiting = await createLot(development, { lotNumber: '2', isReleased: false })
    const token = await bearerFor(client, world.superAdmin)

    const exported = await client
      .get('/api/lots/export')
      .qs({ filter: JSON.stringify({ propertyId: development.id }), sort: JSON.stringify(['lotNumber', 'ASC']) })
      .bearerToken(token)
    exported.assertStatus(200)
    const records = parse(exported.text(), { columns: true }) as Array<Record<string, string>>
    assert.deepEqual(
      records.map((record) => [record['Lot Number'], record['Released']]),
      [
        ['1', 'yes'],
        ['2', 'no'],
      ]
    )

    const roundTrip = await upload(client, token, '/api/lots/import/preview', exported.text())
    roundTrip.assertStatus(200)
    assert.deepEqual(
      roundTrip.body().rows.map((row: { action: string }) => row.action),
      ['unchanged', 'unchanged']
    )

    const events = emitter.fake(['lot:status_changed'])
    const csv = [
      'Lot Number,Property ID,Type,Status,Released',
      `1,${development.id},INTERMEDIATE (B),available,`,
      `2,${development.id},INTERMEDIATE (B),available,Yes`,
      `3,${development.id},INTERMEDIATE (B),available,no`,
    ].join('\n')
    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(200)
    assert.deepEqual(
      applied.body().rows.map((row: { action: string }) => row.action),
      ['unchanged', 'update', 'create'],
      'an empty cell leaves the lot as it is'
    )
    assert.deepEqual(applied.body().rows[1].changes, [{ field: 'released', column: 'Released', from: 'no', to: 'yes' }])
    assert.isTrue(await released(onSale.id))
    assert.isTrue(await released(waiting.id))
    const created = await Lot.query().where('development_id', development.id).where('lot_number', '3').firstOrFail()
    assert.isFalse(created.isReleased)
    events.assertEmitted(
      'lot:status_changed',
      ({ data }) => data.lotId === waiting.id && data.cause === 'release' && data.released === true
    )
  })

  test('a value other than yes or no is a row error', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const lot = await createLot(development, { lotNumber: '1', isReleased: false })
    const token = await bearerFor(client, world.superAdmin)

    const csv = `Lot Number,Property ID,Released\n1,${development.id},soon\n`
    const preview = await upload(client, token, '/api/lots/import/preview', csv)
    preview.assertStatus(200)
    assert.deepEqual(preview.body().rows[0].errors, [{ field: 'released', message: 'Released must be yes or no' }])

    const applied = await upload(client, token, '/api/lots/import', csv)
    applied.assertStatus(422)
    assert.deepInclude(applied.body().errors, {
      field: 'rows.2.released',
      message: 'Row 2: Released must be yes or no',
    })
    assert.isFalse(await released(lot.id))
  })
})

test.group('Inventory | a development shows or hides its lots not yet released', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('hidden: left out of the public reads and their counts; shown again: listed as not released', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const onSale = await createLot(development, { typeCode: 'B' })
    const waiting = await createLot(development, { typeCode: 'B', isReleased: false })
    const token = await bearerFor(client, world.superAdmin)

    // Shown by default (and read once, so a shared read exists that the change must drop).
    const before = await client.get('/api/lots/public')
    const waitingRead = (before.body() as Array<{ id: number; released: boolean }>).find((lot) => lot.id === waiting.id)
    assert.isFalse(waitingRead?.released)
    assert.includeMembers(await hubIds(client), [onSale.id, waiting.id])

    const hide = await setVisibility(client, token, development, false)
    hide.assertStatus(200)
    assert.containSubset(hide.body(), {
      message: 'Lot visibility saved.',
      id: development.id,
      showUnreleasedLots: false,
    })
    const list = await client.get('/api/developments/lot-visibility').bearerToken(token)
    list.assertStatus(200)
    assert.containSubset(list.body(), [{ id: development.id, showUnreleasedLots: false }])

    const hidden = await hubIds(client)
    assert.include(hidden, onSale.id)
    assert.notInclude(hidden, waiting.id)
    const ofType = await client.get(`/api/properties/${development.slug}/lots/B`)
    assert.deepEqual(
      ofType.body().lots.map((lot: { id: number }) => lot.id),
      [onSale.id]
    )
    assert.equal(ofType.body().availability.total, 1)
    assert.containSubset((await client.get(`/api/properties/${development.slug}`)).body(), { totalUnits: 1 })
    ;(await client.get(`/api/lots/${waiting.id}`)).assertStatus(404)

    const entries = await db
      .from('audit_entries')
      .where('action', 'development.lot_visibility_changed')
      .where('subject_id', development.id)
    assert.lengthOf(entries, 1)
    assert.equal(entries[0].actor_id, world.superAdmin.id)

    ;(await setVisibility(client, token, development, true)).assertStatus(200)
    assert.includeMembers(await hubIds(client), [onSale.id, waiting.id])
    const shownAgain = await client.get(`/api/properties/${development.slug}/lots/B`)
    assert.equal(shownAgain.body().availability.total, 2)
    ;(await client.get(`/api/lots/${waiting.id}`)).assertStatus(200)
  })

  test('the setting must be true or false', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const response = await setVisibility(client, await bearerFor(client, world.superAdmin), development, 'perhaps')
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'showUnreleasedLots')
  })
})
