import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { AuditEntry } from '#audit'
import { Booking, type BookingStatus } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import BookingStatusChange from '#bookings/models/booking_status_change'
import { Lot } from '#inventory'
import type { User } from '#identity'
import { Notification } from '#notifications'
import { tokenFor } from '#tests/helpers/agencies'
import { bookingWorld, createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'
import { recordBroadcasts } from '#tests/helpers/live'

type World = Awaited<ReturnType<typeof bookingWorld>>
type Person = keyof Omit<World, 'agencyA' | 'agencyB'>

const REJECTED_CHEQUE_FORWARD =
  'The payment cheque was rejected (Amount unreadable). It must be uploaded again before this booking can be forwarded.'

async function setUp() {
  const world = await bookingWorld()
  const development = await createDevelopment({ name: 'Aero Industrial Hub' })
  const lot = await createLot(development, { unitNumber: 'MKS-07', lotNumber: '4107' })
  return { world, lot }
}

/** A member of agency A asks for the lot with a cheque and both IC sides: pending_agent, documents pending. */
async function memberRequest(client: ApiClient, world: World, lot: Lot) {
  const response = await requestBooking(client, await tokenFor(world.memberA), lot.id, {
    cheque: 'pdf',
    icFront: 'png',
    icBack: 'jpeg',
  })
  response.assertStatus(201)
  return documentsOf(response.body().id)
}

/** Agency A's agent admin asks for the lot themselves: pending_admin; the form required all three documents. */
async function agentRequest(client: ApiClient, world: World, lot: Lot) {
  const response = await requestBooking(client, await tokenFor(world.agentA), lot.id, {
    cheque: 'pdf',
    icFront: 'png',
    icBack: 'png',
  })
  response.assertStatus(201)
  return documentsOf(response.body().id)
}

async function documentsOf(bookingId: number) {
  const rows = await BookingDocument.query().where('booking_id', bookingId).orderBy('id')
  const byType = Object.fromEntries(rows.map((row) => [row.documentType, row])) as Record<string, BookingDocument>
  return { bookingId, cheque: byType.cheque, icFront: byType.ic_front, icBack: byType.ic_back }
}

async function as(user: User | null, request: ReturnType<ApiClient['get']>) {
  if (user) request.bearerToken(await tokenFor(user))
  return request
}

function review(client: ApiClient, bookingId: number, documentId: number | string, body: unknown) {
  return client.put(`/api/bookings/${bookingId}/documents/${documentId}/review`).json(body as object)
}

function replace(client: ApiClient, bookingId: number, documentId: number | string, file: Buffer, name: string) {
  return client
    .post(`/api/bookings/${bookingId}/documents/${documentId}/replace`)
    .file('document', file, { filename: name })
}

function approve(client: ApiClient, bookingId: number) {
  return client.put(`/api/bookings/${bookingId}/agent-response`).json({ action: 'approve' })
}

function decide(client: ApiClient, bookingId: number, status: string) {
  return client.put(`/api/bookings/${bookingId}/status-update`).json({ status })
}

async function historyOf(bookingId: number) {
  return BookingStatusChange.query().where('booking_id', bookingId).orderBy('id')
}

async function setStatus(bookingId: number, status: BookingStatus) {
  const booking = await Booking.findOrFail(bookingId)
  const holds = !['rejected', 'rejected_by_agent', 'cancelled', 'expired'].includes(status)
  await booking.merge({ status, activeLotId: holds ? booking.lotId : null }).save()
}

test.group('Document review | who reviews, at which tier', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{status}: {who} -> {code}')
    .with([
      { status: 'pending_agent', who: 'agentA', code: 200 },
      { status: 'pending_agent', who: 'agentB', code: 403 },
      { status: 'pending_agent', who: 'superAdmin', code: 403 },
      { status: 'pending_agent', who: 'admin', code: 403 },
      { status: 'pending_agent', who: 'memberA', code: 403 },
      { status: 'pending_agent', who: 'otherMemberA', code: 403 },
      { status: 'pending_agent', who: null, code: 401 },
      { status: 'pending_admin', who: 'superAdmin', code: 200 },
      { status: 'pending_admin', who: 'admin', code: 200 },
      { status: 'pending_admin', who: 'agentA', code: 403 },
      { status: 'pending_admin', who: 'memberA', code: 403 },
      { status: 'approved', who: 'superAdmin', code: 200 },
      { status: 'approved', who: 'agentA', code: 403 },
      { status: 'sold', who: 'superAdmin', code: 409 },
      { status: 'rejected_by_agent', who: 'agentA', code: 409 },
      { status: 'cancelled', who: 'memberA', code: 403 },
      { status: 'expired', who: 'agentB', code: 403 },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const { world, lot } = await setUp()
      const { bookingId, cheque } = await memberRequest(client, world, lot)
      await setStatus(bookingId, row.status)
      const before = (await historyOf(bookingId)).length
      const response = await as(
        row.who ? world[row.who as Person] : null,
        review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Amount unreadable' })
      )
      response.assertStatus(row.code)
      assert.isString(response.body().message)
      await cheque.refresh()
      if (row.code === 200) {
        assert.equal(cheque.reviewStatus, 'rejected')
        assert.equal(cheque.reviewReason, 'Amount unreadable')
        assert.equal(cheque.reviewedById, world[row.who as Person].id)
        assert.equal((await historyOf(bookingId)).length, before + 1)
      } else {
        assert.equal(cheque.reviewStatus, 'pending')
        assert.isNull(cheque.reviewedById)
        assert.equal((await historyOf(bookingId)).length, before)
      }
      if (row.code === 409) assert.match(response.body().message, /can no longer be reviewed\.$/)
    })

  test('the booking says who may review or upload again now', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    const flags = async (who: Person) => {
      const body = (await as(world[who], client.get(`/api/bookings/${bookingId}`))).body()
      return [body.canReviewDocuments, body.canReplaceDocuments]
    }
    assert.deepEqual(await flags('agentA'), [true, false])
    assert.deepEqual(await flags('superAdmin'), [false, false])
    assert.deepEqual(await flags('memberA'), [false, true])

    const shown = (await as(world.memberA, client.get(`/api/bookings/${bookingId}`))).body()
    assert.deepEqual(
      shown.documentReview.map((entry: { documentType: string; status: string; required: boolean }) => [
        entry.documentType,
        entry.status,
        entry.required,
      ]),
      [
        ['cheque', 'pending', false],
        ['ic_front', 'pending', false],
        ['ic_back', 'pending', false],
      ]
    )
    assert.isNull(shown.documentsBlocking)
    assert.containSubset(shown.documents[0], {
      id: cheque.id,
      review: { status: 'pending', reason: null, by: null, at: null },
      replacedById: null,
      current: true,
    })

    await setStatus(bookingId, 'pending_admin')
    assert.deepEqual(await flags('agentA'), [false, false])
    assert.deepEqual(await flags('superAdmin'), [true, false])
    assert.deepEqual(await flags('memberA'), [false, true])
    await setStatus(bookingId, 'approved')
    assert.deepEqual(await flags('superAdmin'), [true, false])
    assert.deepEqual(await flags('memberA'), [false, false])
  })
})

