import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { User } from '#identity'
import BookingDocument from '#documents/models/booking_document'
import DocumentKey from '#documents/models/document_key'
import { BOOKING_DOCUMENTS_FULL, MAX_DOCUMENTS_PER_BOOKING } from '#documents/services/document_store'
import { bearerFor } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { bookingOfMemberA, uploadDocument } from '#tests/helpers/documents'
import { useStorage } from '#tests/helpers/storage'

const FULL = 'This booking already has the most documents it can hold (20).'

/** `count` documents of the booking as rows (their files are not needed to count them). */
async function addRows(bookingId: number, uploadedById: number, count: number, extra: Partial<BookingDocument> = {}) {
  const rows: BookingDocument[] = []
  for (let index = 0; index < count; index++) {
    rows.push(
      await BookingDocument.create({
        bookingId,
        uploadedById,
        documentType: 'other',
        originalName: `earlier-${index}.pdf`,
        storageKey: `bookings/${randomUUID()}.enc`,
        mimeType: 'application/pdf',
        sizeBytes: 10,
        ...extra,
      })
    )
  }
  return rows
}

const rowsOf = (bookingId: number) => BookingDocument.query().where('booking_id', bookingId).orderBy('id')

function replace(client: ApiClient, token: string, bookingId: number, documentId: number) {
  return client
    .post(`/api/bookings/${bookingId}/documents/${documentId}/replace`)
    .bearerToken(token)
    .file('document', files.pdf, { filename: 'again.pdf' })
}

test.group('Bookings | documents per booking are capped', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const storage = useStorage(group, 'local')

  test('the cap is 20, stated in the message', ({ assert }) => {
    assert.equal(MAX_DOCUMENTS_PER_BOOKING, 20)
    assert.equal(BOOKING_DOCUMENTS_FULL, FULL)
  })

  test('an upload beyond the cap: 422 with a clear message, nothing stored', async ({ client, assert }) => {
    const { world, bookingId } = await bookingOfMemberA()
    const token = await bearerFor(client, world.memberA)
    await addRows(bookingId, world.memberA.id, MAX_DOCUMENTS_PER_BOOKING - 1)
    ;(await uploadDocument(client, token, bookingId, files.pdf, 'last.pdf')).assertStatus(201)
    const filesBefore = await storage.keys('private', 'bookings')
    const keysBefore = (await DocumentKey.all()).length

    const refused = await uploadDocument(client, token, bookingId, files.pdf, 'one-too-many.pdf')
    refused.assertStatus(422)
    assert.deepEqual(refused.body(), { message: FULL, errors: [{ field: 'document', message: FULL }] })
    assert.lengthOf(await rowsOf(bookingId), MAX_DOCUMENTS_PER_BOOKING)
    assert.deepEqual(await storage.keys('private', 'bookings'), filesBefore, 'no file left in storage')
    assert.lengthOf(await DocumentKey.all(), keysBefore, 'no key row left')
  })

  test('a deleted document does not count towards the cap', async ({ client }) => {
    const { world, bookingId } = await bookingOfMemberA()
    const token = await bearerFor(client, world.memberA)
    await addRows(bookingId, world.memberA.id, MAX_DOCUMENTS_PER_BOOKING - 1)
    const [deleted] = await addRows(bookingId, world.memberA.id, 1)
    await deleted.merge({ deletedAt: deleted.createdAt }).save()
    ;(await uploadDocument(client, token, bookingId, files.pdf, 'in-place-of-the-deleted.pdf')).assertStatus(201)
    ;(await uploadDocument(client, token, bookingId, files.pdf, 'beyond.pdf')).assertStatus(422)
  })

  test('uploading a rejected document again beyond the cap: 422, the rejected one stays current', async ({
    client,
    assert,
  }) => {
    const { world, bookingId } = await bookingOfMemberA()
    const token = await bearerFor(client, world.memberA)
    await addRows(bookingId, world.memberA.id, MAX_DOCUMENTS_PER_BOOKING - 1)
    const [rejected] = await addRows(bookingId, world.memberA.id, 1, {
      documentType: 'cheque',
      reviewStatus: 'rejected',
      reviewReason: 'Unreadable',
    })
    const filesBefore = await storage.keys('private', 'bookings')

    const refused = await replace(client, token, bookingId, rejected.id)
    refused.assertStatus(422)
    assert.equal(refused.body().message, FULL)
    await rejected.refresh()
    assert.isNull(rejected.replacedById)
    assert.lengthOf(await rowsOf(bookingId), MAX_DOCUMENTS_PER_BOOKING)
    assert.deepEqual(await storage.keys('private', 'bookings'), filesBefore, 'no file left in storage')
  })
})

/**
 * No global transaction here: the uploads must really race on separate connections and commit.
 * Everything the test creates is removed afterwards.
 */
test.group('Bookings | the documents cap under concurrency', (group) => {
  const storage = useStorage(group, 'local')

  test('uploads racing for the last place: one is added, the others refused, no file left behind', async ({
    client,
    assert,
  }) => {
    const { world, lot, booking, bookingId } = await bookingOfMemberA()
    const token = await bearerFor(client, world.memberA)
    const users = Object.values(world).filter((value): value is User => value instanceof User)
    try {
      await addRows(bookingId, world.memberA.id, MAX_DOCUMENTS_PER_BOOKING - 1)
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          uploadDocument(client, token, bookingId, files.pdf, `race-${index}.pdf`)
        )
      )
      const statuses = responses.map((response) => response.status()).sort()
      assert.deepEqual(statuses, [201, 422, 422, 422, 422, 422])
      const rows = await rowsOf(bookingId)
      assert.lengthOf(rows, MAX_DOCUMENTS_PER_BOOKING)
      const added = rows.filter((row) => row.originalName.startsWith('race-'))
      assert.lengthOf(added, 1)
      assert.deepEqual(
        await storage.keys('private', 'bookings'),
        [added[0].storageKey],
        'only the added document is stored'
      )
      assert.lengthOf(
        await DocumentKey.query().whereIn(
          'storage_key',
          rows.map((row) => row.storageKey)
        ),
        1,
        'only its key is kept'
      )
    } finally {
      const keys = (await rowsOf(bookingId)).map((row) => row.storageKey)
      await DocumentKey.query().whereIn('storage_key', keys).delete()
      await db.from('booking_documents').where('booking_id', bookingId).delete()
      await db.from('booking_status_history').where('booking_id', bookingId).delete()
      await db.from('bookings').where('id', booking.id).delete()
      await db.from('lots').where('id', lot.id).delete()
      await db.from('developments').where('id', lot.developmentId).delete()
      const userIds = users.map((user) => user.id)
      await db.from('auth_access_tokens').whereIn('tokenable_id', userIds).delete()
      await User.query().whereIn('id', userIds).delete()
      await db.from('agencies').whereIn('id', [world.agencyA.id, world.agencyB.id]).delete()
    }
  }).timeout(60_000)
})
