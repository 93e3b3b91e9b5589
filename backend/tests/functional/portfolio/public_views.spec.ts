import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import { send } from '#tests/helpers/agencies'
import { createUser } from '#tests/helpers/identity'
import {
  type Actor,
  actorOf,
  attachImage,
  portfolioWorld,
  type PortfolioWorld,
  realImages,
  usesFakePublicDisk,
} from '#tests/helpers/portfolio'

const NO_AGENCY = 'You must be associated with an agency to view agency properties'
const NOT_APPROVED = 'You must be an approved agency member to view agency properties'

/** Agency A shares two entries (one hidden from the public), agent A keeps one, agency B shares one. */
async function catalogue(world: PortfolioWorld) {
  await world.agencyA.merge({ contactEmail: 'hello@agency-a.example.my', contactPhone: '+60 6-799 1200' }).save()
  return {
    shared: await world.entry(world.agentA, 'active', {
      displayName: 'Corner Lot MKS-12',
      description: 'Two-storey corner shop lot facing the main road.',
      propertyType: 'Shop Lot',
      source: 'agency',
      price: 628_000,
      lotSize: 201,
      builtUpArea: 268,
      city: 'Nilai',
      state: 'Negeri Sembilan',
      features: ['Corner unit', 'High ceiling'],
      amenities: ['Near KLIA', 'Corner unit'],
    }),
    hidden: await world.entry(world.agentA, 'sold', { displayName: 'Hidden entry', source: 'agency', isPublic: false }),
    own: await world.entry(world.agentA, 'active', { displayName: 'Agent A own entry', source: 'own' }),
    agencyB: await world.entry(world.agentB, 'active', { displayName: 'Agency B entry', source: 'agency' }),
  }
}

function assertNoSession(
  response: { headers: () => Record<string, unknown> },
  assert: { notProperty: (o: object, p: string) => void }
) {
  assert.notProperty(response.headers(), 'set-cookie')
}

test.group('Portfolio | GET /api/agent-properties/:id/public', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  usesFakePublicDisk(group)

  test('{$self}: name, type, status, description, whole RM, sqft and sqm, location, facilities, agency, images')
    .with(['anonymous', 'plainUser', 'agentB'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await portfolioWorld()
      const { shared } = await catalogue(world)
      const hero = await attachImage(shared, 'hero')
      const gallery = await attachImage(shared, 'gallery', 0)
      const response = await send(actorOf(world, name), client.get(`/api/agent-properties/${shared.id}/public`))
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        id: shared.id,
        _id: shared.id,
        name: 'Corner Lot MKS-12',
        propertyType: 'Shop Lot',
        status: 'active',
        description: 'Two-storey corner shop lot facing the main road.',
        price: 628_000,
        size: { sqm: 201, sqft: 2164 },
        builtUpArea: { sqm: 268, sqft: 2885 },
        lotNumber: shared.lotNumber,
        location: 'Nilai, Negeri Sembilan',
        address: null,
        facilities: ['Corner unit', 'High ceiling', 'Near KLIA'],
        bedrooms: null,
        bathrooms: null,
        parking: null,
        completionDate: null,
        agency: {
          id: world.agencyA.id,
          _id: world.agencyA.id,
          name: world.agencyA.name,
          description: null,
          contactEmail: 'hello@agency-a.example.my',
          contactPhone: '+60 6-799 1200',
          address: null,
        },
        heroImage: {
          id: hero.id,
          card: `/api/agent-properties/images/${hero.id}/card`,
          large: `/api/agent-properties/images/${hero.id}/large`,
          width: 1200,
          height: 750,
        },
        images: {
          hero: {
            id: hero.id,
            card: `/api/agent-properties/images/${hero.id}/card`,
            large: `/api/agent-properties/images/${hero.id}/large`,
            width: 1200,
            height: 750,
          },
          gallery: [
            {
              id: gallery.id,
              card: `/api/agent-properties/images/${gallery.id}/card`,
              large: `/api/agent-properties/images/${gallery.id}/large`,
              width: 1200,
              height: 750,
            },
          ],
        },
        publicUrl: `${process.env.APP_URL}/agent-properties/${shared.id}`,
      })
      assertNoSession(response, assert)
    })

  test('without images: no hero, an empty gallery; the status follows the booking', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const { own } = await catalogue(world)
    const response = await client.get(`/api/agent-properties/${own.id}/public`)
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      name: 'Agent A own entry',
      status: 'active',
      heroImage: null,
      images: { hero: null, gallery: [] },
    })
    assert.notProperty(response.body(), 'shareCount')
    assert.notProperty(response.body(), 'ownedBy')
  })

  test('{title}: 404 "Property not found"')
    .with([
      { title: 'an unknown id', which: 'unknown' },
      { title: 'an entry hidden from the public', which: 'hidden' },
    ] as const)
    .run(async ({ client }, row) => {
      const world = await portfolioWorld()
      const { hidden } = await catalogue(world)
      const response = await client.get(`/api/agent-properties/${row.which === 'hidden' ? hidden.id : 999999}/public`)
      response.assertStatus(404)
      response.assertBody({ message: 'Property not found' })
    })
})