test.group('Document review | input', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{title}: 422 on {field}, nothing changes')
    .with([
      { title: 'rejected without a reason', body: { status: 'rejected' }, field: 'reason' },
      { title: 'a blank reason', body: { status: 'rejected', reason: '   ' }, field: 'reason' },
      { title: 'a null reason', body: { status: 'rejected', reason: null }, field: 'reason' },
      { title: 'a reason too long', body: { status: 'rejected', reason: 'x'.repeat(501) }, field: 'reason' },
      { title: 'a reason that is an object', body: { status: 'rejected', reason: { $ne: 1 } }, field: 'reason' },
      { title: 'no status', body: { reason: 'fine' }, field: 'status' },
      { title: 'an unknown status', body: { status: 'approved' }, field: 'status' },
      { title: 'a status that is a list', body: { status: ['accepted'] }, field: 'status' },
      { title: 'a body that is a list', body: [{ status: 'accepted' }], field: 'status' },
    ])
    .run(async ({ client, assert }, row) => {
      const { world, lot } = await setUp()
      const { bookingId, cheque } = await memberRequest(client, world, lot)
      const before = (await historyOf(bookingId)).length
      const response = await as(world.agentA, review(client, bookingId, cheque.id, row.body))
      response.assertStatus(422)
      assert.isString(response.body().message)
      assert.equal(response.body().errors[0].field, row.field)
      if (row.field === 'reason' && row.title !== 'a reason too long' && row.title !== 'a reason that is an object') {
        assert.equal(response.body().message, 'Please give a reason for rejecting this document.')
      }
      await cheque.refresh()
      assert.equal(cheque.reviewStatus, 'pending')
      assert.equal((await historyOf(bookingId)).length, before)
    })

  test('unknown bookings and documents, and documents of another booking, are 404', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    const other = await memberRequest(client, world, await createLot(await createDevelopment()))
    const body = { status: 'accepted' }
    const missing = await as(world.agentA, review(client, bookingId + 1000, cheque.id, body))
    missing.assertStatus(404)
    assert.equal(missing.body().message, 'Booking not found. It may have already been cancelled or processed.')
    ;(await as(world.agentA, review(client, bookingId, cheque.id + 1000, body))).assertStatus(404)
    const elsewhere = await as(world.agentA, review(client, bookingId, other.cheque.id, body))
    elsewhere.assertStatus(404)
    assert.equal(elsewhere.body().message, 'Document not found')
    ;(await as(world.agentA, review(client, bookingId, 'abc', body))).assertStatus(404)
    ;(await as(world.memberA, replace(client, bookingId, other.cheque.id, files.pdf, 'c.pdf'))).assertStatus(404)
    await other.cheque.refresh()
    assert.equal(other.cheque.reviewStatus, 'pending')
  })

  test('an acceptance keeps no reason; a reason is trimmed and kept as text', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque, icFront } = await memberRequest(client, world, lot)
    const accepted = await as(world.agentA, review(client, bookingId, cheque.id, { status: 'accepted', reason: 'ok' }))
    accepted.assertStatus(200)
    assert.equal(accepted.body().message, 'Document accepted.')
    assert.containSubset(accepted.body().documentReview[0], {
      documentType: 'cheque',
      label: 'payment cheque',
      documentId: cheque.id,
      status: 'accepted',
      reason: null,
      reviewedBy: world.agentA.name,
    })
    assert.isString(accepted.body().documentReview[0].reviewedAt)
    const hostile = '  <img src=x onerror=alert(1)> blurred  '
    const rejected = await as(
      world.agentA,
      review(client, bookingId, icFront.id, { status: 'rejected', reason: hostile })
    )
    rejected.assertStatus(200)
    assert.equal(rejected.body().message, 'Document rejected.')
    await icFront.refresh()
    assert.equal(icFront.reviewReason, hostile.trim())
  })
})

