import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { Development, Lot } from '#inventory'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { createDevelopment, createLot } from '#tests/helpers/bookings'

const RELEASE = {
  releaseAuthority: 'Pejabat Tanah dan Galian Negeri Sembilan',
  releaseReference: 'PTG.NS/BUMI/2026/118',
}

async function auditCount(prefix: string) {
  const row = await db.from('audit_entries').where('action', 'like', `${prefix}%`).count('* as total').first()
  return Number(row.total)
}

test.group('Inventory | Bumiputera quota', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a super admin sets a development's quota, or none, on the audit trail", async ({ client, assert }) => {
    const development = await createDevelopment()
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const set = await client
      .put(`/api/developments/${development.id}/bumiputera-quota`)
      .bearerToken(token)
      .json({ quotaPercent: 30 })
    set.assertStatus(200)
    assert.containSubset(set.body(), { id: development.id, bumiputeraQuotaPercent: 30 })
    assert.equal((await Development.findOrFail(development.id)).bumiputeraQuotaPercent, 30)
    const none = await client
      .put(`/api/developments/${development.id}/bumiputera-quota`)
      .bearerToken(token)
      .json({ quotaPercent: null })
    none.assertStatus(200)
    assert.isNull((await Development.findOrFail(development.id)).bumiputeraQuotaPercent)
    assert.equal(await auditCount('development.bumiputera_quota'), 2)
  })

  test('a quota outside 0 to 100: 422 with the field, nothing written', async ({ client, assert }) => {
    const development = await createDevelopment({ bumiputeraQuotaPercent: 30 })
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    for (const [quotaPercent, message] of [
      [101, 'The Bumiputera quota cannot be above 100%'],
      [-1, 'The Bumiputera quota cannot be below 0%'],
      [12.5, 'The Bumiputera quota must be a whole percentage'],
    ] as const) {
      const response = await client
        .put(`/api/developments/${development.id}/bumiputera-quota`)
        .bearerToken(token)
        .json({ quotaPercent })
      response.assertStatus(422)
      assert.containSubset(response.body(), { errors: [{ field: 'quotaPercent', message }] })
    }
    assert.equal((await Development.findOrFail(development.id)).bumiputeraQuotaPercent, 30)
    assert.equal(await auditCount('development.bumiputera_quota'), 0)
  })

  test('a super admin marks a quota lot, then records its release', async ({ client, assert }) => {
    const lot = await createLot(await createDevelopment())
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const marked = await client.put(`/api/lots/${lot.id}/bumiputera`).bearerToken(token).json({ isBumiputeraLot: true })
    marked.assertStatus(200)
    assert.containSubset(marked.body(), { id: lot.id, isBumiputeraLot: true, release: null, reserved: true })

    const releasedAt = DateTime.utc().minus({ days: 1 }).startOf('second')
    const released = await client
      .put(`/api/lots/${lot.id}/bumiputera`)
      .bearerToken(token)
      .json({ isBumiputeraLot: true, releasedAt: releasedAt.toISO(), ...RELEASE })
    released.assertStatus(200)
    assert.containSubset(released.body(), {
      isBumiputeraLot: true,
      reserved: false,
      release: { authority: RELEASE.releaseAuthority, reference: RELEASE.releaseReference },
    })
    const stored = await Lot.findOrFail(lot.id)
    assert.isTrue(stored.isBumiputeraLot)
    assert.equal(stored.bumiReleasedAt?.toMillis(), releasedAt.toMillis())
    // The lot edit reads it back as saved.
    const read = await client.get(`/api/lots/${lot.id}/bumiputera`).bearerToken(token)
    read.assertStatus(200)
    const { message, ...saved } = released.body()
    assert.equal(message, 'Bumiputera quota lot saved.')
    assert.deepEqual(read.body(), saved)
    assert.equal(await auditCount('lot.bumiputera'), 2)
  })

  test('a release in the future, or only part of one: 422 with the field, nothing written', async ({
    client,
    assert,
  }) => {
    const lot = await createLot(await createDevelopment(), { isBumiputeraLot: true })
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    const cases = [
      [
        { releasedAt: DateTime.utc().plus({ days: 2 }).toISO(), ...RELEASE },
        'releasedAt',
        'The release date cannot be in the future',
      ],
      [
        { releasedAt: '2026-01-05', ...RELEASE },
        'releasedAt',
        'The release date must be a date and time with its zone (ISO 8601)',
      ],
      [
        { releasedAt: DateTime.utc().toISO(), releaseAuthority: RELEASE.releaseAuthority },
        'releaseReference',
        'The release reference is required',
      ],
    ] as const
    for (const [release, field, message] of cases) {
      const response = await client
        .put(`/api/lots/${lot.id}/bumiputera`)
        .bearerToken(token)
        .json({ isBumiputeraLot: true, ...release })
      response.assertStatus(422)
      assert.containSubset(response.body(), { message, errors: [{ field, message }] })
    }
    const notBoolean = await client
      .put(`/api/lots/${lot.id}/bumiputera`)
      .bearerToken(token)
      .json({ isBumiputeraLot: 'maybe' })
    notBoolean.assertStatus(422)
    assert.containSubset(notBoolean.body(), { errors: [{ field: 'isBumiputeraLot' }] })
    const stored = await Lot.findOrFail(lot.id)
    assert.isNull(stored.bumiReleasedAt)
    assert.isNull(stored.bumiReleaseReference)
    assert.equal(await auditCount('lot.bumiputera'), 0)
  })

  test('agent admins and users may not set a quota or mark a lot: 403; an unknown one 404', async ({
    client,
    assert,
  }) => {
    const development = await createDevelopment()
    const lot = await createLot(development)
    const agency = await createAgency()
    for (const user of [
      await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' }),
      await createUser(),
    ]) {
      const token = await bearerFor(client, user)
      const quota = await client
        .put(`/api/developments/${development.id}/bumiputera-quota`)
        .bearerToken(token)
        .json({ quotaPercent: 30 })
      quota.assertStatus(403)
      quota.assertBody({ message: 'Only super admins can set the Bumiputera quota.' })
      const marked = await client
        .put(`/api/lots/${lot.id}/bumiputera`)
        .bearerToken(token)
        .json({ isBumiputeraLot: true })
      marked.assertStatus(403)
      ;(await client.get(`/api/lots/${lot.id}/bumiputera`).bearerToken(token)).assertStatus(403)
    }
    ;(await client.put(`/api/lots/${lot.id}/bumiputera`).json({ isBumiputeraLot: true })).assertStatus(401)
    assert.isFalse((await Lot.findOrFail(lot.id)).isBumiputeraLot)
    assert.isNull((await Development.findOrFail(development.id)).bumiputeraQuotaPercent)
    const token = await bearerFor(client, await createUser({ role: 'super_admin' }))
    ;(await client.put('/api/lots/999999/bumiputera').bearerToken(token).json({ isBumiputeraLot: true })).assertStatus(
      404
    )
    ;(await client.get('/api/lots/999999/bumiputera').bearerToken(token)).assertStatus(404)
  })
})
