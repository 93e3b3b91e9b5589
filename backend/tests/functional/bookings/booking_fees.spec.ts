import { test } from '@japa/runner'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { AuditEntry } from '#audit'
import { Booking, type BookingStatus } from '#bookings'
import { BookingFee } from '#fees'
import type { Lot } from '#inventory'
import type { User } from '#identity'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files, storedFileCount } from '#tests/helpers/bookings'

type World = Awaited<ReturnType<typeof bookingWorld>>

/** A booking of agency A's member (or agency B's when asked), in the given status. */
async function makeBooking(world: World, lot: Lot, status: BookingStatus = 'pending_admin', requester?: User) {
  const by = requester ?? world.memberA
  return Booking.create({
    lotId: lot.id,
    activeLotId: ['rejected', 'rejected_by_agent', 'cancelled', 'expired'].includes(status) ? null : lot.id,
    userId: by.id,
    createdById: by.id,
    createdBy: 'user',
    agencyId: by.agencyId,
    status,
    creatorName: by.name,
    creatorEmail: by.email,
  })
}

async function setup(status: BookingStatus = 'pending_admin') {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development)
  const booking = await makeBooking(world, lot, status)
  return { world, development, lot, booking }
}

const today = () => DateTime.now().toISODate()!

function putFee(client: ApiClient, token: string, bookingId: number, body: Record<string, unknown>) {
  return client.put(`/api/bookings/${bookingId}/fee`).bearerToken(token).json(body)
}

const VALID = { amount: 5000, method: 'bank_transfer', reference: 'MBB-778812', status: 'received' }

test.group('Booking fees | validation', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{title}: 422 with the field named')
    .with([
      { title: 'no amount', body: { ...VALID, amount: undefined }, field: 'amount' },
      { title: 'a zero amount', body: { ...VALID, amount: 0 }, field: 'amount' },
      { title: 'a negative amount', body: { ...VALID, amount: -50 }, field: 'amount' },
      { title: 'an amount with sen', body: { ...VALID, amount: 5000.5 }, field: 'amount' },
      { title: 'an amount as words', body: { ...VALID, amount: 'five thousand' }, field: 'amount' },
      { title: 'a method off the list', body: { ...VALID, method: 'bitcoin' }, field: 'method' },
      { title: 'no method', body: { ...VALID, method: undefined }, field: 'method' },
      { title: 'refunded through the form', body: { ...VALID, status: 'refunded' }, field: 'status' },
      { title: 'received without a date', body: { ...VALID }, field: 'receivedOn' },
      { title: 'a date that is not a date', body: { ...VALID, receivedOn: '31/02/2025' }, field: 'receivedOn' },
      { title: 'a date in the future', body: { ...VALID, receivedOn: '2999-01-01' }, field: 'receivedOn' },
      {
        title: 'an overlong reference',
        body: { ...VALID, receivedOn: '2025-01-02', reference: 'x'.repeat(121) },
        field: 'reference',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { world, booking } = await setup()
      const response = await putFee(client, await bearerFor(client, world.agentA), booking.id, row.body)
      response.assertStatus(422)
      assert.isString(response.body().message)
      assert.include(
        response.body().errors.map((error: { field: string }) => error.field),
        row.field
      )
      assert.isNull(await BookingFee.findBy('booking_id', booking.id))
    })

  test('a valid fee is recorded, shown on the booking, and on the audit trail', async ({ client, assert }) => {
    const { world, booking } = await setup()
    const token = await bearerFor(client, world.agentA)
    const response = await putFee(client, token, booking.id, { ...VALID, amount: '5000', receivedOn: '2025-03-04' })
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      message: 'Booking fee recorded',
      bookingId: booking.id,
      amount: 5000,
      method: 'bank_transfer',
      reference: 'MBB-778812',
      status: 'received',
      receivedOn: '2025-03-04',
      receipt: null,
    })
    const shown = await client.get(`/api/bookings/${booking.id}`).bearerToken(token)
    assert.containSubset(shown.body(), {
      fee: { amount: 5000, status: 'received' },
      feeAmount: 5000,
      feeMethod: 'bank_transfer',
      feeStatus: 'received',
      feeReceivedOn: '2025-03-04',
    })

    const changed = await putFee(client, token, booking.id, { amount: 6000, method: 'fpx', status: 'expected' })
    changed.assertStatus(200)
    assert.containSubset(changed.body(), { message: 'Booking fee updated', amount: 6000, receivedOn: null })
    const entries = await AuditEntry.query()
      .where('subject_type', 'booking')
      .where('subject_id', booking.id)
      .orderBy('id')
    assert.deepEqual(
      entries.map((entry) => entry.action),
      ['booking.fee_recorded', 'booking.fee_updated']
    )
    assert.containSubset(entries[1].before, { amount: 5000, method: 'bank_transfer' })
    assert.containSubset(entries[1].after, { amount: 6000, method: 'fpx' })
    assert.equal(entries[0].actorId, world.agentA.id)
  })

  test('every method on the list is accepted', async ({ client }) => {
    const { world, booking } = await setup()
    const token = await bearerFor(client, world.superAdmin)
    for (const method of ['cheque', 'bank_transfer', 'fpx', 'card', 'cash']) {
      ;(await putFee(client, token, booking.id, { amount: 100, method, status: 'expected' })).assertStatus(200)
    }
  })
})

