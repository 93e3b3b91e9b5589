import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import type { LotStatus } from '#inventory'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

const RELEASE = {
  bumiReleasedAt: DateTime.utc().minus({ days: 10 }).startOf('second'),
  bumiReleaseAuthority: 'Pejabat Tanah dan Galian Negeri Sembilan',
  bumiReleaseReference: 'PTG.NS/BUMI/2026/118',
}

/** Ten lots, a 30% quota (3 lots required) and five quota lots in every state the panel counts. */
async function launch() {
  const development = await createDevelopment({ bumiputeraQuotaPercent: 30 })
  const quota: Array<[LotStatus, boolean]> = [
    ['available', false],
    ['booked', false],
    ['pending', false],
    ['sold', false],
    ['sold', true],
  ]
  for (const [status, released] of quota) {
    await createLot(development, { status, isBumiputeraLot: true, ...(released ? RELEASE : {}) })
  }
  for (const status of ['available', 'available', 'sold', 'booked', 'reserved'] as LotStatus[]) {
    await createLot(development, { status })
  }
  // A release missing its reference is not a release: the lot stays reserved for Bumiputera buyers.
  await createLot(await createDevelopment(), { isBumiputeraLot: true, ...RELEASE, bumiReleaseReference: null })
  return development
}

test.group('Inventory | Bumiputera quota fill', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin reads the figures, counted in SQL, with known answers', async ({ client, assert }) => {
    const development = await launch()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const answer = await client.get(`/api/developments/${development.id}/bumiputera-quota`).bearerToken(token)
    answer.assertStatus(200)
    assert.deepEqual(answer.body(), {
      name: development.name,
      developmentId: development.id,
      required: { percent: 30, lots: 3 },
      totalLots: 10,
      quotaLots: 5,
      shortOfRequired: 0,
      booked: 2,
      sold: 1,
      available: 1,
      released: 1,
    })
  })

  test('a development without a quota, or with too few quota lots', async ({ client, assert }) => {
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const none = await createDevelopment()
    await createLot(none)
    const plain = await client.get(`/api/developments/${none.id}/bumiputera-quota`).bearerToken(token)
    assert.containSubset(plain.body(), { required: { percent: null, lots: null }, totalLots: 1, quotaLots: 0 })
    const short = await createDevelopment({ bumiputeraQuotaPercent: 50 })
    for (let index = 0; index < 5; index++) await createLot(short, { isBumiputeraLot: index === 0 })
    const answer = await client.get(`/api/developments/${short.id}/bumiputera-quota`).bearerToken(token)
    assert.containSubset(answer.body(), { required: { percent: 50, lots: 3 }, quotaLots: 1, shortOfRequired: 2 })
  })

  test('forbidden: agent admins and members get 403; unknown development 404; signed out 401', async ({ client }) => {
    const development = await launch()
    const agency = await createAgency()
    for (const user of [
      await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' }),
      await createUser({ agencyId: agency.id, agencyStatus: 'approved' }),
    ]) {
      const refused = await client
        .get(`/api/developments/${development.id}/bumiputera-quota`)
        .bearerToken(await bearerFor(client, user))
      refused.assertStatus(403)
      refused.assertBody({ message: 'Only super admins can set the Bumiputera quota.' })
    }
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    ;(await client.get('/api/developments/999999/bumiputera-quota').bearerToken(token)).assertStatus(404)
    ;(await client.get(`/api/developments/${development.id}/bumiputera-quota`)).assertStatus(401)
  })
})
