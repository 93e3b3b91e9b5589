import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

/** The lots list's `id` filter: react-admin's getMany of the lots a form holds (the Packages screen's picker). */

function lotsById(client: ApiClient, token: string, filter: unknown, extra: Record<string, string> = {}) {
  return client
    .get('/api/lots')
    .qs({ filter: JSON.stringify(filter), ...extra })
    .bearerToken(token)
}

test.group('Inventory | lots by id', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('getMany without a range answers every lot asked for, and only those', async ({ client, assert }) => {
    const development = await createDevelopment()
    const lots = []
    for (let i = 0; i < 40; i += 1) lots.push(await createLot(development))
    const wanted = lots.slice(3, 33)
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const response = await lotsById(client, token, { id: wanted.map((lot) => lot.id) })
    response.assertStatus(200)
    assert.sameMembers(
      response.body().map((lot: { id: number }) => lot.id),
      wanted.map((lot) => lot.id)
    )
    assert.equal(response.headers()['content-range'], 'lots 0-29/30')

    // Ids as strings, a single id, an id that is no lot, and a search alongside.
    const strings = await lotsById(client, token, { id: [String(lots[0].id), '2147483647'] })
    assert.deepEqual(
      strings.body().map((lot: { id: number }) => lot.id),
      [lots[0].id]
    )
    const single = await lotsById(client, token, { id: lots[1].id })
    assert.deepEqual(
      single.body().map((lot: { id: number }) => lot.id),
      [lots[1].id]
    )
    const searched = await lotsById(client, token, { id: wanted.map((lot) => lot.id), q: lots[5].unitNumber })
    assert.deepEqual(
      searched.body().map((lot: { id: number }) => lot.id),
      [lots[5].id]
    )
  })

  test('others than super admins get only the available lots among those asked for', async ({ client, assert }) => {
    const development = await createDevelopment()
    const open = await createLot(development)
    const sold = await createLot(development, { status: 'sold' })
    const token = await bearerFor(client, await createUser())
    const response = await lotsById(client, token, { id: [open.id, sold.id] })
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((lot: { id: number }) => lot.id),
      [open.id]
    )
  })

  test('{$self} is a 422 naming filter.id')
    .with([
      { filter: { id: ['abc'] }, self: 'a non-numeric id' },
      { filter: { id: 'abc' }, self: 'a non-numeric bare id' },
      { filter: { id: [1, 'two'] }, self: 'a list with a word in it' },
      { filter: { id: [0] }, self: 'id 0' },
      { filter: { id: [-3] }, self: 'a negative id' },
      { filter: { id: [1.5] }, self: 'a fraction' },
      { filter: { id: ['1e3'] }, self: 'an exponent' },
      { filter: { id: [2147483648] }, self: 'an id past the column' },
      { filter: { id: { a: 1 } }, self: 'an object' },
      { filter: { id: Array.from({ length: 101 }, (_, i) => i + 1) }, self: 'more than 100 ids' },
    ])
    .run(async ({ client, assert }, { filter }) => {
      const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
      const response = await lotsById(client, token, filter)
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'filter.id')
      assert.isString(response.body().message)
    })
})
