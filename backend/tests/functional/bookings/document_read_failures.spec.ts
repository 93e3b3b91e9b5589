import { randomBytes } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import BookingDocument from '#documents/models/booking_document'
import DocumentAccess from '#documents/models/document_access'
import { useDocumentKeyring } from '#documents/services/document_crypto'
import { bearerFor } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { bookingOfMemberA, fetchDocument, uploadDocument } from '#tests/helpers/documents'
import { useStorage } from '#tests/helpers/storage'

const keyA = { id: 'key-a', key: randomBytes(32) }
const keyB = { id: 'key-b', key: randomBytes(32) }

/** This process's open file descriptors (the HTTP server under test runs in it). */
const openDescriptors = () => readdirSync('/proc/self/fd').length

test.group('Bookings | a document that cannot be opened', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    const configured = useDocumentKeyring({ current: keyA, previous: [] })
    return () => void useDocumentKeyring(configured)
  })
  useStorage(group, 'local')

  test('50 reads whose key does not unwrap: each 500, no file left open, no access recorded', async ({
    client,
    assert,
  }) => {
    const { world, bookingId } = await bookingOfMemberA()
    const token = await bearerFor(client, world.memberA)
    ;(await uploadDocument(client, token, bookingId, files.pdf, 'cheque.pdf', 'cheque')).assertStatus(201)
    const [document] = await BookingDocument.query().where('booking_id', bookingId)
    const accesses = () => DocumentAccess.query().where('document_id', document.id)

    // Its master key is gone: the document key no longer unwraps.
    useDocumentKeyring({ current: keyB, previous: [] })
    ;(await fetchDocument(client, token, document)).assertStatus(500)
    await sleep(50)
    const before = openDescriptors()
    for (let attempt = 0; attempt < 50; attempt++) {
      const response = await fetchDocument(client, token, document, attempt % 2 === 0)
      response.assertStatus(500)
      assert.equal(
        response.body().message,
        'The document could not be read. It may have been altered; please contact support.'
      )
    }
    await sleep(50)
    const after = openDescriptors()
    assert.isBelow(after - before, 10, `open descriptors went ${before} -> ${after}`)
    assert.lengthOf(await accesses(), 0, 'nothing was sent: no view or download is recorded')

    // With its key back, a read is served and recorded once.
    useDocumentKeyring({ current: keyA, previous: [] })
    const served = await fetchDocument(client, token, document)
    served.assertStatus(200)
    assert.isTrue((served.body() as Buffer).equals(files.pdf))
    assert.deepEqual(
      (await accesses()).map((access) => access.action),
      ['download']
    )
  })
})
