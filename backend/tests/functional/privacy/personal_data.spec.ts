import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import { Lot } from '#inventory'
import { Booking } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import BookingStatusChange from '#bookings/models/booking_status_change'
import DocumentAccess from '#documents/models/document_access'
import { User } from '#identity'
import { AuditEntry } from '#audit'
import { Notification } from '#notifications'
import { AccountDeletionRequest } from '#privacy'
import { BookingFee } from '#fees'
import { bearerFor, PASSWORD } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { readZip } from '#tests/helpers/zip'
import { validateAgainst } from './json_schema.js'

/** A booking made for `user` straight in the database (the request form is tested in bookings/). */
async function bookingFor(user: User, agencyId: number, lot: Lot) {
  const status = 'pending_agent'
  const booking = await Booking.create({
    lotId: lot.id,
    activeLotId: lot.id,
    userId: user.id,
    createdById: user.id,
    createdBy: 'user',
    agencyId,
    status,
    creatorName: user.name,
    creatorEmail: user.email,
    creatorPhone: '+60123456789',
    contactPhone: '+60123456789',
    requestMessage: `Message from ${user.email}`,
    priceSen: 46_800_000,
    discountSen: 2_340_000,
    netPriceSen: 44_460_000,
  })
  lot.status = 'reserved'
  await lot.save()
  await BookingStatusChange.create({ bookingId: booking.id, fromStatus: null, toStatus: status, changedById: user.id })
  return booking
}

/** Attaches a file through the real upload (the document store encrypts it on the way). */
async function upload(client: ApiClient, token: string, bookingId: number, type: string, file: Buffer, name: string) {
  const response = await client
    .post('/api/uploads/document')
    .bearerToken(token)
    .field('bookingId', String(bookingId))
    .field('documentType', type)
    .file('document', file, { filename: name })
  response.assertStatus(201)
  return response.body() as { id: number }
}

/** Two people with a booking each, documents, notifications: the export must keep them apart. */
async function twoPeople(client: ApiClient) {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lotA = await createLot(development)
  const lotB = await createLot(development)
  const memberA = world.memberA
  memberA.phone = '+60123456789'
  await memberA.save()
  const bookingA = await bookingFor(memberA, world.agencyA.id, lotA)
  const bookingB = await bookingFor(world.memberB, world.agencyB.id, lotB)
  const tokenA = await bearerFor(client, memberA)
  const tokenB = await bearerFor(client, world.memberB)
  const icA = await upload(client, tokenA, bookingA.id, 'ic_front', files.png, 'ic-front.png')
  const chequeA = await upload(client, tokenA, bookingA.id, 'cheque', files.pdf, 'cheque.pdf')
  const icB = await upload(client, tokenB, bookingB.id, 'ic_front', files.jpeg, 'ic-b.jpg')
  // The second person's booking went on to a sale.
  bookingB.merge({ status: 'sold', activeLotId: lotB.id })
  await bookingB.save()
  lotB.status = 'sold'
  await lotB.save()
  await Notification.create({ userId: memberA.id, kind: 'booking_status', title: 'For A only', body: 'A' })
  await Notification.create({ userId: world.memberB.id, kind: 'booking_status', title: 'For B only', body: 'B' })
  return { world, memberA, lotA, lotB, bookingA, bookingB, tokenA, tokenB, icA, chequeA, icB }
}

/** The export, read as bytes (the API client would decode an application/zip answer as text). */
function exportOf(client: ApiClient, token: string) {
  const request = client.get('/api/me/personal-data').bearerToken(token)
  request.request.parse((response, done) => {
    const chunks: Buffer[] = []
    response.on('data', (chunk: Buffer) => chunks.push(chunk))
    response.on('end', () => done(null, Buffer.concat(chunks)))
  })
  return request
}

function archiveOf(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new Error('the export is not a binary answer')
  return body
}