test.group('Booking fees | who may record and see them', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the agency agent admin, a super admin and an admin record; others are refused', async ({ client, assert }) => {
    const { world, booking } = await setup()
    const body = { amount: 1000, method: 'cash', status: 'expected' }
    for (const who of ['agentA', 'superAdmin', 'admin'] as const) {
      ;(await putFee(client, await bearerFor(client, world[who]), booking.id, body)).assertStatus(200)
    }
    for (const who of ['agentB', 'memberA', 'otherMemberA', 'memberB', 'plainUser'] as const) {
      const response = await putFee(client, await bearerFor(client, world[who]), booking.id, { ...body, amount: 9 })
      response.assertStatus(403)
      assert.isString(response.body().message)
    }
    const refused = await putFee(client, await bearerFor(client, world.agentB), booking.id, body)
    assert.equal(
      refused.body().message,
      "Only the agent admin of this booking's agency or a super admin can record its booking fee."
    )
    ;(await client.put(`/api/bookings/${booking.id}/fee`).json(body)).assertStatus(401)
    assert.equal((await BookingFee.findByOrFail('booking_id', booking.id)).amount, 1000)
  })

  test('the requester reads the fee; other members and agencies may not', async ({ client, assert }) => {
    const { world, booking } = await setup()
    await putFee(client, await bearerFor(client, world.agentA), booking.id, {
      amount: 1000,
      method: 'cash',
      status: 'expected',
    })
    const own = await client.get(`/api/bookings/${booking.id}/fee`).bearerToken(await bearerFor(client, world.memberA))
    own.assertStatus(200)
    assert.equal(own.body().amount, 1000)
    const mine = await client.get('/api/bookings/user').bearerToken(await bearerFor(client, world.memberA))
    assert.equal(mine.body().bookings?.[0]?.fee?.amount ?? mine.body()[0]?.fee?.amount, 1000)
    for (const who of ['agentB', 'otherMemberA', 'memberB', 'plainUser'] as const) {
      ;(
        await client.get(`/api/bookings/${booking.id}/fee`).bearerToken(await bearerFor(client, world[who]))
      ).assertStatus(403)
    }
    ;(await client.get(`/api/bookings/${booking.id}/fee`)).assertStatus(401)
  })

  test('no fee yet: 404 with a message; an unknown booking: 404', async ({ client, assert }) => {
    const { world, booking } = await setup()
    const token = await bearerFor(client, world.agentA)
    const none = await client.get(`/api/bookings/${booking.id}/fee`).bearerToken(token)
    none.assertStatus(404)
    assert.equal(none.body().message, 'No booking fee has been recorded for this booking.')
    ;(await putFee(client, token, 999999, { amount: 1, method: 'cash', status: 'expected' })).assertStatus(404)
  })

  test('the fees report is for super admins only', async ({ client }) => {
    const world = await bookingWorld()
    for (const who of ['agentA', 'memberA', 'plainUser'] as const) {
      const token = await bearerFor(client, world[who])
      ;(await client.get('/api/booking-fees/report').bearerToken(token)).assertStatus(403)
      ;(await client.get('/api/booking-fees/report/export').bearerToken(token)).assertStatus(403)
    }
    ;(await client.get('/api/booking-fees/report')).assertStatus(401)
    ;(await client.get('/api/booking-fees/report').bearerToken(await bearerFor(client, world.admin))).assertStatus(200)
  })
})

