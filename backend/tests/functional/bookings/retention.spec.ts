import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { ApplyDocumentRetention } from '#documents'
import BookingDocument from '#documents/models/booking_document'
import DocumentRetentionDeletion from '#documents/models/document_retention_deletion'
import DocumentKey from '#documents/models/document_key'
import type { BookingStatus } from '#bookings/workflow_table'
import { sqlDateTime } from '#core/dates'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { STORAGE_KINDS, useStorage } from '#tests/helpers/storage'

/** The run's clock: every test sets the bookings' end relative to it. */
const NOW = DateTime.utc(2026, 3, 10, 2, 0, 0)
const PERIODS = { unsold: 90, sold: 2557 }

/** How many rows of `table` match. */
async function rows(table: string, where: (query: ReturnType<typeof db.from>) => unknown = () => {}) {
  const query = db.from(table)
  where(query)
  const [{ total }] = await query.count('* as total')
  return Number(total)
}

/** A booking with IC front and back, put in `status` as if it reached it `daysAgo` days before NOW. */
async function bookingEnded(
  client: ApiClient,
  token: string,
  development: Awaited<ReturnType<typeof createDevelopment>>,
  status: BookingStatus,
  daysAgo: number
) {
  const lot = await createLot(development)
  const response = await requestBooking(client, token, lot.id, { icFront: 'jpeg', icBack: 'png' })
  response.assertStatus(201)
  const id = response.body().id as number
  await db
    .from('bookings')
    .where('id', id)
    .update({
      status,
      status_changed_at: sqlDateTime(NOW.minus({ days: daysAgo })),
      active_lot_id: ['sold', 'approved', 'pending_agent'].includes(status) ? lot.id : null,
    })
  const documents = await BookingDocument.query().where('booking_id', id).orderBy('id')
  return { id, documents }
}

async function setup(client: ApiClient) {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const token = await bearerFor(client, world.memberA)
  const ended = (status: BookingStatus, daysAgo: number) => bookingEnded(client, token, development, status, daysAgo)
  return {
    world,
    token,
    // Past their period: deleted.
    cancelled: await ended('cancelled', 91),
    expired: await ended('expired', 200),
    rejectedByAgent: await ended('rejected_by_agent', 90.5),
    soldLongAgo: await ended('sold', 2558),
    // Within their period, or not ended: kept.
    rejectedRecently: await ended('rejected', 89),
    soldRecently: await ended('sold', 400),
    approved: await ended('approved', 3000),
    pending: await ended('pending_agent', 3000),
  }
}