test.group('Privacy | personal data export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a person downloads one valid ZIP with exactly their own data and documents', async ({ client, assert }) => {
    const people = await twoPeople(client)
    const response = await exportOf(client, people.tokenA)
    response.assertStatus(200)
    assert.equal(response.headers()['content-type'], 'application/zip')
    assert.match(response.headers()['content-disposition'], /^attachment; filename="aero-personal-data-\d+-.+\.zip"$/)
    assert.equal(response.headers()['cache-control'], 'private, no-store')

    const archive = archiveOf(response.body())
    const zipFiles = readZip(archive)
    // A stock unzip tool agrees that the archive is whole.
    const folder = mkdtempSync(join(tmpdir(), 'export-'))
    try {
      writeFileSync(join(folder, 'export.zip'), archive)
      assert.match(execFileSync('unzip', ['-t', join(folder, 'export.zip')]).toString(), /No errors detected/)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }

    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.equal(data.profile.id, people.memberA.id)
    assert.equal(data.profile.email, people.memberA.email)
    assert.deepEqual(
      data.bookings.map((booking: { id: number }) => booking.id),
      [people.bookingA.id]
    )
    assert.deepEqual(
      data.bookings[0].history.map((change: { to: string }) => change.to),
      ['pending_agent']
    )
    assert.containSubset(data.bookings[0], { priceSen: 46_800_000, discountSen: 2_340_000, netPriceSen: 44_460_000 })
    assert.deepEqual(
      data.bookings[0].documents.map((document: { id: number }) => document.id),
      [people.icA.id, people.chequeA.id]
    )
    assert.deepEqual(
      data.notifications.map((notification: { title: string }) => notification.title),
      ['For A only']
    )
    // The documents, decrypted by the store, byte for byte.
    const documentFiles = [...zipFiles.keys()].filter((name) => name.startsWith('documents/')).sort()
    assert.deepEqual(
      documentFiles,
      [
        `documents/booking-${people.bookingA.id}/${people.icA.id}-ic-front.png`,
        `documents/booking-${people.bookingA.id}/${people.chequeA.id}-cheque.pdf`,
      ].sort()
    )
    assert.isTrue(
      zipFiles.get(`documents/booking-${people.bookingA.id}/${people.icA.id}-ic-front.png`)!.equals(files.png)
    )
    assert.isTrue(
      zipFiles.get(`documents/booking-${people.bookingA.id}/${people.chequeA.id}-cheque.pdf`)!.equals(files.pdf)
    )

    // Nothing of the second person: not their email, booking, notification, nor document.
    const text = zipFiles.get('data.json')!.toString()
    assert.notInclude(text, people.world.memberB.email)
    assert.notInclude(text, 'For B only')
    assert.isFalse([...zipFiles.keys()].some((name) => name.includes(`booking-${people.bookingB.id}/`)))
    assert.isFalse([...zipFiles.values()].some((bytes) => bytes.equals(files.jpeg)))
  })

  test('the export is a read of every document it holds: one access row each, as action export', async ({
    client,
    assert,
  }) => {
    const people = await twoPeople(client)
    // A document already deleted is not in the archive, so it was not read.
    const gone = await BookingDocument.findOrFail(people.chequeA.id)
    gone.merge({ deletedAt: DateTime.now(), deletionReason: 'retention_unsold' })
    await gone.save()
    const before = await DocumentAccess.query().count('* as total')

    const response = await exportOf(client, people.tokenA)
    response.assertStatus(200)
    assert.lengthOf(
      [...readZip(archiveOf(response.body())).keys()].filter((name) => name.startsWith('documents/')),
      1
    )

    const rows = await DocumentAccess.query().where('action', 'export').orderBy('id')
    assert.deepEqual(
      rows.map((row) => [row.bookingId, row.documentId, row.documentType, row.documentName, row.userId, row.userRole]),
      [[people.bookingA.id, people.icA.id, 'ic_front', 'ic-front.png', people.memberA.id, 'user']]
    )
    assert.equal(rows[0].userEmail, people.memberA.email)
    assert.match(rows[0].ip ?? '', /127\.0\.0\.1/)
    // Nothing else was recorded: not the deleted cheque, not the second person's document.
    assert.equal(
      Number((await DocumentAccess.query().count('* as total'))[0].$extras.total),
      Number(before[0].$extras.total) + 1
    )

    // The person sees it on the booking, and super admins find it by its action.
    const seen = await client.get(`/api/bookings/${people.bookingA.id}/document-accesses`).bearerToken(people.tokenA)
    seen.assertStatus(200)
    assert.deepEqual(
      seen.body().map((row: { action: string; documentType: string }) => [row.action, row.documentType]),
      [['export', 'ic_front']]
    )
    const admin = await bearerFor(client, people.world.superAdmin)
    const listed = await client
      .get('/api/document-accesses')
      .qs({ filter: JSON.stringify({ action: 'export' }) })
      .bearerToken(admin)
    listed.assertStatus(200)
    assert.deepEqual(
      listed.body().map((row: { id: number }) => row.id),
      [rows[0].id]
    )
  })

  test('the second person gets theirs, and none of the first', async ({ client, assert }) => {
    const people = await twoPeople(client)
    const zipFiles = readZip(archiveOf((await exportOf(client, people.tokenB)).body()))
    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.equal(data.profile.email, people.world.memberB.email)
    assert.deepEqual(
      data.bookings.map((booking: { id: number }) => booking.id),
      [people.bookingB.id]
    )
    assert.notInclude(zipFiles.get('data.json')!.toString(), people.memberA.email)
    assert.isTrue(zipFiles.get(`documents/booking-${people.bookingB.id}/${people.icB.id}-ic-b.jpg`)!.equals(files.jpeg))
  })

  test("the person's fee receipt is in the ZIP byte for byte, named in data.json; nobody else's", async ({
    client,
    assert,
  }) => {
    const people = await twoPeople(client)
    // Staff upload each booking's receipt (the document store encrypts it on the way).
    const recordFee = async (bookingId: number, agent: User, receipt: Buffer, name: string) => {
      const response = await client
        .put(`/api/bookings/${bookingId}/fee`)
        .bearerToken(await bearerFor(client, agent))
        .fields({ amount: '5000', method: 'cheque', status: 'received', receivedOn: '2026-03-02' })
        .file('receipt', receipt, { filename: name })
      response.assertStatus(200)
      return response.body() as { id: number }
    }
    const receiptA = Buffer.concat([files.pdf, Buffer.from('% receipt of A\n')])
    const feeA = await recordFee(people.bookingA.id, people.world.agentA, receiptA, 'Receipt March.pdf')
    const feeB = await recordFee(people.bookingB.id, people.world.agentB, files.jpeg, 'receipt-b.jpg')
    const stored = await BookingFee.findOrFail(feeA.id)
    assert.isFalse(
      Buffer.from(await drive.use().getBytes(stored.receiptKey!)).includes('receipt of A'),
      'stored encrypted'
    )
    const before = await DocumentAccess.query().where('document_type', 'fee_receipt').count('* as total')

    const response = await exportOf(client, people.tokenA)
    response.assertStatus(200)
    const zipFiles = readZip(archiveOf(response.body()))
    const path = `fees/booking-${people.bookingA.id}-${feeA.id}-receipt.pdf`
    assert.deepEqual(
      [...zipFiles.keys()].filter((name) => name.startsWith('fees/')),
      [path]
    )
    assert.isTrue(zipFiles.get(path)!.equals(receiptA), 'the receipt, decrypted, byte for byte')

    const data = JSON.parse(zipFiles.get('data.json')!.toString())
    assert.containSubset(data.bookings[0].fee, {
      id: feeA.id,
      receipt: { name: 'Receipt March.pdf', mimeType: 'application/pdf', size: receiptA.length, file: path },
    })
    const schema = JSON.parse(zipFiles.get('personal-data.schema.json')!.toString())
    assert.deepEqual(validateAgainst(schema, data), [])
    assert.equal(schema.$defs.fee.properties.receipt.oneOf[1].properties.file.type, 'string')

    // Not the second person's fee nor its receipt.
    assert.notInclude(zipFiles.get('data.json')!.toString(), `"id": ${feeB.id},`)
    assert.isFalse([...zipFiles.keys()].some((name) => name.includes(`booking-${people.bookingB.id}`)))
    assert.isFalse([...zipFiles.values()].some((bytes) => bytes.equals(files.jpeg)))

    // Reading it into the ZIP is on the access log, once, as the person's export.
    const rows = await DocumentAccess.query().where('document_type', 'fee_receipt').orderBy('id')
    assert.lengthOf(rows, Number(before[0].$extras.total) + 1)
    assert.deepEqual(
      [rows.at(-1)!.bookingId, rows.at(-1)!.documentName, rows.at(-1)!.action, rows.at(-1)!.userId],
      [people.bookingA.id, 'Receipt March.pdf', 'export', people.memberA.id]
    )

    // The second person's ZIP holds their own receipt, and nothing of the first.
    const theirs = readZip(archiveOf((await exportOf(client, people.tokenB)).body()))
    const pathB = `fees/booking-${people.bookingB.id}-${feeB.id}-receipt.jpg`
    assert.deepEqual(
      [...theirs.keys()].filter((name) => name.startsWith('fees/')),
      [pathB]
    )
    assert.isTrue(theirs.get(pathB)!.equals(files.jpeg))
  })

  test('every role exports its own data; nobody signed out does', async ({ client, assert }) => {
    const world = await bookingWorld()
    for (const user of [world.plainUser, world.agentA, world.superAdmin, world.admin]) {
      const response = await exportOf(client, await bearerFor(client, user))
      response.assertStatus(200)
      const data = JSON.parse(readZip(archiveOf(response.body())).get('data.json')!.toString())
      assert.equal(data.profile.id, user.id)
    }
    const anonymous = await client.get('/api/me/personal-data')
    anonymous.assertStatus(401)
    assert.isString(anonymous.body().message)
  })
})