test.group('Booking fees | receipt', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  function withReceipt(client: ApiClient, token: string, bookingId: number, file: Buffer, filename: string) {
    return client
      .put(`/api/bookings/${bookingId}/fee`)
      .bearerToken(token)
      .fields({
        amount: '5000',
        method: 'cheque',
        status: 'received',
        receivedOn: '2025-05-06',
        reference: 'CHQ 001122',
      })
      .file('receipt', file, { filename })
  }

  test('a receipt is stored privately, streamed to allowed people, replaced cleanly', async ({ client, assert }) => {
    const { world, booking } = await setup()
    const token = await bearerFor(client, world.agentA)
    const before = await storedFileCount()
    const response = await withReceipt(client, token, booking.id, files.pdf, 'receipt.pdf')
    response.assertStatus(200)
    assert.containSubset(response.body().receipt, { name: 'receipt.pdf', mimeType: 'application/pdf' })
    assert.equal(await storedFileCount(), before + 1)
    const url = response.body().receipt.url
    for (const who of ['agentA', 'superAdmin', 'memberA'] as const) {
      const download = await client.get(url).bearerToken(await bearerFor(client, world[who]))
      download.assertStatus(200)
      assert.equal(download.headers()['cache-control'], 'private, no-store')
      assert.isTrue((download.body() as Buffer).equals(files.pdf))
    }
    for (const who of ['agentB', 'otherMemberA'] as const) {
      ;(await client.get(url).bearerToken(await bearerFor(client, world[who]))).assertStatus(403)
    }
    ;(await client.get(url)).assertStatus(401)

    ;(await withReceipt(client, token, booking.id, files.png, 'receipt.png')).assertStatus(200)
    assert.equal(await storedFileCount(), before + 1, 'the old receipt is removed')
    assert.equal((await client.get(url).bearerToken(token)).headers()['content-type'], 'image/png')
  })

  test('{title}: refused, nothing stored')
    .with([
      { title: 'an executable named .png', file: files.disguised, name: 'r.png', status: 422 },
      { title: 'an SVG', file: files.svg, name: 'r.svg', status: 422 },
      { title: 'an oversize file', file: files.oversize, name: 'r.png', status: 413 },
    ])
    .run(async ({ client, assert }, row) => {
      const { world, booking } = await setup()
      const before = await storedFileCount()
      const response = await withReceipt(client, await bearerFor(client, world.agentA), booking.id, row.file, row.name)
      response.assertStatus(row.status)
      assert.isString(response.body().message)
      assert.equal(await storedFileCount(), before)
      assert.isNull(await BookingFee.findBy('booking_id', booking.id))
    })

  test('a refused change keeps no new file', async ({ client, assert }) => {
    const { world, booking } = await setup()
    const before = await storedFileCount()
    const response = await withReceipt(client, await bearerFor(client, world.agentB), booking.id, files.pdf, 'r.pdf')
    response.assertStatus(403)
    assert.equal(await storedFileCount(), before)
  })
})