test.group('Portfolio | GET /api/agent-properties/agency/:agencyId/public', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}: the agency and the entries it shares publicly')
    .with(['anonymous', 'memberB', 'superAdmin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await portfolioWorld()
      const { shared } = await catalogue(world)
      const response = await send(
        actorOf(world, name),
        client.get(`/api/agent-properties/agency/${world.agencyA.id}/public`)
      )
      response.assertStatus(200)
      assert.containSubset(response.body().agency, {
        id: world.agencyA.id,
        name: world.agencyA.name,
        contactEmail: 'hello@agency-a.example.my',
        contactPhone: '+60 6-799 1200',
      })
      assert.deepEqual(
        response.body().properties.map((p: { id: number }) => p.id),
        [shared.id]
      )
      assert.containSubset(response.body().properties[0], {
        name: 'Corner Lot MKS-12',
        price: 628_000,
        size: { sqft: 2164 },
        location: 'Nilai, Negeri Sembilan',
        heroImage: null,
      })
      assertNoSession(response, assert)
    })

  test('an agency that shares nothing: the agency and an empty list', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const response = await client.get(`/api/agent-properties/agency/${world.agencyB.id}/public`)
    response.assertStatus(200)
    assert.equal(response.body().agency.id, world.agencyB.id)
    assert.deepEqual(response.body().properties, [])
  })

  test('{title}: 404 "Agency not found"')
    .with([
      { title: 'an unknown agency', inactive: false },
      { title: 'an inactive agency', inactive: true },
    ])
    .run(async ({ client }, row) => {
      const world = await portfolioWorld()
      await catalogue(world)
      if (row.inactive) await world.agencyA.merge({ isActive: false }).save()
      const response = await client.get(
        `/api/agent-properties/agency/${row.inactive ? world.agencyA.id : 999999}/public`
      )
      response.assertStatus(404)
      response.assertBody({ message: 'Agency not found' })
    })
})