test.group('Document review | a rejected or missing document holds back forwarding and decisions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the agent admin cannot forward while the cheque is rejected; the message names it', async ({
    client,
    assert,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    const reviewed = await as(
      world.agentA,
      review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Amount unreadable' })
    )
    reviewed.assertStatus(200)
    assert.equal(reviewed.body().documentsBlocking, REJECTED_CHEQUE_FORWARD)
    assert.equal(reviewed.body().status, 'pending_agent')
    // The booking says so before anyone presses Approve: not allowed now, blocked with the reason.
    const shown = await as(world.agentA, client.get(`/api/bookings/${bookingId}`))
    shown.assertStatus(200)
    assert.deepEqual(shown.body().allowedActions, ['reject'])
    assert.deepEqual(shown.body().blockedActions, [{ action: 'approve', reason: REJECTED_CHEQUE_FORWARD }])

    const forwarded = await as(world.agentA, approve(client, bookingId))
    forwarded.assertStatus(409)
    assert.equal(forwarded.body().message, REJECTED_CHEQUE_FORWARD)
    const booking = await Booking.findOrFail(bookingId)
    assert.equal(booking.status, 'pending_agent')
    assert.isNull(booking.agentResponseDate)
    assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')

    // Accepting it again lifts the block.
    const accepted = await as(world.agentA, review(client, bookingId, cheque.id, { status: 'accepted' }))
    accepted.assertStatus(200)
    assert.includeMembers(accepted.body().allowedActions, ['approve', 'reject'])
    assert.deepEqual(accepted.body().blockedActions, [])
    ;(await as(world.agentA, approve(client, bookingId))).assertStatus(200)
    assert.equal((await Booking.findOrFail(bookingId)).status, 'pending_admin')
  })

  test('rejecting the booking and cancelling it are never held back', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const first = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, first.bookingId, first.icBack.id, { status: 'rejected', reason: 'Blurred' }))
    const rejected = await as(
      world.agentA,
      client.put(`/api/bookings/${first.bookingId}/agent-response`).json({ action: 'reject' })
    )
    rejected.assertStatus(200)
    assert.equal(rejected.body().status, 'rejected_by_agent')

    const second = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, second.bookingId, second.cheque.id, { status: 'rejected', reason: 'No' }))
    ;(await as(world.memberA, client.delete(`/api/bookings/${second.bookingId}`))).assertStatus(200)
    assert.equal((await Booking.findOrFail(second.bookingId)).status, 'cancelled')
  })

  test('pending documents never hold anything back (bookings made before reviews move as before)', async ({
    client,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId } = await memberRequest(client, world, lot)
    ;(await as(world.agentA, approve(client, bookingId))).assertStatus(200)
    ;(await as(world.superAdmin, decide(client, bookingId, 'booked'))).assertStatus(200)
    ;(await as(world.superAdmin, decide(client, bookingId, 'sold'))).assertStatus(200)
  })

  test('the super admin cannot book or sell while an IC side is rejected; rejecting stays open', async ({
    client,
    assert,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId, icBack } = await agentRequest(client, world, lot)
    assert.equal((await Booking.findOrFail(bookingId)).status, 'pending_admin')
    ;(
      await as(world.superAdmin, review(client, bookingId, icBack.id, { status: 'rejected', reason: 'Cut off' }))
    ).assertStatus(200)
    const shown = await as(world.superAdmin, client.get(`/api/bookings/${bookingId}`))
    assert.deepEqual(shown.body().allowedActions, ['reject'])
    assert.deepEqual(shown.body().blockedActions, [
      {
        action: 'booked',
        reason: 'The IC (back) was rejected (Cut off). It must be uploaded again before this booking can be booked.',
      },
      {
        action: 'sold',
        reason:
          'The IC (back) was rejected (Cut off). It must be uploaded again before this booking can be marked as sold.',
      },
    ])
    const booked = await as(world.superAdmin, decide(client, bookingId, 'booked'))
    booked.assertStatus(409)
    assert.equal(
      booked.body().message,
      'The IC (back) was rejected (Cut off). It must be uploaded again before this booking can be booked.'
    )
    const sold = await as(world.superAdmin, decide(client, bookingId, 'sold'))
    sold.assertStatus(409)
    assert.equal(
      sold.body().message,
      'The IC (back) was rejected (Cut off). It must be uploaded again before this booking can be marked as sold.'
    )
    assert.equal((await Booking.findOrFail(bookingId)).status, 'pending_admin')
    assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    ;(await as(world.superAdmin, decide(client, bookingId, 'reject'))).assertStatus(200)
  })

  test('an approved booking with a rejected document cannot be sold', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await agentRequest(client, world, lot)
    ;(await as(world.superAdmin, decide(client, bookingId, 'booked'))).assertStatus(200)
    ;(
      await as(world.superAdmin, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Bounced' }))
    ).assertStatus(200)
    const sold = await as(world.superAdmin, decide(client, bookingId, 'sold'))
    sold.assertStatus(409)
    assert.match(sold.body().message, /^The payment cheque was rejected \(Bounced\)\./)
    assert.equal((await Booking.findOrFail(bookingId)).status, 'approved')
  })

  test('a document the form required and that is missing holds back the decision, and says which', async ({
    client,
    assert,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId, icBack, icFront } = await agentRequest(client, world, lot)
    const booking = await Booking.findOrFail(bookingId)
    assert.deepEqual(booking.requiredDocuments, ['cheque', 'ic_front', 'ic_back'])
    // As if the IC back had never come (the agent booking form's rules are checked elsewhere).
    await icBack.delete()
    const shown = (await as(world.superAdmin, client.get(`/api/bookings/${bookingId}`))).body()
    assert.containSubset(shown.documentReview[2], {
      documentType: 'ic_back',
      required: true,
      documentId: null,
      status: 'missing',
    })
    const missing = 'The IC (back) is missing. It must be uploaded before this booking can be booked.'
    assert.equal(shown.documentsBlocking, missing)
    const booked = await as(world.superAdmin, decide(client, bookingId, 'booked'))
    booked.assertStatus(409)
    assert.equal(booked.body().message, missing)

    await as(world.superAdmin, review(client, bookingId, icFront.id, { status: 'rejected', reason: 'Expired IC' }))
    const both = await as(world.superAdmin, decide(client, bookingId, 'booked'))
    both.assertStatus(409)
    assert.equal(
      both.body().message,
      'The IC (front) was rejected (Expired IC) and the IC (back) is missing. They must be uploaded before this booking can be booked.'
    )
  })

  test("each form's required documents are recorded on the booking", async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const member = await memberRequest(client, world, lot)
    assert.deepEqual((await Booking.findOrFail(member.bookingId)).requiredDocuments, [])
    const lotPage = await as(
      world.agentA,
      client
        .post('/api/bookings/property')
        .field('propertyId', `type-b-${(await createLot(await createDevelopment())).lotNumber}`)
        .field('consent', 'true')
        .file('icFront', files.png, { filename: 'f.png' })
        .file('icBack', files.png, { filename: 'b.png' })
    )
    lotPage.assertStatus(201)
    assert.deepEqual((await Booking.findOrFail(lotPage.body().id)).requiredDocuments, ['ic_front', 'ic_back'])
    assert.deepEqual(
      lotPage
        .body()
        .documentReview.map((entry: { documentType: string; required: boolean }) => [
          entry.documentType,
          entry.required,
        ]),
      [
        ['ic_front', true],
        ['ic_back', true],
      ]
    )
  })
})

