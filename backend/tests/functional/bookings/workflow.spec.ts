import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ace from '@adonisjs/core/services/ace'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import { Lot } from '#inventory'
import { Booking, ExpireHolds } from '#bookings'
import { sqlDateTime } from '#core/dates'
import { bearerFor, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot, files } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function setup() {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lot = await createLot(development)
  return { ...world, development, lot }
}

type World = Awaited<ReturnType<typeof setup>>

/** A member of agency A asks for the lot: the booking waits for agent A. */
async function memberRequest(client: Parameters<typeof bearerFor>[0], world: World, lot = world.lot) {
  const response = await requestBooking(client, await bearerFor(client, world.memberA), lot.id)
  response.assertStatus(201)
  return response.body().id as number
}

async function statusOf(bookingId: number) {
  return (await Booking.findOrFail(bookingId)).status
}

async function lotStatus(lotId: number) {
  return (await Lot.findOrFail(lotId)).status
}

test.group('Bookings | agent admin response', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('approve forwards to pending_admin with the default note and a history row', async ({ client, assert }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const response = await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'approve' })
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      message: 'Booking request approved and forwarded to admin',
      status: 'pending_admin',
      agentNotes: 'Booking request approved by agent',
    })
    assert.equal(await lotStatus(world.lot.id), 'reserved')
    const history = response.body().history
    assert.deepEqual(
      history.map((h: { from: string; to: string }) => [h.from, h.to]),
      [
        [null, 'pending_agent'],
        ['pending_agent', 'pending_admin'],
      ]
    )
    assert.equal(history[1].by.id, world.agentA.id)
  })

  test('reject is rejected_by_agent and the lot is available again', async ({ client, assert }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const response = await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'reject', agentNotes: 'Client withdrew' })
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      message: 'Booking request rejected',
      status: 'rejected_by_agent',
      agentNotes: 'Client withdrew',
    })
    assert.equal(await lotStatus(world.lot.id), 'available')
  })

  test('an action is required', async ({ client }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const response = await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'maybe' })
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Please select an action (approve or reject)' })
  })

  test("{$self} cannot respond to agency A's request")
    .with(['agentB', 'memberA', 'superAdmin', 'plainUser'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const id = await memberRequest(client, world)
      const response = await client
        .put(`/api/bookings/${id}/agent-response`)
        .bearerToken(await bearerFor(client, world[who]))
        .json({ action: 'approve' })
      response.assertStatus(403)
      assert.equal(await statusOf(id), 'pending_agent')
    })

  test('only a pending_agent request can be answered', async ({ client }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const token = await bearerFor(client, world.agentA)
    ;(
      await client.put(`/api/bookings/${id}/agent-response`).bearerToken(token).json({ action: 'approve' })
    ).assertStatus(200)
    ;(
      await client.put(`/api/bookings/${id}/agent-response`).bearerToken(token).json({ action: 'reject' })
    ).assertStatus(409)
  })
})

