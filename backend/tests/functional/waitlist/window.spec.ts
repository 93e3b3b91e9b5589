import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { AuditEntry } from '#audit'
import { Development } from '#inventory'
import type { User } from '#identity'
import { LotWaitlistEntry } from '#waitlist'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/**
 * Each development's waitlist priority window: how long the first in line
 * alone may request a freed lot. Super admins set it; GET /api/developments lists it.
 */

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment({ name: 'Aero Waitlist Window' })
  return { ...world, development }
}

function put(client: ApiClient, token: string | null, id: number, body: unknown) {
  const request = client.put(`/api/developments/${id}/waitlist-window`).json(body)
  return token ? request.bearerToken(token) : request
}

const asWho = (world: Awaited<ReturnType<typeof setup>>) =>
  [
    ['a member without an agency', world.plainUser],
    ['an approved member', world.memberA],
    ['an agent admin', world.agentA],
  ] as Array<[string, User]>

test.group('Waitlist window | who may read and set it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/developments: visitors 401, everyone but super admins 403; super admins get each window', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const own = await createDevelopment({ name: 'Aero Own Window', waitlistWindowMinutes: 30 })
    ;(await client.get('/api/developments')).assertStatus(401)
    for (const [who, user] of asWho(world)) {
      const refused = await client.get('/api/developments').bearerToken(await bearerFor(client, user))
      assert.equal(refused.status(), 403, who)
      assert.deepEqual(refused.body(), { message: 'Only super admins can change waitlist windows.' })
    }
    for (const admin of [world.superAdmin, world.admin]) {
      const listed = await client.get('/api/developments').bearerToken(await bearerFor(client, admin))
      listed.assertStatus(200)
      assert.containSubset(listed.body(), [
        {
          id: world.development.id,
          name: 'Aero Waitlist Window',
          waitlistWindowMinutes: 15,
          defaultWaitlistWindowMinutes: 15,
          waitlistWindowIsDefault: true,
        },
        { id: own.id, waitlistWindowMinutes: 30, waitlistWindowIsDefault: false },
      ])
    }
  })

  test('PUT: visitors 401, everyone but super admins 403, and nothing changes', async ({ client, assert }) => {
    const world = await setup()
    ;(await put(client, null, world.development.id, { minutes: 30 })).assertStatus(401)
    for (const [who, user] of asWho(world)) {
      const refused = await put(client, await bearerFor(client, user), world.development.id, { minutes: 30 })
      assert.equal(refused.status(), 403, who)
      assert.deepEqual(refused.body(), { message: 'Only super admins can change waitlist windows.' })
    }
    assert.isNull((await Development.findOrFail(world.development.id)).waitlistWindowMinutes)
  })

  test('a super admin sets it: saved, on the audit trail, and the next offer runs that long', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const saved = await put(client, token, world.development.id, { minutes: 90 })
    saved.assertStatus(200)
    assert.containSubset(saved.body(), {
      message: 'Waitlist window saved.',
      id: world.development.id,
      waitlistWindowMinutes: 90,
      waitlistWindowIsDefault: false,
    })
    assert.equal((await Development.findOrFail(world.development.id)).waitlistWindowMinutes, 90)
    const entry = await AuditEntry.query()
      .where('action', 'development.waitlist_window_changed')
      .where('subject_id', world.development.id)
      .firstOrFail()
    assert.equal(entry.actorId, world.superAdmin.id)

    const lot = await createLot(world.development)
    const request = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
    request.assertStatus(201)
    const member = await bearerFor(client, world.memberB)
    ;(await client.post(`/api/lots/${lot.id}/waitlist`).bearerToken(member)).assertStatus(201)
    ;(
      await client
        .put(`/api/bookings/${request.body().id}/agent-response`)
        .bearerToken(await bearerFor(client, world.agentA))
        .json({ action: 'reject' })
    ).assertStatus(200)
    const offer = await LotWaitlistEntry.query().where('lot_id', lot.id).firstOrFail()
    assert.equal(offer.status, 'offered')
    assert.approximately(offer.offerExpiresAt!.diff(offer.offeredAt!, 'minutes').minutes, 90, 0.02)
  })

  test('an unknown development is 404', async ({ client, assert }) => {
    const world = await setup()
    const missing = await put(client, await bearerFor(client, world.superAdmin), 999999, { minutes: 30 })
    missing.assertStatus(404)
    assert.deepEqual(missing.body(), { message: 'Property not found' })
  })
})

test.group('Waitlist window | validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{title}: 422 naming minutes, and nothing changes')
    .with([
      { title: 'no minutes', body: {}, message: 'The waitlist window is required' },
      { title: 'null', body: { minutes: null }, message: 'The waitlist window is required' },
      { title: 'zero', body: { minutes: 0 }, message: 'The waitlist window must be at least 1 minute' },
      { title: 'negative', body: { minutes: -5 }, message: 'The waitlist window must be at least 1 minute' },
      {
        title: 'more than a day',
        body: { minutes: 1441 },
        message: 'The waitlist window must be at most 1440 minutes (24 hours)',
      },
      { title: 'a fraction', body: { minutes: 2.5 }, message: 'The waitlist window must be a whole number of minutes' },
      { title: 'words', body: { minutes: 'fifteen' }, message: 'The waitlist window must be a number of minutes' },
    ])
    .run(async ({ client, assert }, { body, message }) => {
      const world = await setup()
      const refused = await put(client, await bearerFor(client, world.superAdmin), world.development.id, body)
      refused.assertStatus(422)
      assert.deepEqual(refused.body().errors, [{ field: 'minutes', message }])
      assert.equal(refused.body().message, message)
      assert.isNull((await Development.findOrFail(world.development.id)).waitlistWindowMinutes)
    })

  test('the bounds are accepted: 1 minute and 1440 minutes', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    for (const minutes of [1, 1440]) {
      const saved = await put(client, token, world.development.id, { minutes })
      saved.assertStatus(200)
      assert.equal(saved.body().waitlistWindowMinutes, minutes)
    }
  })
})
