import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import BookingDocument from '#documents/models/booking_document'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { STORAGE_KINDS, useStorage } from '#tests/helpers/storage'
import { readAll } from '#tests/helpers/documents'
import { readStoredDocument } from '#documents/services/document_store'

async function setup() {
  const world = await bookingWorld()
  const lot = await createLot(await createDevelopment())
  return { ...world, lot }
}

function upload(client: ApiClient, token: string, bookingId: number, type: string, file: Buffer, name: string) {
  return client
    .post('/api/uploads/document')
    .bearerToken(token)
    .field('bookingId', String(bookingId))
    .field('documentType', type)
    .file('document', file, { filename: name })
}

async function storedDocuments(bookingId: number) {
  return BookingDocument.query().where('booking_id', bookingId).orderBy('id')
}

for (const kind of STORAGE_KINDS) {
  test.group(`Bookings | identity documents and cheques on the ${kind} storage`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    const storage = useStorage(group, kind)

    test('the request form and a later upload land in the private store, byte for byte', async ({ client, assert }) => {
      const world = await setup()
      const token = await bearerFor(client, world.memberA)
      const response = await requestBooking(client, token, world.lot.id, { icFront: 'jpeg', icBack: 'png' })
      response.assertStatus(201)
      const bookingId = response.body().id as number
      ;(await upload(client, token, bookingId, 'cheque', files.pdf, 'cheque.pdf')).assertStatus(201)

      const documents = await storedDocuments(bookingId)
      assert.deepEqual(
        documents.map((document) => document.documentType),
        ['ic_front', 'ic_back', 'cheque']
      )
      const keys = await storage.keys('private', 'bookings')
      for (const document of documents) assert.include(keys, document.storageKey)
      // Encrypted at rest (tests/functional/bookings/document_encryption.spec.ts): the store holds
      // ciphertext of the file's length, which decrypts to the upload byte for byte.
      for (const [index, original] of [files.jpeg, files.png, files.pdf].entries()) {
        const stored = await storage.bytes('private', documents[index].storageKey)
        assert.equal(stored.length, original.length)
        assert.isFalse(stored.equals(original))
        assert.isTrue((await readAll((await readStoredDocument(documents[index].storageKey))!)).equals(original))
      }
      assert.deepEqual(await storage.keys('public', '/'), [], 'nothing personal on the public store')
    })

    test("downloads stream the stored file to the requester, the agency's agent admin and super admins only", async ({
      client,
      assert,
    }) => {
      const world = await setup()
      const requester = await bearerFor(client, world.memberA)
      const response = await requestBooking(client, requester, world.lot.id)
      const bookingId = response.body().id as number
      const uploaded = await upload(client, requester, bookingId, 'cheque', files.pdf, 'cheque "March".pdf')
      uploaded.assertStatus(201)
      const url = uploaded.body().documentUrl as string

      for (const who of ['memberA', 'agentA', 'superAdmin', 'admin'] as const) {
        const download = await client.get(`${url}?download=1`).bearerToken(await bearerFor(client, world[who]))
        download.assertStatus(200)
        const headers = download.headers()
        assert.equal(headers['content-type'], 'application/pdf')
        assert.equal(headers['content-disposition'], 'attachment; filename="cheque _March_.pdf"')
        assert.equal(headers['cache-control'], 'private, no-store')
        assert.equal(headers['x-content-type-options'], 'nosniff')
        assert.isTrue((download.body() as Buffer).equals(files.pdf), `${who} gets the uploaded bytes`)
      }
      assert.match((await client.get(url).bearerToken(requester)).headers()['content-disposition'], /^inline;/)
      for (const who of ['otherMemberA', 'agentB', 'memberB', 'plainUser'] as const) {
        const refused = await client.get(url).bearerToken(await bearerFor(client, world[who]))
        refused.assertStatus(403)
        assert.isString(refused.body().message)
      }
      ;(await client.get(url)).assertStatus(401)
    })

    test('a booking that is not made leaves no file in the store', async ({ client, assert }) => {
      const world = await setup()
      const first = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id)
      first.assertStatus(201)
      const before = await storage.keys('private', 'bookings')
      const second = await requestBooking(client, await bearerFor(client, world.otherMemberA), world.lot.id, {
        icFront: 'jpeg',
        icBack: 'png',
      })
      second.assertStatus(409)
      assert.deepEqual(await storage.keys('private', 'bookings'), before)
    })

    test('a document whose stored file is gone answers 404', async ({ client }) => {
      const world = await setup()
      const token = await bearerFor(client, world.memberA)
      const response = await requestBooking(client, token, world.lot.id, { icFront: 'jpeg', icBack: 'png' })
      const [document] = await storedDocuments(response.body().id)
      await storage.disk('private').delete(document.storageKey)
      const download = await client
        .get(`/api/uploads/documents/${document.bookingId}/${document.id}`)
        .bearerToken(token)
      download.assertStatus(404)
      download.assertBody({ message: 'Document not found' })
    })

    if (kind === 's3') {
      test('nothing in the private bucket is readable without the instance keys', async ({ client, assert }) => {
        const world = await setup()
        const response = await requestBooking(client, await bearerFor(client, world.memberA), world.lot.id, {
          icFront: 'jpeg',
          icBack: 'png',
        })
        const [document] = await storedDocuments(response.body().id)
        const s3 = storage.s3!
        const { bucket } = s3.settings

        const anonymous = await fetch(s3.objectUrl(bucket, document.storageKey))
        assert.equal(anonymous.status, 403, 'an unsigned GET is refused')
        assert.notInclude(await anonymous.text(), files.jpeg.toString('latin1'))
        assert.equal((await fetch(`${s3.settings.endpoint}/${bucket}`)).status, 403, 'no anonymous listing')
        const forged = await storage.getObject(bucket, document.storageKey, 'not-the-secret')
        assert.equal(forged.status, 403, 'a GET signed with another secret is refused')
        const signed = await storage.getObject(bucket, document.storageKey)
        assert.equal(signed.status, 200, 'the instance keys read it from the private bucket')
        assert.isFalse(signed.bytes?.equals(files.jpeg), 'as ciphertext: the bucket alone reveals nothing')
      })
    }
  })
}