test.group('Portfolio | GET /api/agent-properties/images/:imageId/:size', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  usesFakePublicDisk(group)

  test('card and large WebP with long cache headers, no session', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const { shared } = await catalogue(world)
    const image = await attachImage(shared)
    const { webp } = await realImages()
    for (const size of ['card', 'large']) {
      const response = await client.get(`/api/agent-properties/images/${image.id}/${size}`)
      response.assertStatus(200)
      assert.equal(response.headers()['content-type'], 'image/webp')
      assert.equal(response.headers()['cache-control'], 'public, max-age=31536000, immutable')
      assert.equal(response.headers()['x-content-type-options'], 'nosniff')
      assert.isTrue(Buffer.isBuffer(response.body()) && response.body().equals(webp), 'the stored file, byte for byte')
      assertNoSession(response, assert)
    }
  })

  test('{title}: 404 "Image not found"')
    .with([
      { title: 'an unknown size', path: (id: number) => `/api/agent-properties/images/${id}/original` },
      { title: 'an unknown image', path: () => '/api/agent-properties/images/999999/card' },
      {
        title: 'an image of an entry hidden from the public',
        path: (_: number, hiddenId: number) => `/api/agent-properties/images/${hiddenId}/card`,
      },
      {
        title: 'an image whose file is gone',
        path: (_: number, __: number, goneId: number) => `/api/agent-properties/images/${goneId}/large`,
      },
    ])
    .run(async ({ client }, row) => {
      const world = await portfolioWorld()
      const { shared, hidden, own } = await catalogue(world)
      const image = await attachImage(shared)
      const hiddenImage = await attachImage(hidden)
      const gone = await attachImage(own)
      await drive.use('public').deleteAll(gone.storageKey)
      const response = await client.get(row.path(image.id, hiddenImage.id, gone.id))
      response.assertStatus(404)
      response.assertBody({ message: 'Image not found' })
    })
})

test.group('Portfolio | GET /api/agent-properties/agency/:agencyId', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("{$self}: agency A's shared entries, public or not")
    .with(['memberA', 'agentA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await portfolioWorld()
      const { shared, hidden } = await catalogue(world)
      const response = await send(actorOf(world, name), client.get(`/api/agent-properties/agency/${world.agencyA.id}`))
      response.assertStatus(200)
      assert.isTrue(response.body().success)
      assert.sameMembers(
        response.body().data.map((p: { id: number }) => p.id),
        [shared.id, hidden.id]
      )
      assert.containSubset(
        response.body().data.find((p: { id: number }) => p.id === shared.id),
        {
          displayName: 'Corner Lot MKS-12',
          source: 'agency',
          status: 'active',
          marketingInfo: { askingPrice: 628_000 },
          ownedBy: { name: world.agentA.name },
        }
      )
    })

  test('another agent admin of agency A sees the same list', async ({ client, assert }) => {
    const world = await portfolioWorld()
    const { shared, hidden } = await catalogue(world)
    const colleague = await createUser({ role: 'agent_admin', agencyId: world.agencyA.id, agencyStatus: 'approved' })
    const response = await send(colleague, client.get(`/api/agent-properties/agency/${world.agencyA.id}`))
    assert.sameMembers(
      response.body().data.map((p: { id: number }) => p.id),
      [shared.id, hidden.id]
    )
  })

  test('{name}: 403 "{message}"')
    .with([
      { name: 'plainUser', message: NO_AGENCY },
      { name: 'pendingUser', message: NOT_APPROVED },
      { name: 'rejectedUser', message: NOT_APPROVED },
      { name: 'memberB', message: NOT_APPROVED },
      { name: 'agentB', message: NOT_APPROVED },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const world = await portfolioWorld()
      await catalogue(world)
      const user =
        row.name === 'rejectedUser'
          ? await createUser({ agencyId: world.agencyA.id, agencyStatus: 'rejected' })
          : world[row.name]
      const response = await send(user, client.get(`/api/agent-properties/agency/${world.agencyA.id}`))
      response.assertStatus(403)
      assert.deepEqual(response.body(), { message: row.message })
    })

  test('anonymous: 401; a super admin asking for an unknown agency: 404', async ({ client }) => {
    const world = await portfolioWorld()
    ;(await client.get(`/api/agent-properties/agency/${world.agencyA.id}`)).assertStatus(401)
    const missing = await send(world.superAdmin, client.get('/api/agent-properties/agency/999999'))
    missing.assertStatus(404)
    missing.assertBody({ message: 'Agency not found' })
  })
})
