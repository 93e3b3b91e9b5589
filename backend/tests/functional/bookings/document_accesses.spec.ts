import { DateTime } from 'luxon'
import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import BookingDocument from '#documents/models/booking_document'
import DocumentAccess, { ACCESS_LOG_APPEND_ONLY } from '#documents/models/document_access'
import { PREVIEW_LOG_MINUTES } from '#documents/services/document_access_log'
import { bearerFor } from '#tests/helpers/identity'
import { files } from '#tests/helpers/bookings'
import { bookingOfMemberA, fetchDocument, uploadDocument } from '#tests/helpers/documents'

async function accesses(bookingId: number) {
  return DocumentAccess.query().where('booking_id', bookingId).orderBy('id')
}

/** A booking of agency A's member with an IC front and a cheque uploaded by the member. */
async function bookingWithDocuments(client: ApiClient, status: 'pending_agent' | 'pending_admin' = 'pending_agent') {
  const made = await bookingOfMemberA(status)
  const token = await bearerFor(client, made.world.memberA)
  ;(await uploadDocument(client, token, made.bookingId, files.png, 'ic.png', 'ic_front')).assertStatus(201)
  ;(await uploadDocument(client, token, made.bookingId, files.pdf, 'cheque.pdf', 'cheque')).assertStatus(201)
  const documents = await BookingDocument.query().where('booking_id', made.bookingId).orderBy('id')
  return { ...made, token, documents }
}