test.group('Document review | uploading a rejected document again', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('re-upload replaces only that document; the old one keeps its review in the history', async ({
    client,
    assert,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque, icFront, icBack } = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, bookingId, icFront.id, { status: 'accepted' }))
    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Amount unreadable' }))

    const uploaded = await as(world.memberA, replace(client, bookingId, cheque.id, files.png, 'cheque-2.png'))
    uploaded.assertStatus(201)
    const fresh = uploaded.body()
    assert.containSubset(fresh, {
      bookingId,
      documentType: 'cheque',
      documentName: 'cheque-2.png',
      mimeType: 'image/png',
      review: { status: 'pending', reason: null, by: null, at: null },
      replacedById: null,
      current: true,
    })
    assert.notEqual(fresh.id, cheque.id)

    await cheque.refresh()
    assert.equal(cheque.replacedById, fresh.id)
    assert.equal(cheque.reviewStatus, 'rejected')
    assert.equal(cheque.reviewReason, 'Amount unreadable')
    await icFront.refresh()
    await icBack.refresh()
    assert.equal(icFront.reviewStatus, 'accepted')
    assert.isNull(icFront.replacedById)
    assert.equal(icBack.reviewStatus, 'pending')

    const shown = (await as(world.memberA, client.get(`/api/bookings/${bookingId}`))).body()
    const old = shown.documents.find((document: { id: number }) => document.id === cheque.id)
    assert.containSubset(old, {
      replacedById: fresh.id,
      current: false,
      review: { status: 'rejected', reason: 'Amount unreadable', by: { id: world.agentA.id, name: world.agentA.name } },
    })
    assert.equal(shown.chequeUrl, `/api/uploads/documents/${bookingId}/${fresh.id}`)
    assert.equal(shown.chequeOriginalName, 'cheque-2.png')
    assert.equal(shown.icFrontUrl, `/api/uploads/documents/${bookingId}/${icFront.id}`)
    assert.containSubset(shown.documentReview, [
      { documentType: 'cheque', documentId: fresh.id, status: 'pending', reason: null },
      { documentType: 'ic_front', documentId: icFront.id, status: 'accepted' },
      { documentType: 'ic_back', documentId: icBack.id, status: 'pending' },
    ])
    assert.isNull(shown.documentsBlocking)
    assert.deepEqual(
      shown.history.map((entry: Record<string, unknown>) => [entry.kind, entry.notes, entry.documentId ?? null]),
      [
        ['status', 'Booking requested', null],
        ['document_review', 'IC (front) accepted', icFront.id],
        ['document_review', 'Payment cheque rejected: Amount unreadable', cheque.id],
        ['document_upload', 'Payment cheque uploaded again', fresh.id],
      ]
    )
    assert.containSubset(shown.history[2], {
      documentType: 'cheque',
      from: 'pending_agent',
      to: 'pending_agent',
      by: { id: world.agentA.id },
    })
    assert.notProperty(shown.history[0], 'documentType')

    // The documents list gives the documents in force; the new file downloads as uploaded.
    const listed = (await as(world.memberA, client.get(`/api/uploads/documents/${bookingId}`))).body()
    assert.deepEqual(
      listed.map((document: { id: number }) => document.id),
      [icFront.id, icBack.id, fresh.id]
    )
    const download = await as(world.agentA, client.get(fresh.documentUrl))
    download.assertStatus(200)
    assert.isTrue((download.body() as Buffer).equals(files.png))

    // The superseded document is not reviewed any more, nor uploaded again.
    const stale = await as(world.agentA, review(client, bookingId, cheque.id, { status: 'accepted' }))
    stale.assertStatus(409)
    assert.equal(stale.body().message, 'This document has been replaced by a newer upload.')
    const twice = await as(world.memberA, replace(client, bookingId, cheque.id, files.png, 'again.png'))
    twice.assertStatus(409)
    assert.equal(twice.body().message, 'This document has been replaced by a newer upload.')

    // Pending again: the booking moves on.
    ;(await as(world.agentA, approve(client, bookingId))).assertStatus(200)
  })

  test('only the requester uploads again; only a rejected document; only while pending', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque, icFront } = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Unsigned' }))
    const before = await storedFileCount()
    for (const who of ['agentA', 'superAdmin', 'otherMemberA', 'memberB'] as const) {
      const refused = await as(world[who], replace(client, bookingId, cheque.id, files.pdf, 'c.pdf'))
      refused.assertStatus(403)
      assert.equal(refused.body().message, 'Only the requester of this booking can upload its documents again.')
    }
    ;(await replace(client, bookingId, cheque.id, files.pdf, 'c.pdf')).assertStatus(401)

    const notRejected = await as(world.memberA, replace(client, bookingId, icFront.id, files.png, 'f.png'))
    notRejected.assertStatus(409)
    assert.equal(notRejected.body().message, 'Only a rejected document can be uploaded again.')

    await setStatus(bookingId, 'approved')
    const notPending = await as(world.memberA, replace(client, bookingId, cheque.id, files.pdf, 'c.pdf'))
    notPending.assertStatus(409)
    assert.equal(notPending.body().message, 'A document can only be uploaded again while the booking is pending.')

    assert.equal(await storedFileCount(), before)
    assert.lengthOf(await BookingDocument.query().where('booking_id', bookingId), 3)
  })

  test('the plain add-a-document upload refuses a type whose document is rejected; other types still add', async ({
    client,
    assert,
  }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Unsigned' }))
    const add = (type: string, file: Buffer, name: string) =>
      as(
        world.memberA,
        client
          .post('/api/uploads/document')
          .field('bookingId', String(bookingId))
          .field('documentType', type)
          .file('document', file, { filename: name })
      )
    const before = await storedFileCount()
    const refused = await add('cheque', files.pdf, 'cheque-again.pdf')
    refused.assertStatus(409)
    assert.equal(
      refused.body().message,
      "The payment cheque was rejected. Please upload it again from the booking's details."
    )
    assert.equal(await storedFileCount(), before)
    // The rejected cheque is still the one in force, and still holds the forward back.
    const rows = await BookingDocument.query().where('booking_id', bookingId).where('document_type', 'cheque')
    assert.deepEqual(
      rows.map((row) => row.id),
      [cheque.id]
    )
    ;(await add('other', files.pdf, 'letter.pdf')).assertStatus(201)
  })

  test('{title}: refused by content, nothing stored, the rejected document stays')
    .with([
      { title: 'an executable named .pdf as the cheque', type: 'cheque', file: 'disguised', name: 'c.pdf', code: 422 },
      { title: 'an SVG as the cheque', type: 'cheque', file: 'svg', name: 'c.svg', code: 422 },
      { title: 'a PDF as the IC front', type: 'icFront', file: 'pdf', name: 'f.pdf', code: 422 },
      { title: 'an oversize IC front', type: 'icFront', file: 'oversize', name: 'f.png', code: 413 },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const { world, lot } = await setUp()
      const documents = await memberRequest(client, world, lot)
      const document = documents[row.type]
      await as(
        world.agentA,
        review(client, documents.bookingId, document.id, { status: 'rejected', reason: 'Blurred' })
      )
      const before = await storedFileCount()
      const response = await as(
        world.memberA,
        replace(client, documents.bookingId, document.id, files[row.file], row.name)
      )
      response.assertStatus(row.code)
      assert.isString(response.body().message)
      assert.equal(response.body().errors[0].field, 'document')
      assert.equal(await storedFileCount(), before)
      await document.refresh()
      assert.isNull(document.replacedById)
      assert.equal(document.reviewStatus, 'rejected')
      assert.equal(
        (await historyOf(documents.bookingId)).filter((change) => change.event === 'document_upload').length,
        0
      )
    })

  test('no file: 422', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Blurred' }))
    const response = await as(
      world.memberA,
      client.post(`/api/bookings/${bookingId}/documents/${cheque.id}/replace`).field('note', 'x')
    )
    response.assertStatus(422)
    assert.equal(response.body().errors[0].field, 'document')
  })
})