for (const kind of STORAGE_KINDS) {
  test.group(`Bookings | document retention on the ${kind} storage`, (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    const storage = useStorage(group, kind)

    test('deletes exactly the documents past their period, logs each, keeps the record', async ({ client, assert }) => {
      const cast = await setup(client)
      const due = [cast.cancelled, cast.expired, cast.rejectedByAgent, cast.soldLongAgo]
      const kept = [cast.rejectedRecently, cast.soldRecently, cast.approved, cast.pending]
      const dueIds = due.flatMap((booking) => booking.documents.map((document) => document.id)).sort((a, b) => a - b)

      const report = await new ApplyDocumentRetention().handle({ now: NOW, periods: PERIODS })
      assert.isFalse(report.dryRun)
      assert.deepEqual(
        report.deleted.map((document) => document.documentId).sort((a, b) => a - b),
        dueIds
      )

      const keys = await storage.keys('private', 'bookings')
      for (const booking of due) {
        for (const document of booking.documents) {
          assert.notInclude(keys, document.storageKey, 'the file is gone from the store')
          assert.isNull(await DocumentKey.findBy('storageKey', document.storageKey), 'its key is gone too')
          const row = await BookingDocument.findOrFail(document.id)
          assert.equal(row.deletedAt!.toMillis(), NOW.toMillis(), 'the row stays, marked deleted')
          assert.equal(row.deletionReason, booking === cast.soldLongAgo ? 'retention_sold' : 'retention_unsold')
        }
      }
      for (const booking of kept) {
        for (const document of booking.documents) {
          assert.include(keys, document.storageKey)
          assert.isNull((await BookingDocument.findOrFail(document.id)).deletedAt)
        }
      }

      const log = await DocumentRetentionDeletion.query().whereIn('document_id', dueIds).orderBy('document_id')
      assert.deepEqual(
        log.map((entry) => entry.documentId),
        dueIds
      )
      const soldEntry = log.find((entry) => entry.bookingId === cast.soldLongAgo.id)!
      assert.containSubset(soldEntry.serialize(), { rule: 'sold', retentionDays: 2557, bookingStatus: 'sold' })
      const cancelledEntry = log.find((entry) => entry.bookingId === cast.cancelled.id)!
      assert.containSubset(cancelledEntry.serialize(), {
        rule: 'unsold',
        retentionDays: 90,
        bookingStatus: 'cancelled',
        documentType: 'ic_front',
      })
      assert.equal(cancelledEntry.deletedAt.toMillis(), NOW.toMillis())
      assert.equal(cancelledEntry.bookingEndedAt.toMillis(), NOW.minus({ days: 91 }).toMillis())

      // A second run (another instance, tomorrow's) finds nothing left to do.
      const again = await new ApplyDocumentRetention().handle({ now: NOW.plus({ hours: 1 }), periods: PERIODS })
      assert.deepEqual(again.deleted, [])
      assert.equal(
        await rows('document_retention_deletions', (query) => query.whereIn('document_id', dueIds)),
        dueIds.length
      )
    })

    test('the booking details say the document existed and was deleted; its download answers 410', async ({
      client,
      assert,
    }) => {
      const cast = await setup(client)
      await new ApplyDocumentRetention().handle({ now: NOW, periods: PERIODS })
      for (const viewer of [cast.token, await bearerFor(client, cast.world.superAdmin)]) {
        const details = await client.get(`/api/bookings/${cast.cancelled.id}`).bearerToken(viewer)
        details.assertStatus(200)
        const body = details.body()
        assert.isNull(body.icFrontUrl)
        assert.isNull(body.icBackUrl)
        assert.deepEqual(body.icFrontDeletion, {
          at: NOW.toISO(),
          rule: 'retention: ended without a sale',
        })
        assert.lengthOf(body.documents, 2, 'both documents are still listed')
        for (const document of body.documents) {
          assert.containSubset(document, {
            url: null,
            downloadUrl: null,
            deletedAt: NOW.toISO(),
            deletionReason: 'retention_unsold',
            deletionRule: 'retention: ended without a sale',
          })
        }
        const kept = await client.get(`/api/bookings/${cast.soldRecently.id}`).bearerToken(viewer)
        assert.match(kept.body().icFrontUrl, /^\/api\/uploads\/documents\//)
        assert.isNull(kept.body().icFrontDeletion)
      }
      const download = await client
        .get(`/api/uploads/documents/${cast.cancelled.id}/${cast.cancelled.documents[0].id}`)
        .bearerToken(cast.token)
      download.assertStatus(410)
      assert.equal(
        download.body().message,
        'This document was deleted on Mar 10, 2026 (retention: ended without a sale).'
      )
    })

    test('a dry run lists what is due and deletes nothing', async ({ client, assert }) => {
      const cast = await setup(client)
      const before = await storage.keys('private', 'bookings')
      const report = await new ApplyDocumentRetention().handle({ now: NOW, periods: PERIODS, dryRun: true })
      assert.isTrue(report.dryRun)
      assert.sameMembers(
        [...new Set(report.deleted.map((document) => document.bookingId))],
        [cast.cancelled.id, cast.expired.id, cast.rejectedByAgent.id, cast.soldLongAgo.id]
      )
      assert.lengthOf(report.deleted, 8)
      assert.deepEqual(await storage.keys('private', 'bookings'), before)
      assert.equal(await rows('booking_documents', (query) => query.whereNotNull('deleted_at')), 0)
      assert.equal(await rows('document_retention_deletions'), 0)
    })

    test('the periods come from the settings: a shorter sold period takes the recent sale too', async ({
      client,
      assert,
    }) => {
      const cast = await setup(client)
      const report = await new ApplyDocumentRetention().handle({ now: NOW, periods: { unsold: 365, sold: 365 } })
      assert.sameMembers(
        [...new Set(report.deleted.map((document) => document.bookingId))],
        [cast.soldLongAgo.id, cast.soldRecently.id]
      )
    })
  })
}