test.group('Document access log | recording', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('every view and download of a booking document is recorded: who, role, what, where, when', async ({
    client,
    assert,
  }) => {
    const { world, bookingId, documents } = await bookingWithDocuments(client)
    assert.lengthOf(await accesses(bookingId), 0, 'uploading is not reading')
    const readers = [
      [world.memberA, false],
      [world.agentA, true],
      [world.superAdmin, true],
      [world.admin, false],
    ] as const
    for (const [reader, asDownload] of readers) {
      const response = await fetchDocument(client, await bearerFor(client, reader), documents[0], asDownload)
      response.assertStatus(200)
    }
    ;(await fetchDocument(client, await bearerFor(client, world.agentA), documents[1])).assertStatus(200)

    const rows = await accesses(bookingId)
    assert.deepEqual(
      rows.map((row) => [row.userId, row.userRole, row.action, row.documentId, row.documentType]),
      [
        [world.memberA.id, 'user', 'view', documents[0].id, 'ic_front'],
        [world.agentA.id, 'agent_admin', 'download', documents[0].id, 'ic_front'],
        [world.superAdmin.id, 'super_admin', 'download', documents[0].id, 'ic_front'],
        [world.admin.id, 'admin', 'view', documents[0].id, 'ic_front'],
        [world.agentA.id, 'agent_admin', 'download', documents[1].id, 'cheque'],
      ]
    )
    for (const row of rows) {
      assert.equal(row.bookingId, bookingId)
      assert.match(row.ip ?? '', /127\.0\.0\.1/)
      assert.isTrue(row.createdAt.isValid)
    }
    assert.equal(rows[1].userName, world.agentA.name)
    assert.equal(rows[1].userEmail, world.agentA.email)
    assert.equal(rows[0].documentName, 'ic.png')
  })

  test('refused reads record nothing: other people, no sign-in, unknown or missing documents', async ({
    client,
    assert,
  }) => {
    const { world, bookingId, documents, token } = await bookingWithDocuments(client)
    for (const who of ['otherMemberA', 'agentB', 'memberB', 'plainUser'] as const) {
      ;(await fetchDocument(client, await bearerFor(client, world[who]), documents[0])).assertStatus(403)
    }
    ;(await client.get(`/api/uploads/documents/${bookingId}/${documents[0].id}`)).assertStatus(401)
    ;(await client.get(`/api/uploads/documents/${bookingId}/999999`).bearerToken(token)).assertStatus(404)
    ;(await client.get(`/api/uploads/documents/999999/${documents[0].id}`).bearerToken(token)).assertStatus(404)
    const { default: drive } = await import('@adonisjs/drive/services/main')
    await drive.use().delete(documents[1].storageKey)
    ;(await fetchDocument(client, token, documents[1])).assertStatus(404)
    assert.lengthOf(await accesses(bookingId), 0)
  })

  test("a booking fee's receipt is a read path too, recorded as fee_receipt", async ({ client, assert }) => {
    const { world, bookingId } = await bookingOfMemberA('pending_admin')
    const agent = await bearerFor(client, world.agentA)
    const recorded = await client
      .put(`/api/bookings/${bookingId}/fee`)
      .bearerToken(agent)
      .fields({ amount: '5000', method: 'cheque', status: 'received', receivedOn: '2025-05-06' })
      .file('receipt', files.pdf, { filename: 'receipt.pdf' })
    recorded.assertStatus(200)
    assert.lengthOf(await accesses(bookingId), 0)
    const url = recorded.body().receipt.url as string
    ;(await client.get(url).bearerToken(await bearerFor(client, world.agentB))).assertStatus(403)
    const response = await client.get(`${url}?download=1`).bearerToken(agent)
    response.assertStatus(200)
    assert.isTrue((response.body() as Buffer).equals(files.pdf))
    const rows = await accesses(bookingId)
    assert.deepEqual(
      rows.map((row) => [row.userId, row.documentType, row.documentName, row.action, row.documentId]),
      [[world.agentA.id, 'fee_receipt', 'receipt.pdf', 'download', null]]
    )
  })

  test('an opened document is on the log each time; its thumbnail drawn again and again once', async ({
    client,
    assert,
  }) => {
    const { world, bookingId, documents } = await bookingWithDocuments(client)
    const [ic, cheque] = documents
    const agent = await bearerFor(client, world.agentA)
    const preview = (token: string, document: BookingDocument) =>
      client.get(`/api/uploads/documents/${document.bookingId}/${document.id}?preview=1`).bearerToken(token)

    for (let drawn = 0; drawn < 5; drawn++) {
      const response = await preview(agent, ic)
      response.assertStatus(200)
      assert.isTrue((response.body() as Buffer).equals(files.png))
      assert.match(response.headers()['content-disposition'], /^inline;/)
    }
    assert.deepEqual(
      (await accesses(bookingId)).map((row) => [row.userId, row.action, row.documentId]),
      [[world.agentA.id, 'preview', ic.id]],
      'one preview stands for the thumbnails drawn within the window'
    )

    // Opening it is always recorded; a thumbnail drawn after that adds nothing.
    ;(await fetchDocument(client, agent, ic, false)).assertStatus(200)
    ;(await fetchDocument(client, agent, ic, true)).assertStatus(200)
    ;(await fetchDocument(client, agent, cheque, false)).assertStatus(200)
    ;(await preview(agent, cheque)).assertStatus(200)
    // Another reader's thumbnail is theirs to account for.
    const member = await bearerFor(client, world.memberA)
    ;(await preview(member, ic)).assertStatus(200)
    ;(await preview(member, ic)).assertStatus(200)
    assert.deepEqual(
      (await accesses(bookingId)).map((row) => [row.userId, row.action, row.documentId]),
      [
        [world.agentA.id, 'preview', ic.id],
        [world.agentA.id, 'view', ic.id],
        [world.agentA.id, 'download', ic.id],
        [world.agentA.id, 'view', cheque.id],
        [world.memberA.id, 'preview', ic.id],
      ]
    )

    // Once the window has passed, the next thumbnail is on the log again.
    await DocumentAccess.query()
      .where('booking_id', bookingId)
      .update({
        created_at: DateTime.utc()
          .minus({ minutes: PREVIEW_LOG_MINUTES + 1 })
          .toFormat('yyyy-MM-dd HH:mm:ss'),
      })
    ;(await preview(member, ic)).assertStatus(200)
    assert.lengthOf(await accesses(bookingId), 6)
  })

  test('a preview is refused exactly like an open, and a refused one records nothing', async ({ client, assert }) => {
    const { world, bookingId, documents } = await bookingWithDocuments(client)
    const path = `/api/uploads/documents/${bookingId}/${documents[0].id}`
    for (const who of ['otherMemberA', 'agentB', 'memberB', 'plainUser'] as const) {
      const token = await bearerFor(client, world[who])
      const opened = await client.get(path).bearerToken(token)
      const previewed = await client.get(`${path}?preview=1`).bearerToken(token)
      opened.assertStatus(403)
      previewed.assertStatus(403)
      assert.equal(previewed.body().message, opened.body().message)
    }
    ;(await client.get(`${path}?preview=1`)).assertStatus(401)
    assert.lengthOf(await accesses(bookingId), 0)
  })

  test("a fee receipt's preview is refused to strangers and recorded once", async ({ client, assert }) => {
    const { world, bookingId } = await bookingOfMemberA('pending_admin')
    const agent = await bearerFor(client, world.agentA)
    const recorded = await client
      .put(`/api/bookings/${bookingId}/fee`)
      .bearerToken(agent)
      .fields({ amount: '5000', method: 'cheque', status: 'received', receivedOn: '2025-05-06' })
      .file('receipt', files.png, { filename: 'receipt.png' })
    recorded.assertStatus(200)
    const url = recorded.body().receipt.url as string
    ;(await client.get(`${url}?preview=1`).bearerToken(await bearerFor(client, world.agentB))).assertStatus(403)
    for (let drawn = 0; drawn < 3; drawn++) (await client.get(`${url}?preview=1`).bearerToken(agent)).assertStatus(200)
    ;(await client.get(url).bearerToken(agent)).assertStatus(200)
    assert.deepEqual(
      (await accesses(bookingId)).map((row) => [row.userId, row.documentType, row.action]),
      [
        [world.agentA.id, 'fee_receipt', 'preview'],
        [world.agentA.id, 'fee_receipt', 'view'],
      ]
    )
  })

  test('the log is append-only', async ({ client, assert }) => {
    const { world, documents } = await bookingWithDocuments(client)
    ;(await fetchDocument(client, await bearerFor(client, world.memberA), documents[0])).assertStatus(200)
    const [row] = await accesses(documents[0].bookingId)
    row.ip = '10.0.0.1'
    await assert.rejects(() => row.save(), ACCESS_LOG_APPEND_ONLY)
    await assert.rejects(() => row.delete(), ACCESS_LOG_APPEND_ONLY)
  })
})