test.group('Privacy | account deletion request', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a person asks once (reason optional); a second request while one is pending is refused', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const token = await bearerFor(client, world.memberA)
    const none = await client.get('/api/me/deletion-request').bearerToken(token)
    none.assertStatus(200)
    assert.isNull(none.body().request)

    const asked = await client.post('/api/me/deletion-request').bearerToken(token).json({ reason: 'Moving abroad' })
    asked.assertStatus(201)
    assert.containSubset(asked.body().request, { status: 'pending', reason: 'Moving abroad', userId: world.memberA.id })

    const again = await client.post('/api/me/deletion-request').bearerToken(token).json({})
    again.assertStatus(409)
    assert.equal(again.body().message, 'You have already asked for your account to be deleted.')

    const latest = await client.get('/api/me/deletion-request').bearerToken(token)
    assert.equal(latest.body().request.status, 'pending')
    const audit = await AuditEntry.query()
      .where('action', 'account_deletion.requested')
      .where('subject_id', world.memberA.id)
    assert.lengthOf(audit, 1)
  })

  test('an over-long reason is refused per field; a super admin may not ask; signed out is 401', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const long = await client
      .post('/api/me/deletion-request')
      .bearerToken(await bearerFor(client, world.memberA))
      .json({ reason: 'x'.repeat(1001) })
    long.assertStatus(422)
    assert.equal(long.body().errors[0].field, 'reason')

    for (const admin of [world.superAdmin, world.admin]) {
      const refused = await client
        .post('/api/me/deletion-request')
        .bearerToken(await bearerFor(client, admin))
        .json({})
      refused.assertStatus(403)
      assert.match(refused.body().message, /super admin account cannot be deleted/)
    }
    ;(await client.post('/api/me/deletion-request').json({})).assertStatus(401)
    assert.equal(
      await AccountDeletionRequest.query()
        .count('* as total')
        .then((rows) => Number(rows[0].$extras.total)),
      0
    )
  })

  test('role matrix: only super admins list, read and answer the requests', async ({ client, assert }) => {
    const world = await bookingWorld()
    const asked = await client
      .post('/api/me/deletion-request')
      .bearerToken(await bearerFor(client, world.memberA))
      .json({})
    const id = asked.body().request.id as number
    for (const user of [world.memberA, world.plainUser, world.agentA]) {
      const token = await bearerFor(client, user)
      ;(await client.get('/api/account-deletion-requests').bearerToken(token)).assertStatus(403)
      ;(await client.get(`/api/account-deletion-requests/${id}`).bearerToken(token)).assertStatus(403)
      const answer = await client
        .put(`/api/account-deletion-requests/${id}`)
        .bearerToken(token)
        .json({ decision: 'confirm' })
      answer.assertStatus(403)
      assert.isString(answer.body().message)
    }
    for (const admin of [world.superAdmin, world.admin]) {
      const token = await bearerFor(client, admin)
      const list = await client
        .get('/api/account-deletion-requests')
        .qs({ filter: JSON.stringify({ status: 'pending' }) })
        .bearerToken(token)
      list.assertStatus(200)
      assert.deepEqual(
        list.body().map((row: { id: number }) => row.id),
        [id]
      )
      assert.match(list.headers()['content-range'], /^account-deletion-requests 0-0\/1$/)
      ;(await client.get(`/api/account-deletion-requests/${id}`).bearerToken(token)).assertStatus(200)
    }
    ;(await client.get('/api/account-deletion-requests')).assertStatus(401)
    const unknown = await client
      .get('/api/account-deletion-requests/999999')
      .bearerToken(await bearerFor(client, world.superAdmin))
    unknown.assertStatus(404)
    const badFilter = await client
      .get('/api/account-deletion-requests')
      .qs({ filter: JSON.stringify({ status: 'gone' }) })
      .bearerToken(await bearerFor(client, world.superAdmin))
    badFilter.assertStatus(422)
  })
})

