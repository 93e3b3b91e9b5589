import { randomBytes } from 'node:crypto'
import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import BookingDocument from '#documents/models/booking_document'
import DocumentKey from '#documents/models/document_key'
import {
  DocumentIntegrityError,
  keyCheckValue,
  unwrapDataKey,
  useDocumentKeyring,
} from '#documents/services/document_crypto'
import { keyringOf } from '#config/documents'
import { bearerFor } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { bookingOfMemberA, fetchDocument, uploadDocument } from '#tests/helpers/documents'

/** The key in use, and a new one an operator configured under the same label. */
const oldKey = { id: 'prod-1', key: randomBytes(32) }
const newKeySameLabel = { id: 'prod-1', key: randomBytes(32) }

async function twoDocuments(client: ApiClient) {
  const { world, bookingId } = await bookingOfMemberA()
  const token = await bearerFor(client, world.memberA)
  ;(await uploadDocument(client, token, bookingId, files.pdf, 'a.pdf')).assertStatus(201)
  ;(await uploadDocument(client, token, bookingId, files.png, 'b.png', 'ic_front')).assertStatus(201)
  const documents = await BookingDocument.query().where('booking_id', bookingId).orderBy('id')
  return { token, documents }
}

const keysOf = (documents: BookingDocument[]) =>
  DocumentKey.query()
    .whereIn(
      'storage_key',
      documents.map((document) => document.storageKey)
    )
    .orderBy('id')

async function readiness(client: ApiClient) {
  const response = await client.get('/api/health/ready')
  const check = response.body().checks.find((item: { name: string }) => item.name === 'Documents master key') as
    { status: string; message: string } | undefined
  return { status: response.status(), check }
}

test.group('Bookings | a document master key is known by the key, not its label', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const configured = useDocumentKeyring({ current: oldKey, previous: [] })
    return () => void useDocumentKeyring(configured)
  })
  // The commands' messages are kept, to be read by the tests.
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('a new key under the old id: rotation fails until the old key is configured, then reads every key back', async ({
    client,
    assert,
  }) => {
    const { token, documents } = await twoDocuments(client)
    const before = (await keysOf(documents)).map((key) => key.serializeAttributes())
    assert.deepEqual(
      (await keysOf(documents)).map((key) => key.keyCheck),
      [keyCheckValue(oldKey), keyCheckValue(oldKey)],
      'each key records the check value of the master key that wrapped it'
    )

    // The operator sets the new key under the old DOCUMENTS_MASTER_KEY_ID and drops the old key.
    useDocumentKeyring({ current: newKeySameLabel, previous: [] })
    const refused = await ace.exec('documents:rotate-key', [])
    refused.assertFailed()
    refused.assertLogMatches(/is not the key this document's key was wrapped under/)
    assert.notExists(
      refused.logger.getLogs().find((log) => /may now be removed/.test(log.message)),
      'never says the previous keys may be removed'
    )
    assert.deepEqual(
      (await keysOf(documents)).map((key) => key.serializeAttributes()),
      before,
      'no key changed'
    )
    const unreadable = await fetchDocument(client, token, documents[0])
    unreadable.assertStatus(500)

    // With the old key kept (even under the same label) the rotation goes through and checks itself.
    useDocumentKeyring(keyringOf(newKeySameLabel, [oldKey]))
    const rotated = await ace.exec('documents:rotate-key', [])
    rotated.assertSucceeded()
    rotated.assertLogMatches(/2 of 2 read back/)
    assert.deepEqual(
      (await keysOf(documents)).map((key) => key.keyCheck),
      [keyCheckValue(newKeySameLabel), keyCheckValue(newKeySameLabel)]
    )
    useDocumentKeyring({ current: newKeySameLabel, previous: [] })
    for (const [index, original] of [files.pdf, files.png].entries()) {
      const response = await fetchDocument(client, token, documents[index])
      response.assertStatus(200)
      assert.isTrue((response.body() as Buffer).equals(original))
    }
  })

  test('a key opened under a key whose check value differs is a clear error, not a wrong key', async ({
    client,
    assert,
  }) => {
    const { documents } = await twoDocuments(client)
    const [key] = await keysOf(documents)
    useDocumentKeyring({ current: newKeySameLabel, previous: [] })
    assert.throws(
      () => unwrapDataKey(key, key.storageKey),
      DocumentIntegrityError as never,
      /the master key configured as "prod-1" is not the key this document's key was wrapped under/i
    )
  })

  test('keys wrapped before check values are opened by trying the configured keys, and get one when rotated', async ({
    client,
    assert,
  }) => {
    const { token, documents } = await twoDocuments(client)
    const storageKeys = documents.map((document) => document.storageKey)
    await db.from('document_keys').whereIn('storage_key', storageKeys).update({ key_check: null })

    ;(await fetchDocument(client, token, documents[0])).assertStatus(200)
    useDocumentKeyring({ current: newKeySameLabel, previous: [] })
    const [legacy] = await keysOf(documents)
    assert.isNull(legacy.keyCheck)
    assert.throws(
      () => unwrapDataKey(legacy, legacy.storageKey),
      DocumentIntegrityError as never,
      /the master key configured as "prod-1" does not open it/
    )
    ;(await ace.exec('documents:rotate-key', [])).assertFailed()

    useDocumentKeyring(keyringOf(newKeySameLabel, [oldKey]))
    ;(await ace.exec('documents:rotate-key', [])).assertSucceeded()
    assert.deepEqual(
      (await keysOf(documents)).map((key) => key.keyCheck),
      [keyCheckValue(newKeySameLabel), keyCheckValue(newKeySameLabel)]
    )
  })

  test('an old key kept in DOCUMENTS_PREVIOUS_MASTER_KEYS under the new id stays configured', async ({ assert }) => {
    const keyring = keyringOf(newKeySameLabel, [oldKey, { id: 'copy', key: newKeySameLabel.key }])
    assert.deepEqual(keyring.previous, [oldKey], 'the current key listed again is dropped by its bytes')
  })

  test('readiness fails with a clear message when the master key cannot open the stored keys', async ({
    client,
    assert,
  }) => {
    await twoDocuments(client)
    const ok = await readiness(client)
    assert.equal(ok.status, 200)
    assert.equal(ok.check?.status, 'ok')

    // A wrong but well-formed key, under the stored keys' label or under a label of its own.
    for (const wrong of [newKeySameLabel, { id: 'k0123456789ab', key: randomBytes(32) }]) {
      useDocumentKeyring({ current: wrong, previous: [] })
      const refused = await readiness(client)
      assert.equal(refused.status, 503)
      assert.equal(refused.check?.status, 'error')
      assert.match(refused.check!.message, /DOCUMENTS_MASTER_KEY cannot open the stored document keys/)
    }

    // During a rotation: the new key current, the old one previous: ready.
    useDocumentKeyring({ current: { id: 'prod-2', key: newKeySameLabel.key }, previous: [oldKey] })
    const rotating = await readiness(client)
    assert.equal(rotating.status, 200)
    assert.equal(rotating.check?.status, 'ok')
  })
})