test.group('Booking fees | refunds', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function received(client: ApiClient, status: BookingStatus) {
    const context = await setup(status)
    const token = await bearerFor(client, context.world.agentA)
    ;(await putFee(client, token, context.booking.id, { ...VALID, receivedOn: '2025-02-01' })).assertStatus(200)
    return { ...context, token }
  }

  function refund(client: ApiClient, token: string, bookingId: number, body: Record<string, unknown>) {
    return client.post(`/api/bookings/${bookingId}/fee/refund`).bearerToken(token).json(body)
  }

  test('a {status} booking: the fee is refunded with its date and reason, then locked')
    .with([{ status: 'rejected' }, { status: 'rejected_by_agent' }, { status: 'cancelled' }] as const)
    .run(async ({ client, assert }, row) => {
      const { token, booking } = await received(client, row.status)
      const response = await refund(client, token, booking.id, {
        refundedOn: '2025-02-10',
        reason: 'Booking rejected by developer',
      })
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: 'Booking fee refund recorded',
        status: 'refunded',
        refundedOn: '2025-02-10',
        refundReason: 'Booking rejected by developer',
        receivedOn: '2025-02-01',
      })
      const again = await refund(client, token, booking.id, { refundedOn: '2025-02-10', reason: 'again' })
      again.assertStatus(409)
      assert.equal(again.body().message, 'This booking fee has already been refunded.')
      const edit = await putFee(client, token, booking.id, { amount: 1, method: 'cash', status: 'expected' })
      edit.assertStatus(409)
      assert.equal(edit.body().message, 'This booking fee has been refunded and can no longer be changed.')
      const entry = await AuditEntry.query()
        .where('subject_id', booking.id)
        .where('action', 'booking.fee_refunded')
        .firstOrFail()
      assert.containSubset(entry.after, { status: 'refunded', refundReason: 'Booking rejected by developer' })
    })

  test('a {status} booking: no refund')
    .with([
      { status: 'pending_agent' },
      { status: 'pending_admin' },
      { status: 'approved' },
      { status: 'sold' },
      { status: 'expired' },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const { token, booking } = await received(client, row.status)
      const response = await refund(client, token, booking.id, { refundedOn: today(), reason: 'Changed mind' })
      response.assertStatus(409)
      assert.equal(
        response.body().message,
        'A booking fee can only be refunded when the booking is rejected or cancelled.'
      )
      assert.equal((await BookingFee.findByOrFail('booking_id', booking.id)).status, 'received')
    })

  test('refund input and state are checked', async ({ client, assert }) => {
    const { token, booking, world } = await received(client, 'cancelled')
    const noReason = await refund(client, token, booking.id, { refundedOn: '2025-02-10' })
    noReason.assertStatus(422)
    assert.equal(noReason.body().errors[0].field, 'reason')
    ;(await refund(client, token, booking.id, { reason: 'x' })).assertStatus(422)
    ;(await refund(client, token, booking.id, { refundedOn: '2999-01-01', reason: 'x' })).assertStatus(422)
    const early = await refund(client, token, booking.id, { refundedOn: '2025-01-01', reason: 'x' })
    early.assertStatus(422)
    assert.equal(early.body().errors[0].field, 'refundedOn')
    const other = await refund(client, await bearerFor(client, world.agentB), booking.id, {
      refundedOn: today(),
      reason: 'x',
    })
    other.assertStatus(403)
    const member = await refund(client, await bearerFor(client, world.memberA), booking.id, {
      refundedOn: today(),
      reason: 'x',
    })
    member.assertStatus(403)
    ;(
      await client.post(`/api/bookings/${booking.id}/fee/refund`).json({ refundedOn: today(), reason: 'x' })
    ).assertStatus(401)

    const expected = await setup('cancelled')
    const agent = await bearerFor(client, expected.world.agentA)
    ;(await refund(client, agent, expected.booking.id, { refundedOn: today(), reason: 'x' })).assertStatus(404)
    await putFee(client, agent, expected.booking.id, { amount: 10, method: 'cash', status: 'expected' })
    const notReceived = await refund(client, agent, expected.booking.id, { refundedOn: today(), reason: 'x' })
    notReceived.assertStatus(409)
    assert.equal(notReceived.body().message, 'Only a received booking fee can be refunded.')
  })
})

