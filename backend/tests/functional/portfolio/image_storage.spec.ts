import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import AgentPropertyImage from '#portfolio/models/agent_property_image'
import { imageFileKey, removeStoredImages, storeImages } from '#portfolio/services/image_store'
import { addToCatalogue, ownLot, portfolioWorld, realImages } from '#tests/helpers/portfolio'
import { STORAGE_KINDS, useStorage } from '#tests/helpers/storage'

function isWebp(bytes: Buffer) {
  return bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP'
}

/** An agent's catalogue entry made through the Add to Catalogue endpoint: its image rows. */
async function catalogueEntryImages(client: Parameters<typeof addToCatalogue>[0]) {
  const world = await portfolioWorld()
  const lot = await world.lot()
  await ownLot(world.agentA, lot)
  const response = await addToCatalogue(
    client,
    world.agentA,
    { propertyId: lot.id },
    { hero: 'jpeg', gallery: ['png'] }
  )
  response.assertStatus(201)
  return AgentPropertyImage.query().where('agent_property_id', response.body().property.id).orderBy('id')
}

for (const kind of STORAGE_KINDS) {
  test.group(`Portfolio | catalogue images on the ${kind} storage`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    const storage = useStorage(group, kind)

    test('Add to Catalogue writes both WebP sizes of every image to the public store, none to the private one', async ({
      client,
      assert,
    }) => {
      const images = await catalogueEntryImages(client)
      assert.lengthOf(images, 2)
      const keys = await storage.keys('public', 'portfolio')
      for (const image of images) {
        for (const size of ['card', 'large'] as const) {
          assert.include(keys, imageFileKey(image.storageKey, size))
          assert.isTrue(isWebp(await storage.bytes('public', imageFileKey(image.storageKey, size))))
        }
      }
      assert.deepEqual(await storage.keys('private', '/'), [], 'nothing on the private store')
    })

    test('the public image endpoint streams the stored WebP, cached for a year', async ({ client, assert }) => {
      const [hero] = await catalogueEntryImages(client)
      for (const size of ['card', 'large'] as const) {
        const response = await client.get(`/api/agent-properties/images/${hero.id}/${size}`)
        response.assertStatus(200)
        assert.equal(response.headers()['content-type'], 'image/webp')
        assert.equal(response.headers()['cache-control'], 'public, max-age=31536000, immutable')
        const stored = await storage.bytes('public', imageFileKey(hero.storageKey, size))
        assert.isTrue(Buffer.from(response.body() as Buffer).equals(stored), `the ${size} size as stored`)
      }
    })

    test('an image whose files are gone answers 404 "Image not found"', async ({ client }) => {
      const [hero] = await catalogueEntryImages(client)
      await storage.disk('public').deleteAll(hero.storageKey)
      const response = await client.get(`/api/agent-properties/images/${hero.id}/large`)
      response.assertStatus(404)
      response.assertBody({ message: 'Image not found' })
    })

    test("a refused entry's stored images are removed from the store", async ({ assert }) => {
      const { webp } = await realImages()
      const keys = await storeImages([{ card: webp, large: webp, width: 1600, height: 1000 }])
      assert.lengthOf(await storage.keys('public', keys[0]), 2)
      await removeStoredImages(keys)
      assert.deepEqual(await storage.keys('public', keys[0]), [])
    })

    if (kind === 's3') {
      test('catalogue images are public: readable from the bucket without keys, not writable', async ({
        client,
        assert,
      }) => {
        const [hero] = await catalogueEntryImages(client)
        const s3 = storage.s3!
        const url = s3.objectUrl(s3.settings.publicBucket, imageFileKey(hero.storageKey, 'card'))
        const anonymous = await fetch(url)
        assert.equal(anonymous.status, 200)
        assert.isTrue(
          Buffer.from(await anonymous.arrayBuffer()).equals(
            await storage.bytes('public', imageFileKey(hero.storageKey, 'card'))
          )
        )
        const overwrite = await fetch(url, { method: 'PUT', body: 'defaced' })
        assert.equal(overwrite.status, 403)
      })
    }
  })
}
