import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { AgentProperty } from '#portfolio'
import { send } from '#tests/helpers/agencies'
import { createUser } from '#tests/helpers/identity'
import { type Actor, actorOf, portfolioWorld, type PortfolioWorld } from '#tests/helpers/portfolio'

async function listed(world: PortfolioWorld, source: 'own' | 'agency' = 'own') {
  return world.entry(world.agentA, 'active', {
    displayName: 'Corner Lot MKS-12',
    price: 628_000,
    city: 'Nilai',
    state: 'Negeri Sembilan',
    source,
  })
}

function share(client: ApiClient, id: number, platform?: string) {
  return client.post(`/api/agent-properties/${id}/share`).json(platform === undefined ? {} : { platform })
}

async function sharesOf(propertyId: number) {
  return db.from('agent_property_shares').where('agent_property_id', propertyId).orderBy('id')
}

test.group('Portfolio | POST /api/agent-properties/:id/share', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("{platform}: the platform's link around the public page, counted")
    .with([
      { platform: 'whatsapp', label: 'WhatsApp', link: /^https:\/\/wa\.me\/\?text=.+agent-properties%2F\d+$/ },
      {
        platform: 'facebook',
        label: 'Facebook',
        link: /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http.+agent-properties%2F\d+$/,
      },
      {
        platform: 'twitter',
        label: 'Twitter',
        link: /^https:\/\/twitter\.com\/intent\/tweet\?text=Corner%20Lot%20MKS-12&url=http.+%2F\d+$/,
      },
      {
        platform: 'linkedin',
        label: 'LinkedIn',
        link: /^https:\/\/www\.linkedin\.com\/sharing\/share-offsite\/\?url=http.+%2F\d+$/,
      },
      {
        platform: 'telegram',
        label: 'Telegram',
        link: /^https:\/\/t\.me\/share\/url\?url=http.+%2F\d+&text=Corner%20Lot%20MKS-12$/,
      },
      {
        platform: 'email',
        label: 'Email',
        link: /^mailto:\?subject=Corner%20Lot%20MKS-12&body=.+agent-properties%2F\d+$/,
      },
      { platform: 'copy', label: 'Copy Link', link: /^http:\/\/.+\/agent-properties\/\d+$/ },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      const property = await listed(world)
      const response = await send(world.agentA, share(client, property.id, row.platform))
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        platform: row.platform,
        shareCount: 1,
        message: `Property shared successfully via ${row.label}`,
      })
      assert.match(response.body().shareUrl, row.link)
      const pageUrl = `${process.env.APP_URL}/agent-properties/${property.id}`
      assert.include(response.body().content, 'Corner Lot MKS-12 | RM 628,000 | Nilai, Negeri Sembilan')
      assert.include(response.body().content, pageUrl)
      assert.isString(response.body().lastShared)

      const stored = await AgentProperty.findOrFail(property.id)
      assert.equal(stored.shareCount, 1)
      assert.isNotNull(stored.lastSharedAt)
      const rows = await sharesOf(property.id)
      assert.lengthOf(rows, 1)
      assert.containSubset(rows[0], { platform: row.platform, shared_by_id: world.agentA.id })
    })

  test('every share counts: the count, the rows, the portfolio cards and the shares sort', async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const property = await listed(world)
    const other = await world.entry(world.agentA, 'active', { displayName: 'Other lot', shareCount: 2 })
    for (const [index, platform] of ['whatsapp', 'email', 'copy'].entries()) {
      const response = await send(world.agentA, share(client, property.id, platform))
      assert.equal(response.body().shareCount, index + 1)
    }
    assert.deepEqual(
      (await sharesOf(property.id)).map((row) => row.platform),
      ['whatsapp', 'email', 'copy']
    )
    const portfolio = await send(world.agentA, client.get('/api/agent-properties').qs({ sort: 'shares' }))
    assert.equal(portfolio.body().data.stats.totalShares, 5)
    assert.deepEqual(
      portfolio.body().data.properties.map((p: { id: number }) => p.id),
      [property.id, other.id]
    )
    assert.isString(portfolio.body().data.properties[0].lastShared)
  })

  test("another agent admin of agency A shares the agency's entry, but not agent A's own", async ({
    client,
    assert,
  }) => {
    const world = await portfolioWorld()
    const colleague = await createUser({ role: 'agent_admin', agencyId: world.agencyA.id, agencyStatus: 'approved' })
    const agencyEntry = await listed(world, 'agency')
    const ownEntry = await world.entry(world.agentA, 'active', { source: 'own' })
    ;(await send(colleague, share(client, agencyEntry.id, 'facebook'))).assertStatus(200)
    const refused = await send(colleague, share(client, ownEntry.id, 'facebook'))
    refused.assertStatus(403)
    refused.assertBody({ message: 'You do not have permission to share this property.' })
    assert.equal((await AgentProperty.findOrFail(ownEntry.id)).shareCount, 0)
    assert.lengthOf(await sharesOf(ownEntry.id), 0)
  })

  test("{$self} cannot share agency A's entry (403, nothing counted)")
    .with(['agentB', 'memberA', 'memberB', 'pendingUser', 'plainUser', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await portfolioWorld()
      const property = await listed(world, 'agency')
      const response = await send(actorOf(world, name), share(client, property.id, 'whatsapp'))
      response.assertStatus(403)
      response.assertBody({ message: 'You do not have permission to share this property.' })
      assert.equal((await AgentProperty.findOrFail(property.id)).shareCount, 0)
      assert.lengthOf(await sharesOf(property.id), 0)
    })

  test('anonymous: 401, nothing counted', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const property = await listed(world)
    ;(await share(client, property.id, 'whatsapp')).assertStatus(401)
    assert.equal((await AgentProperty.findOrFail(property.id)).shareCount, 0)
  })

  test('an unknown property: 404', async ({ client }) => {
    const world = await portfolioWorld()
    const response = await send(world.agentA, share(client, 999999, 'whatsapp'))
    response.assertStatus(404)
    response.assertBody({ message: 'Property not found' })
  })

  test('platform {$self}: 422, nothing counted')
    .with(['myspace', '', 'WhatsApp', undefined])
    .run(async ({ client, assert }, platform) => {
      const world = await portfolioWorld()
      const property = await listed(world)
      const response = await send(world.agentA, share(client, property.id, platform))
      response.assertStatus(422)
      assert.equal(response.body().errors[0].field, 'platform')
      assert.equal((await AgentProperty.findOrFail(property.id)).shareCount, 0)
      assert.lengthOf(await sharesOf(property.id), 0)
    })
})