test.group('Privacy | answering a deletion request', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function bookingCounts() {
    const rows = await Booking.query().select('status').count('* as total').groupBy('status')
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.$extras.total)]))
  }

  test('confirming anonymises the account, revokes its sign-ins, deletes its documents, keeps bookings and lots', async ({
    client,
    assert,
  }) => {
    const people = await twoPeople(client)
    const asked = await client.post('/api/me/deletion-request').bearerToken(people.tokenA).json({ reason: 'Bye' })
    const id = asked.body().request.id as number
    const documentsA = await BookingDocument.query().where('booking_id', people.bookingA.id)
    const keysA = documentsA.map((document) => document.storageKey)
    for (const key of keysA) assert.isTrue(await drive.use().exists(key))
    const countsBefore = await bookingCounts()
    const lotsBefore = (await Lot.query().whereIn('id', [people.lotA.id, people.lotB.id]).orderBy('id')).map(
      (lot) => lot.status
    )
    const oldEmail = people.memberA.email
    const oldName = people.memberA.name
    // A staff edit of the person, on the trail under their name and email until the deletion.
    const adminToken = await bearerFor(client, people.world.superAdmin)
    ;(
      await client
        .put(`/api/users/${people.memberA.id}`)
        .bearerToken(adminToken)
        .json({ name: oldName, email: oldEmail, phone: '+60123000111' })
    ).assertStatus(200)
    const naming = await AuditEntry.query().where('subject_label', 'like', `%${oldEmail}%`)
    assert.isAtLeast(naming.length, 2, 'the request and the edit name the person before the deletion')

    const confirmed = await client
      .put(`/api/account-deletion-requests/${id}`)
      .bearerToken(await bearerFor(client, people.world.superAdmin))
      .json({ decision: 'confirm' })
    confirmed.assertStatus(200)
    assert.containSubset(confirmed.body(), { status: 'confirmed', user: `Deleted user #${people.memberA.id}` })

    const user = await User.findOrFail(people.memberA.id)
    assert.equal(user.name, `Deleted user #${user.id}`)
    assert.notEqual(user.email, oldEmail)
    assert.match(user.email, /@deleted\.invalid$/)
    assert.isNull(user.phone)
    assert.isNull(user.agencyId)
    assert.isNotNull(user.anonymisedAt)

    // Signed out everywhere, and the old password no longer opens anything.
    ;(await client.get('/api/auth/session').bearerToken(people.tokenA)).assertStatus(401)
    ;(await client.post('/api/auth/login').json({ email: oldEmail, password: PASSWORD })).assertStatus(401)

    // Documents: files gone, rows kept as the record that they existed and were deleted.
    for (const key of keysA) assert.isFalse(await drive.use().exists(key))
    const after = await BookingDocument.query().where('booking_id', people.bookingA.id).orderBy('id')
    assert.lengthOf(after, 2)
    for (const document of after) {
      assert.isNotNull(document.deletedAt)
      assert.equal(document.deletionReason, 'account_deletion')
    }

    // The booking stays as an anonymous record; counts and lot statuses do not move.
    const booking = await Booking.findOrFail(people.bookingA.id)
    assert.equal(booking.status, 'pending_agent')
    assert.equal(booking.userId, people.memberA.id)
    assert.equal(booking.creatorName, `Deleted user #${people.memberA.id}`)
    assert.isNull(booking.creatorEmail)
    assert.isNull(booking.creatorPhone)
    assert.isNull(booking.contactPhone)
    assert.isNull(booking.requestMessage)
    assert.deepEqual(await bookingCounts(), countsBefore)
    assert.deepEqual(
      (await Lot.query().whereIn('id', [people.lotA.id, people.lotB.id]).orderBy('id')).map((lot) => lot.status),
      lotsBefore
    )

    // The other person is untouched: their booking, their document, still readable.
    const other = await Booking.findOrFail(people.bookingB.id)
    assert.equal(other.creatorEmail, people.world.memberB.email)
    const theirs = await client
      .get(`/api/uploads/documents/${people.bookingB.id}/${people.icB.id}`)
      .bearerToken(people.tokenB)
    theirs.assertStatus(200)

    // On the audit trail, without the person's details.
    const entry = await AuditEntry.query().where('action', 'user.anonymised').where('subject_id', user.id).firstOrFail()
    assert.equal(entry.actorId, people.world.superAdmin.id)
    assert.notInclude(JSON.stringify(entry.serialize()), oldEmail)
    // Every entry keeps its facts and ids, none names the person any more, in the same commit.
    const trail = JSON.stringify((await AuditEntry.all()).map((row) => row.serialize()))
    assert.notInclude(trail, oldEmail)
    assert.notInclude(trail, oldName)
    assert.notInclude(trail, '+60123000111')
    const requested = await AuditEntry.query()
      .where('action', 'account_deletion.requested')
      .where('subject_id', user.id)
      .firstOrFail()
    assert.containSubset(requested.serialize(), {
      actorId: user.id,
      actorName: `Deleted user #${user.id}`,
      subjectLabel: `Deleted user #${user.id}`,
    })
    const edited = await AuditEntry.query().where('action', 'user.updated').where('subject_id', user.id).firstOrFail()
    assert.equal(edited.actorName, people.world.superAdmin.name)
    assert.equal(edited.actorEmail, people.world.superAdmin.email)
    assert.isAbove((entry.after as { auditEntriesRedacted: number }).auditEntriesRedacted, 1)
    // The request row is the record of the deletion; the audit entry points at it.
    assert.equal((entry.after as { deletionRequestId: number }).deletionRequestId, id)
    const request = await AccountDeletionRequest.findOrFail(id)
    assert.equal(request.status, 'confirmed')
    assert.equal(request.decidedById, people.world.superAdmin.id)
    assert.deepEqual(
      (entry.after as { documentsDeleted: number[] }).documentsDeleted,
      after.map((d) => d.id)
    )

    // Answered once only.
    const again = await client
      .put(`/api/account-deletion-requests/${id}`)
      .bearerToken(await bearerFor(client, people.world.superAdmin))
      .json({ decision: 'decline', declineReason: 'Too late' })
    again.assertStatus(409)
  })

  test('declining needs a reason, leaves the account as it was, and the person sees the answer', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const token = await bearerFor(client, world.memberA)
    const id = (await client.post('/api/me/deletion-request').bearerToken(token).json({})).body().request.id
    const admin = await bearerFor(client, world.superAdmin)

    const bare = await client
      .put(`/api/account-deletion-requests/${id}`)
      .bearerToken(admin)
      .json({ decision: 'decline' })
    bare.assertStatus(422)
    assert.equal(bare.body().errors[0].field, 'declineReason')
    const nonsense = await client.put(`/api/account-deletion-requests/${id}`).bearerToken(admin).json({ decision: 'x' })
    nonsense.assertStatus(422)

    const declined = await client
      .put(`/api/account-deletion-requests/${id}`)
      .bearerToken(admin)
      .json({ decision: 'decline', declineReason: 'An open sale must complete first' })
    declined.assertStatus(200)
    assert.equal(declined.body().status, 'declined')
    const declinedEntry = await AuditEntry.query()
      .where('action', 'account_deletion.declined')
      .where('subject_id', world.memberA.id)
      .firstOrFail()
    assert.equal((declinedEntry.after as { deletionRequestId: number }).deletionRequestId, id)
    assert.notInclude(declinedEntry.subjectLabel ?? '', 'Deleted user')
    assert.equal(declinedEntry.subjectLabel, `User #${world.memberA.id}`)
    const user = await User.findOrFail(world.memberA.id)
    assert.equal(user.email, world.memberA.email)
    assert.isNull(user.anonymisedAt)
    const seen = await client.get('/api/me/deletion-request').bearerToken(token)
    assert.containSubset(seen.body().request, { status: 'declined', declineReason: 'An open sale must complete first' })
    // A declined request may be followed by a new one.
    ;(await client.post('/api/me/deletion-request').bearerToken(token).json({})).assertStatus(201)
  })

  test('an account that became a super admin after asking is not anonymised', async ({ client, assert }) => {
    const world = await bookingWorld()
    const id = (
      await client
        .post('/api/me/deletion-request')
        .bearerToken(await bearerFor(client, world.memberA))
        .json({})
    ).body().request.id
    world.memberA.role = 'super_admin'
    await world.memberA.save()
    const refused = await client
      .put(`/api/account-deletion-requests/${id}`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ decision: 'confirm' })
    refused.assertStatus(409)
    assert.isNull((await User.findOrFail(world.memberA.id)).anonymisedAt)
  })
})