test.group('Document access log | super admins list and export it', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function twoBookingsRead(client: ApiClient) {
    const first = await bookingWithDocuments(client)
    const second = await bookingWithDocuments(client)
    ;(await fetchDocument(client, first.token, first.documents[0], false)).assertStatus(200)
    ;(await fetchDocument(client, await bearerFor(client, first.world.agentA), first.documents[1])).assertStatus(200)
    ;(await fetchDocument(client, second.token, second.documents[1])).assertStatus(200)
    return { first, second }
  }

  const list = (client: ApiClient, token: string, filter: Record<string, unknown> = {}, path = '') =>
    client
      .get(`/api/document-accesses${path}`)
      .qs({ filter: JSON.stringify(filter), sort: JSON.stringify(['createdAt', 'DESC']) })
      .bearerToken(token)

  test('role matrix: super admins and admins only; the forbidden path says why', async ({ client, assert }) => {
    const { first } = await twoBookingsRead(client)
    const { world } = first
    for (const who of ['superAdmin', 'admin'] as const) {
      const token = await bearerFor(client, world[who])
      ;(await list(client, token)).assertStatus(200)
      ;(await list(client, token, {}, '/export.csv')).assertStatus(200)
    }
    for (const who of ['agentA', 'memberA', 'plainUser'] as const) {
      const token = await bearerFor(client, world[who])
      for (const path of ['', '/export.csv']) {
        const refused = await list(client, token, {}, path)
        refused.assertStatus(403)
        assert.equal(refused.body().message, 'You do not have permission to perform this action.')
      }
    }
    ;(await client.get('/api/document-accesses')).assertStatus(401)
    ;(await client.get('/api/document-accesses/export.csv')).assertStatus(401)
  })

  test('filtered in SQL by booking, user, kind and dates; paged with Content-Range', async ({ client, assert }) => {
    const { first, second } = await twoBookingsRead(client)
    const token = await bearerFor(client, first.world.superAdmin)

    const all = await list(client, token)
    all.assertStatus(200)
    assert.equal(all.headers()['content-range'], 'document-accesses 0-2/3')
    assert.containSubset(all.body()[0], {
      bookingId: second.bookingId,
      documentType: 'cheque',
      action: 'download',
      userId: second.world.memberA.id,
      userEmail: second.world.memberA.email,
      userRole: 'user',
    })

    const byBooking = await list(client, token, { bookingId: first.bookingId })
    assert.deepEqual(
      byBooking.body().map((row: { documentType: string }) => row.documentType),
      ['cheque', 'ic_front']
    )
    const byUser = await list(client, token, { userId: first.world.agentA.id })
    assert.lengthOf(byUser.body(), 1)
    assert.equal(byUser.body()[0].userName, first.world.agentA.name)
    const byKind = await list(client, token, { documentType: 'ic_front' })
    assert.lengthOf(byKind.body(), 1)
    assert.lengthOf((await list(client, token, { from: '2000-01-01', to: '2000-12-31' })).body(), 0)
    assert.lengthOf((await list(client, token, { from: '2000-01-01' })).body(), 3)
    const paged = await client.get('/api/document-accesses').qs({ range: '[1,1]' }).bearerToken(token)
    assert.equal(paged.headers()['content-range'], 'document-accesses 1-1/3')

    const bad = await list(client, token, { documentType: 'passport', from: 'yesterday' })
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().errors.map((error: { field: string }) => error.field),
      ['filter.documentType', 'filter.from']
    )
  })

  test('the CSV export holds every selected access, one line each', async ({ client, assert }) => {
    const { first } = await twoBookingsRead(client)
    const token = await bearerFor(client, first.world.superAdmin)
    const response = await list(client, token, { bookingId: first.bookingId }, '/export.csv')
    response.assertStatus(200)
    assert.match(response.headers()['content-type'], /^text\/csv/)
    assert.match(
      response.headers()['content-disposition'],
      /^attachment; filename="document-access-\d{4}-\d{2}-\d{2}\.csv"$/
    )
    const lines = response.text().trim().split('\r\n')
    assert.equal(
      lines[0],
      'Date (UTC),User,User Email,User Role,Action,Booking ID,Document ID,Document Type,Document Name,IP Address'
    )
    assert.lengthOf(lines, 3)
    assert.include(lines[1], `,agent_admin,download,${first.bookingId},${first.documents[1].id},cheque,cheque.pdf,`)
    assert.include(lines[2], `,user,view,${first.bookingId},${first.documents[0].id},ic_front,ic.png,`)
  })
})