test.group('Document review | who is told, the audit trail and live updates', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function lastNotificationId() {
    return (await Notification.query().orderBy('id', 'desc').first())?.id ?? 0
  }

  test('a rejection tells the requester why; an acceptance tells nobody', async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque, icFront } = await memberRequest(client, world, lot)
    let since = await lastNotificationId()
    await as(world.agentA, review(client, bookingId, icFront.id, { status: 'accepted' }))
    assert.lengthOf(await Notification.query().where('id', '>', since), 0)

    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Amount unreadable' }))
    const told = await Notification.query().where('id', '>', since)
    assert.deepEqual(
      told.map((row) => [row.userId, row.kind]),
      [[world.memberA.id, 'booking_status']]
    )
    assert.equal(told[0].title, 'Document rejected: payment cheque for MKS-07 (lot 4107)')
    assert.include(told[0].body, 'MKS-07 (lot 4107) at Aero Industrial Hub')
    assert.include(told[0].body, 'Reason: Amount unreadable.')
    assert.equal(told[0].link, `/dashboard?booking=${bookingId}`)

    since = await lastNotificationId()
    await as(world.memberA, replace(client, bookingId, cheque.id, files.pdf, 'cheque.pdf'))
    const reviewers = await Notification.query().where('id', '>', since)
    assert.deepEqual(
      reviewers.map((row) => [row.userId, row.kind]),
      [[world.agentA.id, 'booking_request']]
    )
    assert.equal(reviewers[0].title, 'Document uploaded again: payment cheque for MKS-07 (lot 4107)')
    assert.match(reviewers[0].link!, /^\/backoffice\/agent\/booking-requests\?booking=\d+$/)
  })

  test("at the developer's tier a re-upload tells the super admins", async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, icFront } = await memberRequest(client, world, lot)
    await setStatus(bookingId, 'pending_admin')
    await as(world.superAdmin, review(client, bookingId, icFront.id, { status: 'rejected', reason: 'Glare' }))
    const since = await lastNotificationId()
    ;(await as(world.memberA, replace(client, bookingId, icFront.id, files.jpeg, 'front.jpg'))).assertStatus(201)
    const told = await Notification.query().where('id', '>', since).orderBy('user_id')
    assert.sameMembers(
      told.map((row) => `${row.userId}:${row.kind}`),
      [`${world.superAdmin.id}:booking_forwarded`, `${world.admin.id}:booking_forwarded`]
    )
  })

  test("a staff member's review is on the audit trail", async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Amount unreadable' }))
    const [entry] = await AuditEntry.query()
      .where('subject_type', 'booking')
      .where('subject_id', bookingId)
      .where('action', 'booking.document_review')
    assert.equal(entry.actorId, world.agentA.id)
    assert.equal(entry.subjectLabel, `Booking #${bookingId}, MKS-07 (lot 4107): payment cheque #${cheque.id}`)
    assert.deepEqual(entry.before, { reviewStatus: 'pending', reviewReason: null })
    assert.deepEqual(entry.after, { reviewStatus: 'rejected', reviewReason: 'Amount unreadable' })
  })

  test("a review and a re-upload reach the booking's live channels", async ({ client, assert }) => {
    const { world, lot } = await setUp()
    const { bookingId, cheque } = await memberRequest(client, world, lot)
    const live = recordBroadcasts()
    try {
      await as(world.agentA, review(client, bookingId, cheque.id, { status: 'rejected', reason: 'Torn' }))
      await as(world.memberA, replace(client, bookingId, cheque.id, files.pdf, 'c.pdf'))
    } finally {
      live.stop()
    }
    const heard = live.heard.filter((message) => message.payload.type === 'booking')
    assert.sameMembers(
      heard.map((message) => `${message.channel} ${message.payload.action}`),
      [
        `users/${world.memberA.id}/bookings document_review`,
        `agencies/${world.agencyA.id}/bookings document_review`,
        'admin/bookings document_review',
        `users/${world.memberA.id}/bookings document_upload`,
        `agencies/${world.agencyA.id}/bookings document_upload`,
        'admin/bookings document_upload',
      ]
    )
    assert.containSubset(heard[0].payload, { bookingId, from: 'pending_agent', to: 'pending_agent' })
  })
})