/**
 * No global transaction here: the shares must really race on separate connections and
 * commit. Everything the test creates is removed afterwards.
 */
test.group('Portfolio | simultaneous shares', () => {
  test('20 parallel shares of one entry: all counted, none lost', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const property = await listed(world)
    const lotId = property.lotId!
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => send(world.agentA, share(client, property.id, 'copy')))
      )
      responses.forEach((response) => response.assertStatus(200))
      assert.sameMembers(
        responses.map((response) => response.body().shareCount),
        Array.from({ length: 20 }, (_, i) => i + 1)
      )
      assert.equal((await AgentProperty.findOrFail(property.id)).shareCount, 20)
      assert.lengthOf(await sharesOf(property.id), 20)
    } finally {
      const users = [
        world.plainUser,
        world.pendingUser,
        world.memberA,
        world.otherMemberA,
        world.memberB,
        world.agentA,
        world.agentB,
        world.superAdmin,
        world.admin,
      ].map((u) => u.id)
      await db.from('agent_properties').where('id', property.id).delete()
      const bookings = db.from('bookings').where('lot_id', lotId).select('id')
      await db.from('booking_status_history').whereIn('booking_id', bookings).delete()
      await db.from('bookings').where('lot_id', lotId).delete()
      await db.from('lots').where('id', lotId).delete()
      await db.from('developments').where('id', world.development.id).delete()
      await db.from('auth_access_tokens').whereIn('tokenable_id', users).delete()
      await db.from('users').whereIn('id', users).delete()
      await db.from('agencies').whereIn('id', [world.agencyA.id, world.agencyB.id]).delete()
    }
  })
})