test.group("Document access log | the requester sees who opened their booking's documents", (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('role matrix: the requester and super admins; not the agent admin, other members or visitors', async ({
    client,
    assert,
  }) => {
    const { world, bookingId, documents, token } = await bookingWithDocuments(client)
    ;(await fetchDocument(client, await bearerFor(client, world.agentA), documents[0])).assertStatus(200)
    ;(await fetchDocument(client, await bearerFor(client, world.superAdmin), documents[1], false)).assertStatus(200)
    const url = `/api/bookings/${bookingId}/document-accesses`

    const own = await client.get(url).bearerToken(token)
    own.assertStatus(200)
    assert.deepEqual(
      own.body().map((row: Record<string, unknown>) => [row.userName, row.userRole, row.documentType, row.action]),
      [
        [world.superAdmin.name, 'super_admin', 'cheque', 'view'],
        [world.agentA.name, 'agent_admin', 'ic_front', 'download'],
      ]
    )
    for (const row of own.body()) {
      assert.notProperty(row, 'userEmail', "a staff member's email is not the requester's to see")
      assert.notProperty(row, 'ip')
      assert.isString(row.createdAt)
    }
    ;(await client.get(url).bearerToken(await bearerFor(client, world.superAdmin))).assertStatus(200)
    for (const who of ['agentA', 'otherMemberA', 'agentB', 'plainUser'] as const) {
      const refused = await client.get(url).bearerToken(await bearerFor(client, world[who]))
      refused.assertStatus(403)
      assert.equal(refused.body().message, 'Only the requester of this booking can see who opened its documents.')
    }
    ;(await client.get(url)).assertStatus(401)
    ;(await client.get('/api/bookings/999999/document-accesses').bearerToken(token)).assertStatus(404)
  })
})