test.group('Booking fees | report', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  /**
   * Known answers. Agency A: received 5,000 (2025-01-10) + 3,000 (2025-02-15), expected 2,000,
   * refunded 1,500 (received 2025-01-20). Agency B: received 7,000 (2025-03-01), expected 4,000.
   */
  async function seeded(api: ApiClient) {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const fees: Array<{ member: User; status: 'expected' | 'received' | 'refunded'; amount: number; on: string }> = [
      { member: world.memberA, status: 'received', amount: 5000, on: '2025-01-10' },
      { member: world.memberA, status: 'received', amount: 3000, on: '2025-02-15' },
      { member: world.otherMemberA, status: 'expected', amount: 2000, on: '2025-02-01' },
      { member: world.memberA, status: 'refunded', amount: 1500, on: '2025-01-20' },
      { member: world.memberB, status: 'received', amount: 7000, on: '2025-03-01' },
      { member: world.memberB, status: 'expected', amount: 4000, on: '2025-03-05' },
    ]
    for (const fee of fees) {
      const booking = await makeBooking(
        world,
        await createLot(development),
        fee.status === 'refunded' ? 'rejected' : 'pending_admin',
        fee.member
      )
      const on = DateTime.fromISO(fee.on)
      await BookingFee.create({
        bookingId: booking.id,
        agencyId: booking.agencyId,
        amount: fee.amount,
        method: 'bank_transfer',
        status: fee.status,
        receivedOn: fee.status === 'expected' ? null : on,
        refundedOn: fee.status === 'refunded' ? on.plus({ days: 3 }) : null,
        refundReason: fee.status === 'refunded' ? 'Rejected' : null,
        reportedOn: on,
      })
    }
    return { world, token: await bearerFor(api, world.superAdmin) }
  }

  test('totals by status and by agency, over all dates', async ({ client: api, assert }) => {
    const { world, token } = await seeded(api)
    const response = await api.get('/api/booking-fees/report').bearerToken(token)
    response.assertStatus(200)
    const body = response.body()
    assert.deepEqual(body.totals, {
      expected: { count: 2, amount: 6000 },
      received: { count: 3, amount: 15000 },
      refunded: { count: 1, amount: 1500 },
      all: { count: 6, amount: 22500 },
    })
    const a = body.byAgency.find((row: { agencyId: number }) => row.agencyId === world.agencyA.id)
    const b = body.byAgency.find((row: { agencyId: number }) => row.agencyId === world.agencyB.id)
    assert.containSubset(a, {
      agencyName: world.agencyA.name,
      expected: { count: 1, amount: 2000 },
      received: { count: 2, amount: 8000 },
      refunded: { count: 1, amount: 1500 },
      all: { count: 4, amount: 11500 },
    })
    assert.containSubset(b, {
      received: { count: 1, amount: 7000 },
      expected: { count: 1, amount: 4000 },
      refunded: { count: 0, amount: 0 },
    })
  })

  test('filtered by date range and by agency', async ({ client: api, assert }) => {
    const { world, token } = await seeded(api)
    const january = await api
      .get('/api/booking-fees/report')
      .qs({ from: '2025-01-01', to: '2025-01-31' })
      .bearerToken(token)
    assert.deepEqual(january.body().totals.received, { count: 1, amount: 5000 })
    assert.deepEqual(january.body().totals.refunded, { count: 1, amount: 1500 })
    assert.equal(january.body().totals.all.count, 2)
    assert.lengthOf(january.body().byAgency, 1)

    const agencyB = await api.get('/api/booking-fees/report').qs({ agencyId: world.agencyB.id }).bearerToken(token)
    assert.deepEqual(agencyB.body().totals.all, { count: 2, amount: 11000 })

    const fromMarch = await api.get('/api/booking-fees/report').qs({ from: '2025-03-01' }).bearerToken(token)
    assert.deepEqual(fromMarch.body().totals.all, { count: 2, amount: 11000 })

    const bad = await api
      .get('/api/booking-fees/report')
      .qs({ from: '2025-03-01', to: '2025-01-01' })
      .bearerToken(token)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'to')
    ;(await api.get('/api/booking-fees/report').qs({ from: 'yesterday' }).bearerToken(token)).assertStatus(422)
    ;(await api.get('/api/booking-fees/report').qs({ agencyId: 'abc' }).bearerToken(token)).assertStatus(422)
  })

  test('the report exports as CSV with the same totals', async ({ client: api, assert }) => {
    const { world, token } = await seeded(api)
    const response = await api
      .get('/api/booking-fees/report/export')
      .qs({ from: '2025-01-01', to: '2025-12-31' })
      .bearerToken(token)
    response.assertStatus(200)
    assert.match(response.headers()['content-type'], /^text\/csv/)
    assert.match(
      response.headers()['content-disposition'],
      /attachment; filename="booking-fees-2025-01-01_to_2025-12-31.csv"/
    )
    const lines = response.text().trim().split('\r\n')
    assert.equal(
      lines[0],
      'Agency,Expected (count),Expected (RM),Received (count),Received (RM),Refunded (count),Refunded (RM),All fees (count),All fees (RM)'
    )
    assert.include(lines, `${world.agencyA.name},1,2000,2,8000,1,1500,4,11500`)
    assert.include(lines, `${world.agencyB.name},1,4000,1,7000,0,0,2,11000`)
    assert.equal(lines.at(-1), 'All agencies,2,6000,3,15000,1,1500,6,22500')
  })

  test('the all-bookings list carries the fee columns for its CSV export', async ({ client: api, assert }) => {
    const { token } = await seeded(api)
    const list = await api.get('/api/bookings/admin').qs({ range: '[0,24]' }).bearerToken(token)
    list.assertStatus(200)
    const withFee = list.body().filter((row: { feeAmount: number | null }) => row.feeAmount !== null)
    assert.lengthOf(withFee, 6)
    assert.containSubset(
      withFee.find((row: { feeAmount: number }) => row.feeAmount === 1500),
      { feeMethod: 'bank_transfer', feeStatus: 'refunded', feeReceivedOn: '2025-01-20' }
    )
  })
})
