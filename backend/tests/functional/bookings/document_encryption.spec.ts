import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import BookingDocument from '#documents/models/booking_document'
import DocumentKey from '#documents/models/document_key'
import { DocumentIntegrityError, documentKeyring, useDocumentKeyring } from '#documents/services/document_crypto'
import { readStoredDocument } from '#documents/services/document_store'
import { bearerFor } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { bookingOfMemberA, fetchDocument, readAll, uploadDocument } from '#tests/helpers/documents'
import { STORAGE_KINDS, useStorage } from '#tests/helpers/storage'

/** A PNG by its first bytes, large enough to arrive in many chunks (local reads and S3 alike). */
const largePng = Buffer.concat([files.png.subarray(0, 8), randomBytes(700 * 1024)])

const keyA = { id: 'key-a', key: randomBytes(32) }
const keyB = { id: 'key-b', key: randomBytes(32) }

async function bookingWithDocuments(client: ApiClient) {
  const { world, bookingId } = await bookingOfMemberA()
  return { world, bookingId, token: await bearerFor(client, world.memberA) }
}

const upload = uploadDocument
const download = (client: ApiClient, token: string, document: BookingDocument) => fetchDocument(client, token, document)

for (const kind of STORAGE_KINDS) {
  test.group(`Bookings | documents encrypted at rest on the ${kind} storage`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    group.each.setup(() => {
      const configured = useDocumentKeyring({ current: keyA, previous: [] })
      return () => void useDocumentKeyring(configured)
    })
    const storage = useStorage(group, kind)

    test('the stored bytes differ from the upload, and decrypt to it', async ({ client, assert }) => {
      const { token, bookingId } = await bookingWithDocuments(client)
      ;(await upload(client, token, bookingId, largePng, 'ic.png', 'ic_front')).assertStatus(201)
      ;(await upload(client, token, bookingId, files.pdf, 'cheque.pdf', 'cheque')).assertStatus(201)
      const documents = await BookingDocument.query().where('booking_id', bookingId).orderBy('id')

      for (const [document, original] of [
        [documents[0], largePng],
        [documents[1], files.pdf],
      ] as const) {
        assert.match(document.storageKey, /^bookings\/[0-9a-f-]{36}\.enc$/)
        const stored = await storage.bytes('private', document.storageKey)
        assert.equal(stored.length, original.length, 'GCM adds no padding')
        assert.isFalse(stored.equals(original), 'the disk holds ciphertext')
        assert.equal(stored.indexOf(original.subarray(0, 16)), -1, 'not even the file header is readable')
        const key = await DocumentKey.findByOrFail('storageKey', document.storageKey)
        assert.equal(key.keyId, 'key-a')
        assert.notInclude(key.wrappedKey, keyA.key.toString('base64'))
        assert.isTrue((await readAll((await readStoredDocument(document.storageKey))!)).equals(original))
        const response = await download(client, token, document)
        response.assertStatus(200)
        assert.isTrue((response.body() as Buffer).equals(original), 'the download is the upload')
      }
    })

    test('rotation re-wraps every key under the new master key; every document stays readable', async ({
      client,
      assert,
    }) => {
      const { token, bookingId } = await bookingWithDocuments(client)
      ;(await upload(client, token, bookingId, largePng, 'a.png')).assertStatus(201)
      ;(await upload(client, token, bookingId, files.jpeg, 'b.jpg')).assertStatus(201)

      // The new key is configured, the old one kept as previous: old documents stay readable...
      useDocumentKeyring({ current: keyB, previous: [keyA] })
      ;(await upload(client, token, bookingId, files.pdf, 'c.pdf')).assertStatus(201)
      const documents = await BookingDocument.query().where('booking_id', bookingId).orderBy('id')
      const originals = [largePng, files.jpeg, files.pdf]
      const keyIds = async () =>
        (
          await DocumentKey.query()
            .whereIn(
              'storage_key',
              documents.map((d) => d.storageKey)
            )
            .orderBy('id')
        ).map((key) => key.keyId)
      assert.deepEqual(await keyIds(), ['key-a', 'key-a', 'key-b'])
      for (const [index, document] of documents.entries()) {
        assert.isTrue(((await download(client, token, document)).body() as Buffer).equals(originals[index]))
      }
      const storedBefore = await Promise.all(documents.map((d) => storage.bytes('private', d.storageKey)))

      const command = await ace.exec('documents:rotate-key', [])
      command.assertSucceeded()
      assert.deepEqual(await keyIds(), ['key-b', 'key-b', 'key-b'])
      const storedAfter = await Promise.all(documents.map((d) => storage.bytes('private', d.storageKey)))
      assert.deepEqual(storedAfter, storedBefore, 'the objects are not rewritten')

      // ...and once rotated, the old key is no longer needed.
      useDocumentKeyring({ current: keyB, previous: [] })
      for (const [index, document] of documents.entries()) {
        const response = await download(client, token, document)
        response.assertStatus(200)
        assert.isTrue((response.body() as Buffer).equals(originals[index]), `document ${index} still reads`)
      }
      ;(await ace.exec('documents:rotate-key', [])).assertSucceeded()
    })

    test('a key under a master key that is not configured is reported by the rotation and fails closed', async ({
      client,
      assert,
    }) => {
      const { token, bookingId } = await bookingWithDocuments(client)
      ;(await upload(client, token, bookingId, files.pdf, 'a.pdf')).assertStatus(201)
      const [document] = await BookingDocument.query().where('booking_id', bookingId)
      useDocumentKeyring({ current: keyB, previous: [] })

      const command = await ace.exec('documents:rotate-key', [])
      command.assertFailed()
      assert.equal((await DocumentKey.findByOrFail('storageKey', document.storageKey)).keyId, 'key-a')
      const response = await download(client, token, document)
      response.assertStatus(500)
      assert.match(response.body().message, /could not be read/)
    })

    test('documents:encrypt-existing converts the files stored in the clear, once', async ({ client, assert }) => {
      const { token, bookingId } = await bookingWithDocuments(client)
      // Two documents as they were stored before encryption: plain bytes, no key row.
      const legacy = [
        { key: `bookings/legacy-${kind}-1.png`, bytes: largePng },
        { key: `bookings/legacy-${kind}-2.pdf`, bytes: files.pdf },
      ]
      const documents: BookingDocument[] = []
      for (const [index, file] of legacy.entries()) {
        await storage.disk('private').put(file.key, file.bytes)
        documents.push(
          await BookingDocument.create({
            bookingId,
            documentType: 'other',
            originalName: `legacy-${index}`,
            storageKey: file.key,
            mimeType: index === 0 ? 'image/png' : 'application/pdf',
            sizeBytes: file.bytes.length,
          })
        )
      }
      assert.isTrue(((await download(client, token, documents[0])).body() as Buffer).equals(largePng), 'plain reads')

      const command = await ace.exec('documents:encrypt-existing', [])
      command.assertSucceeded()

      for (const [index, document] of documents.entries()) {
        await document.refresh()
        assert.match(document.storageKey, /\.enc$/)
        assert.isFalse(await storage.disk('private').exists(legacy[index].key), 'the plain file is gone')
        const stored = await storage.bytes('private', document.storageKey)
        assert.isFalse(stored.equals(legacy[index].bytes))
        assert.isNotNull(await DocumentKey.findBy('storageKey', document.storageKey))
        const response = await download(client, token, document)
        response.assertStatus(200)
        assert.isTrue((response.body() as Buffer).equals(legacy[index].bytes))
      }
      const encryptedKeys = documents.map((document) => document.storageKey)
      ;(await ace.exec('documents:encrypt-existing', [])).assertSucceeded()
      for (const document of documents) await document.refresh()
      assert.deepEqual(
        documents.map((document) => document.storageKey),
        encryptedKeys,
        'a second run changes nothing'
      )
    })

    test('an altered file fails closed: never served whole, the stream errors', async ({ client, assert }) => {
      const { token, bookingId } = await bookingWithDocuments(client)
      ;(await upload(client, token, bookingId, files.pdf, 'small.pdf')).assertStatus(201)
      ;(await upload(client, token, bookingId, largePng, 'large.png')).assertStatus(201)
      const [small, large] = await BookingDocument.query().where('booking_id', bookingId).orderBy('id')
      for (const document of [small, large]) {
        const stored = await storage.bytes('private', document.storageKey)
        stored[stored.length - 1] ^= 0x01
        await storage.disk('private').put(document.storageKey, stored)
        await assert.rejects(
          async () => readAll((await readStoredDocument(document.storageKey))!),
          DocumentIntegrityError as never
        )
      }

      const refused = await download(client, token, small)
      refused.assertStatus(500)
      assert.equal(
        refused.body().message,
        'The document could not be read. It may have been altered; please contact support.'
      )

      // A large file is streamed as it is decrypted: its last chunk is held back until the tag
      // checks, so the client never receives the whole file and the answer ends in an error.
      const url = `http://${process.env.HOST}:${process.env.PORT}/api/uploads/documents/${bookingId}/${large.id}`
      const response = await fetch(url, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      })
      assert.equal(response.status, 200, 'the first chunks are sent as they are decrypted')
      let received: Buffer | null = null
      let failure: Error | null = null
      try {
        received = Buffer.from(await response.arrayBuffer())
      } catch (error) {
        failure = error as Error
      }
      assert.isNotNull(failure, 'the answer ends in an error, not a complete body')
      assert.notEqual(failure?.name, 'TimeoutError')
      assert.isFalse(Boolean(received?.equals(largePng)), 'the altered file is never delivered whole')
    })
  })
}

test.group('Bookings | document master key', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('tests run under the configured key, never APP_KEY', async ({ assert }) => {
    const { default: env } = await import('#start/env')
    const keyring = documentKeyring()
    assert.equal(keyring.current.id, 'test-1')
    assert.lengthOf(keyring.current.key, 32)
    assert.notEqual(keyring.current.key.toString('base64'), env.get('APP_KEY').release())
  })

  test('a malformed key is refused with a clear message', async ({ assert }) => {
    const { parseMasterKey, parsePreviousKeys } = await import('#config/documents')
    assert.throws(() => parseMasterKey('c2hvcnQ=', undefined, 'DOCUMENTS_MASTER_KEY'), /not 32 bytes of base64/)
    const previous = parsePreviousKeys(`old:${keyA.key.toString('base64')}, ${keyB.key.toString('base64')}`)
    assert.deepEqual(
      previous.map((key) => key.id),
      ['old', previous[1].id]
    )
    assert.match(previous[1].id, /^k[0-9a-f]{12}$/)
  })
})