test.group('Bookings | super admin processing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  async function forwarded(client: Parameters<typeof bearerFor>[0], world: World, lot = world.lot) {
    const id = await memberRequest(client, world, lot)
    await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'approve' })
    return id
  }

  test('{decision}: booking status {status}, lot {lot}')
    .with([
      {
        decision: 'approved',
        status: 'approved',
        lot: 'booked',
        message: 'Booking confirmed and marked as booked. Lot status updated to booked.',
      },
      {
        decision: 'booked',
        status: 'approved',
        lot: 'booked',
        message: 'Booking confirmed and marked as booked. Lot status updated to booked.',
      },
      { decision: 'sold', status: 'sold', lot: 'sold', message: 'Booking marked as sold. Lot status updated to sold.' },
      {
        decision: 'rejected',
        status: 'rejected',
        lot: 'available',
        message: 'Booking rejected. Lot returned to available.',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await setup()
      const id = await forwarded(client, world)
      const response = await client
        .put(`/api/bookings/${id}/status-update`)
        .bearerToken(await bearerFor(client, world.superAdmin))
        .json({ status: row.decision, message: 'Processed at the sales office' })
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: row.message,
        status: row.status,
        adminNotes: 'Processed at the sales office',
      })
      assert.equal(await lotStatus(world.lot.id), row.lot)
      const last = response.body().history.at(-1)
      assert.containSubset(last, { from: 'pending_admin', to: row.status, notes: 'Processed at the sales office' })
    })

  test('an admin processes exactly like a super admin; a booked lot can then be sold', async ({ client, assert }) => {
    const world = await setup()
    const id = await forwarded(client, world)
    const token = await bearerFor(client, world.admin)
    ;(
      await client.put(`/api/bookings/${id}/status-update`).bearerToken(token).json({ status: 'approved' })
    ).assertStatus(200)
    ;(await client.put(`/api/bookings/${id}/status-update`).bearerToken(token).json({ status: 'sold' })).assertStatus(
      200
    )
    assert.equal(await lotStatus(world.lot.id), 'sold')
  })

  test('sold, completed and rejected bookings cannot be processed (409)', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const sold = await forwarded(client, world)
    await client.put(`/api/bookings/${sold}/status-update`).bearerToken(token).json({ status: 'sold' })
    const again = await client
      .put(`/api/bookings/${sold}/status-update`)
      .bearerToken(token)
      .json({ status: 'rejected' })
    again.assertStatus(409)
    assert.equal(await lotStatus(world.lot.id), 'sold')

    const otherLot = await createLot(world.development)
    const rejected = await forwarded(client, world, otherLot)
    await client.put(`/api/bookings/${rejected}/status-update`).bearerToken(token).json({ status: 'rejected' })
    ;(
      await client.put(`/api/bookings/${rejected}/status-update`).bearerToken(token).json({ status: 'approved' })
    ).assertStatus(409)
    assert.equal(await lotStatus(otherLot.id), 'available')

    const thirdLot = await createLot(world.development)
    const completed = await forwarded(client, world, thirdLot)
    await db.from('bookings').where('id', completed).update({ status: 'completed' })
    ;(
      await client.put(`/api/bookings/${completed}/status-update`).bearerToken(token).json({ status: 'sold' })
    ).assertStatus(409)
  })

  test('a request still waiting for its agency cannot be processed yet', async ({ client }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const response = await client
      .put(`/api/bookings/${id}/status-update`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ status: 'approved' })
    response.assertStatus(409)
  })

  test('an action must be chosen', async ({ client }) => {
    const world = await setup()
    const id = await forwarded(client, world)
    const response = await client
      .put(`/api/bookings/${id}/status-update`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({})
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Please select an action (booked, sold, or reject)' })
  })

  test('{$self} cannot process bookings or list them all')
    .with(['agentA', 'memberA', 'plainUser'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const id = await forwarded(client, world)
      const token = await bearerFor(client, world[who])
      ;(
        await client.put(`/api/bookings/${id}/status-update`).bearerToken(token).json({ status: 'approved' })
      ).assertStatus(403)
      ;(await client.get('/api/bookings/admin').bearerToken(token)).assertStatus(403)
      assert.equal(await statusOf(id), 'pending_admin')
    })

  test('the admin list filters All / Pending / Approved / Sold (with completed) / Rejected in SQL', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    const lots = await Promise.all([1, 2, 3, 4, 5].map(() => createLot(world.development)))
    const ids = []
    for (const lot of lots) ids.push(await forwarded(client, world, lot))
    await client.put(`/api/bookings/${ids[0]}/status-update`).bearerToken(token).json({ status: 'approved' })
    await client.put(`/api/bookings/${ids[1]}/status-update`).bearerToken(token).json({ status: 'sold' })
    await client.put(`/api/bookings/${ids[2]}/status-update`).bearerToken(token).json({ status: 'rejected' })
    await db.from('bookings').where('id', ids[3]).update({ status: 'completed' })

    const list = async (status?: string) => {
      const response = await client
        .get('/api/bookings/admin')
        .qs(status ? { status } : {})
        .bearerToken(token)
      response.assertStatus(200)
      return response
        .body()
        .map((b: { id: number }) => b.id)
        .sort()
    }
    assert.deepEqual(await list(), [...ids].sort())
    assert.deepEqual(await list('pending'), [ids[4]])
    assert.deepEqual(await list('approved'), [ids[0]])
    assert.deepEqual(await list('sold'), [ids[1], ids[3]].sort())
    assert.deepEqual(await list('rejected'), [ids[2]])

    const page = await client
      .get('/api/bookings/admin')
      .qs({ sort: JSON.stringify(['createdAt', 'DESC']), range: '[0,1]', filter: JSON.stringify({ status: 'sold' }) })
      .bearerToken(token)
    assert.equal(page.headers()['content-range'], 'bookings 0-1/2')
  })
})

test.group('Bookings | cancel, read, lists', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the creator cancels while pending: cancelled, lot available, date recorded', async ({ client, assert }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    const response = await client.delete(`/api/bookings/${id}`).bearerToken(await bearerFor(client, world.memberA))
    response.assertStatus(200)
    assert.containSubset(response.body(), { message: 'Booking cancelled successfully', status: 'cancelled' })
    assert.isString(response.body().cancellationDate)
    assert.equal(await lotStatus(world.lot.id), 'available')
    // The freed lot can be requested again.
    ;(await requestBooking(client, await bearerFor(client, world.otherMemberA), world.lot.id)).assertStatus(201)
  })

  test("{$self} cannot cancel someone else's booking")
    .with(['otherMemberA', 'agentA', 'agentB', 'superAdmin'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const id = await memberRequest(client, world)
      const response = await client.delete(`/api/bookings/${id}`).bearerToken(await bearerFor(client, world[who]))
      response.assertStatus(403)
      response.assertBody({ message: "You don't have permission to cancel this booking. Please contact support." })
      assert.equal(await statusOf(id), 'pending_agent')
    })

  test('cancelling an unknown booking is 404; a decided one is 409', async ({ client }) => {
    const world = await setup()
    const token = await bearerFor(client, world.memberA)
    const missing = await client.delete('/api/bookings/999999').bearerToken(token)
    missing.assertStatus(404)
    missing.assertBody({ message: 'Booking not found. It may have already been cancelled or processed.' })
    const id = await memberRequest(client, world)
    await client
      .put(`/api/bookings/${id}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'reject' })
    ;(await client.delete(`/api/bookings/${id}`).bearerToken(token)).assertStatus(409)
  })

  test("a booking is visible to its requester, its agency's agent admin and super admins only", async ({ client }) => {
    const world = await setup()
    const id = await memberRequest(client, world)
    for (const who of ['memberA', 'agentA', 'superAdmin', 'admin'] as const) {
      ;(await client.get(`/api/bookings/${id}`).bearerToken(await bearerFor(client, world[who]))).assertStatus(200)
    }
    for (const who of ['otherMemberA', 'agentB', 'memberB', 'plainUser'] as const) {
      ;(await client.get(`/api/bookings/${id}`).bearerToken(await bearerFor(client, world[who]))).assertStatus(403)
    }
    ;(await client.get(`/api/bookings/${id}`)).assertStatus(401)
  })

  test('own bookings come newest first with lot details', async ({ client, assert }) => {
    const world = await setup()
    const first = await memberRequest(client, world)
    await db
      .from('bookings')
      .where('id', first)
      .update({ created_at: sqlDateTime(DateTime.utc().minus({ hours: 1 })) })
    const second = await memberRequest(client, world, await createLot(world.development))
    const response = await client.get('/api/bookings/user').bearerToken(await bearerFor(client, world.memberA))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((b: { id: number }) => b.id),
      [second, first]
    )
    assert.containSubset(response.body()[0], {
      lot: { type: 'INTERMEDIATE (B)', phase: 4, landSize: 186, landAreaSqft: 2002 },
    })
    const others = await client.get('/api/bookings/user').bearerToken(await bearerFor(client, world.otherMemberA))
    assert.deepEqual(others.body(), [])
  })

  test("own lots: the lots of live bookings only, never anyone else's; signed out is 401", async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const cancelledLot = await createLot(world.development)
    const cancelled = await memberRequest(client, world, cancelledLot)
    const token = await bearerFor(client, world.memberA)
    ;(await client.delete(`/api/bookings/${cancelled}`).bearerToken(token)).assertStatus(200)
    await memberRequest(client, world)
    const response = await client.get('/api/bookings/user/lots').bearerToken(token)
    response.assertStatus(200)
    response.assertBody({ data: [world.lot.id] })
    const others = await client.get('/api/bookings/user/lots').bearerToken(await bearerFor(client, world.otherMemberA))
    others.assertBody({ data: [] })
    ;(await client.get('/api/bookings/user/lots')).assertStatus(401)
    assert.equal(await statusOf(cancelled), 'cancelled')
  })

  test('the agent list shows their agency only; history leaves out pending_agent', async ({ client, assert }) => {
    const world = await setup()
    const waiting = await memberRequest(client, world)
    const decidedLot = await createLot(world.development)
    const decided = await memberRequest(client, world, decidedLot)
    await client
      .put(`/api/bookings/${decided}/agent-response`)
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ action: 'approve' })
    const bLot = await createLot(world.development)
    ;(await requestBooking(client, await bearerFor(client, world.memberB), bLot.id)).assertStatus(201)

    const tokenA = await bearerFor(client, world.agentA)
    const all = await client.get('/api/bookings/agent').bearerToken(tokenA)
    assert.sameMembers(
      all.body().map((b: { id: number }) => b.id),
      [waiting, decided]
    )
    const pending = await client.get('/api/bookings/agent').qs({ status: 'pending_agent' }).bearerToken(tokenA)
    assert.deepEqual(
      pending.body().map((b: { id: number }) => b.id),
      [waiting]
    )
    const history = await client.get('/api/bookings/agent').qs({ history: '1' }).bearerToken(tokenA)
    assert.deepEqual(
      history.body().map((b: { id: number }) => b.id),
      [decided]
    )
    ;(await client.get('/api/bookings/agent').bearerToken(await bearerFor(client, world.memberA))).assertStatus(403)
  })

  test('an agent admin without an agency sees no bookings list: 403 with the reason', async ({ client, assert }) => {
    const world = await setup()
    await memberRequest(client, world)
    const loose = await createUser({ role: 'agent_admin', agencyId: null, agencyStatus: 'none' })
    const token = await bearerFor(client, loose)
    for (const path of ['/api/bookings/agent', '/api/bookings']) {
      const response = await client.get(path).bearerToken(token)
      response.assertStatus(403)
      assert.equal(response.body().message, 'You are not the agent admin of an agency.', path)
    }
  })
})

test.group('Bookings | agent admin creates for a client', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /api/bookings books a lot for a user: pending_admin, created by agent', async ({ client, assert }) => {
    const world = await setup()
    const response = await client
      .post('/api/bookings')
      .bearerToken(await bearerFor(client, world.agentA))
      .json({ userId: world.plainUser.id, lotId: world.lot.id, notes: 'Walk-in client', consent: true })
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      message: 'Booking successfully created and sent to admin for review',
      status: 'pending_admin',
      createdBy: 'agent',
      userId: world.plainUser.id,
      agencyId: world.agencyA.id,
      requestMessage: 'Walk-in client',
    })
    assert.equal(await lotStatus(world.lot.id), 'reserved')
    // The client sees it among their bookings.
    const own = await client.get('/api/bookings/user').bearerToken(await bearerFor(client, world.plainUser))
    assert.deepEqual(
      own.body().map((b: { id: number }) => b.id),
      [response.body().id]
    )
  })

  test('the create form rules: an existing user, a lot or a unit', async ({ client }) => {
    const world = await setup()
    const token = await bearerFor(client, world.agentA)
    ;(
      await client.post('/api/bookings').bearerToken(token).json({ lotId: world.lot.id, consent: true })
    ).assertBodyContains({
      errors: [{ field: 'userId', message: 'Please select a user' }],
    })
    // Someone who exists but is not the agent admin's to book for is a 403 (bookings/clients.spec.ts).
    ;(
      await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId: 2_000_000_000, lotId: world.lot.id, consent: true })
    ).assertBodyContains({
      errors: [{ field: 'userId', message: 'Please select a user' }],
    })
    ;(
      await client.post('/api/bookings').bearerToken(token).json({ userId: world.plainUser.id, consent: true })
    ).assertBodyContains({
      errors: [{ field: 'lotId', message: 'Please select a lot' }],
    })
    ;(
      await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId: world.plainUser.id, unitId: world.lot.id, consent: true })
    ).assertBodyContains({
      errors: [{ field: 'unitId', message: 'Please select a unit' }],
    })
  })

  test('{$self} cannot create bookings for clients')
    .with(['memberA', 'plainUser', 'pendingUser'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const response = await client
        .post('/api/bookings')
        .bearerToken(await bearerFor(client, world[who]))
        .json({ userId: world.plainUser.id, lotId: world.lot.id, consent: true })
      response.assertStatus(403)
      response.assertBody({ message: 'Only agent admins and super admins can create bookings for clients.' })
      assert.equal(await lotStatus(world.lot.id), 'available')
      assert.lengthOf(await Booking.query().where('lot_id', world.lot.id), 0)
    })

  test("{$self} books a lot for a user: pending_admin, under the client's agency, no agent admin")
    .with(['superAdmin', 'admin'] as const)
    .run(async ({ client, assert }, who) => {
      const world = await setup()
      const token = await bearerFor(client, world[who])
      const forMember = await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId: world.memberA.id, lotId: world.lot.id, notes: 'Phoned in', consent: true })
      forMember.assertStatus(201)
      assert.containSubset(forMember.body(), {
        message: 'Booking created successfully',
        status: 'pending_admin',
        userId: world.memberA.id,
        agencyId: world.agencyA.id,
        agentAdmin: null,
        createdById: world[who].id,
        creatorName: world[who].name,
        requestMessage: 'Phoned in',
      })
      assert.equal(await lotStatus(world.lot.id), 'reserved')
      // It waits in the super admins' queue and can be processed there.
      const queue = await client
        .get('/api/bookings/admin')
        .qs({ filter: JSON.stringify({ status: 'pending' }) })
        .bearerToken(token)
      assert.include(
        queue.body().map((b: { id: number }) => b.id),
        forMember.body().id
      )

      // A client without an agency: the booking has none either.
      const other = await createLot(world.development)
      const forUser = await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId: world.plainUser.id, lotId: other.id, consent: true })
      forUser.assertStatus(201)
      assert.containSubset(forUser.body(), { status: 'pending_admin', userId: world.plainUser.id, agencyId: null })
    })

  test('a super admin books only for a user of role user, never for themselves', async ({ client, assert }) => {
    const world = await setup()
    const token = await bearerFor(client, world.superAdmin)
    for (const userId of [world.superAdmin.id, world.agentA.id]) {
      const response = await client
        .post('/api/bookings')
        .bearerToken(token)
        .json({ userId, lotId: world.lot.id, consent: true })
      response.assertStatus(422)
      response.assertBodyContains({ errors: [{ field: 'userId', message: 'Please select a user' }] })
    }
    const own = await client
      .post('/api/bookings/property')
      .bearerToken(token)
      .field('propertyId', `type-b-${world.lot.lotNumber}`)
      .field('consent', 'true')
      .file('icFront', files.png, { filename: 'front.png' })
      .file('icBack', files.png, { filename: 'back.png' })
    own.assertStatus(403)
    assert.equal(await lotStatus(world.lot.id), 'available')
  })

  test('POST /api/bookings/property resolves type-{type}-{lot number}', async ({ client, assert }) => {
    const world = await setup()
    const lot = await createLot(world.development, { typeCode: 'C', type: 'END LOT (C)', lotNumber: '77' })
    const token = await bearerFor(client, world.agentA)
    const withIc = (propertyId: string, extra: Record<string, string> = {}) => {
      const request = client
        .post('/api/bookings/property')
        .bearerToken(token)
        .field('propertyId', propertyId)
        .field('consent', 'true')
      for (const [name, value] of Object.entries(extra)) request.field(name, value)
      return request
        .file('icFront', files.png, { filename: 'front.png' })
        .file('icBack', files.png, { filename: 'back.png' })
    }
    const response = await withIc('type-c-77', {
      requestMessage: 'Agent: Farid\nPhone: 0123456789',
      contactPhone: '0123456789',
      userId: String(world.plainUser.id),
      status: 'approved',
    })
    response.assertStatus(201)
    assert.containSubset(response.body(), { lotId: lot.id, status: 'pending_admin', specialLotId: 'type-c-77' })
    ;(await withIc('type-x-1')).assertStatus(422)
    ;(
      await client
        .post('/api/bookings/property')
        .bearerToken(await bearerFor(client, world.memberA))
        .json({ propertyId: 'type-c-77', consent: true })
    ).assertStatus(403)
  })

  test('the agent booking form: both IC sides required, the cheque optional', async ({ client, assert }) => {
    const world = await setup()
    const lot = await createLot(world.development, { typeCode: 'B', lotNumber: '88' })
    const token = await bearerFor(client, world.agentA)
    const none = await client
      .post('/api/bookings/property')
      .bearerToken(token)
      .json({ propertyId: 'type-b-88', consent: true })
    none.assertStatus(422)
    none.assertBodyContains({ message: 'Please upload at least one identity card image (front and back)' })
    const one = await client
      .post('/api/bookings/property')
      .bearerToken(token)
      .field('propertyId', 'type-b-88')
      .field('consent', 'true')
      .file('icFront', files.png, { filename: 'front.png' })
    one.assertStatus(422)
    one.assertBodyContains({ message: 'Both front and back sides of IC are required' })
    assert.equal(await lotStatus(lot.id), 'available')

    const noCheque = await client
      .post('/api/bookings/property')
      .bearerToken(token)
      .field('propertyId', 'type-b-88')
      .field('consent', 'true')
      .field('requestMessage', 'Agent: Farid Hassan')
      .file('icFront', files.png, { filename: 'front.png' })
      .file('icBack', files.jpeg, { filename: 'back.jpg' })
    noCheque.assertStatus(201)
    assert.containSubset(noCheque.body(), { status: 'pending_admin', lotId: lot.id, createdBy: 'agent' })
    assert.lengthOf(noCheque.body().documents, 2)
  })
})

test.group('Bookings | holds expire', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('pending bookings older than the hold period expire; their lots are available again', async ({
    client,
    assert,
  }) => {
    const world = await setup()
    const old = await memberRequest(client, world)
    const freshLot = await createLot(world.development)
    const fresh = await memberRequest(client, world, freshLot)
    await db
      .from('bookings')
      .where('id', old)
      .update({ created_at: sqlDateTime(DateTime.utc().minus({ days: 8 })) })

    const expired = await new ExpireHolds().handle(7)
    assert.deepEqual(
      expired.map((hold) => hold.bookingId),
      [old]
    )
    assert.equal(await statusOf(old), 'expired')
    assert.equal(await lotStatus(world.lot.id), 'available')
    assert.equal(await statusOf(fresh), 'pending_agent')
    const history = await db.from('booking_status_history').where('booking_id', old).orderBy('id', 'desc').first()
    assert.containSubset(history, { from_status: 'pending_agent', to_status: 'expired', changed_by_id: null })
  })

  test('node ace bookings:expire says what it changed', async ({ client, assert }) => {
    const world = await setup()
    const old = await memberRequest(client, world)
    await db
      .from('bookings')
      .where('id', old)
      .update({ created_at: sqlDateTime(DateTime.utc().minus({ days: 3 })) })
    ace.ui.switchMode('raw')
    const command = await ace.exec('bookings:expire', ['--days=2'])
    command.assertSucceeded()
    command.assertLogMatches(new RegExp(`Booking #${old} .*expired`))
    assert.equal(await statusOf(old), 'expired')
  })
})
