import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { Lot } from '#inventory'
import type { User } from '#identity'
import { Booking, BOOKING_STATUSES, TRANSITIONS, takeTransition, type BookingStatus } from '#bookings'
import type { BookingStatusChanged } from '#bookings'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/** Each endpoint a user takes a transition through, and the ability it speaks for. */
const MOVES = [
  { action: 'cancel', by: 'cancel', send: (c: ApiClient, id: number) => c.delete(`/api/bookings/${id}`) },
  {
    action: 'approve',
    by: 'respondAsAgent',
    send: (c: ApiClient, id: number) => c.put(`/api/bookings/${id}/agent-response`).json({ action: 'approve' }),
  },
  {
    action: 'reject',
    by: 'respondAsAgent',
    send: (c: ApiClient, id: number) => c.put(`/api/bookings/${id}/agent-response`).json({ action: 'reject' }),
  },
  {
    action: 'booked',
    by: 'process',
    send: (c: ApiClient, id: number) => c.put(`/api/bookings/${id}/status-update`).json({ status: 'booked' }),
  },
  {
    action: 'sold',
    by: 'process',
    send: (c: ApiClient, id: number) => c.put(`/api/bookings/${id}/status-update`).json({ status: 'sold' }),
  },
  {
    action: 'reject',
    by: 'process',
    send: (c: ApiClient, id: number) => c.put(`/api/bookings/${id}/status-update`).json({ status: 'reject' }),
  },
] as const

/**
 * Who holds which ability on a booking member A asked for, written out here rather than read
 * from the policy: the requester cancels, agency A's agent admin responds, super admins process.
 */
const ACTORS = {
  requester: ['cancel'],
  agentA: ['respondAsAgent'],
  agentB: [],
  otherMemberA: [],
  superAdmin: ['process'],
} as const satisfies Record<string, readonly string[]>

type ActorName = keyof typeof ACTORS

/** What the transitions table says should happen. */
function expected(status: BookingStatus, move: (typeof MOVES)[number], actor: ActorName) {
  if (!(ACTORS[actor] as readonly string[]).includes(move.by)) return { code: 403 } as const
  const row = TRANSITIONS.find(
    (r) =>
      r.action === move.action && r.by === move.by && r.from !== null && (r.from as readonly string[]).includes(status)
  )
  return row ? ({ code: 200, to: row.to, lot: 'lot' in row ? row.lot : null } as const) : ({ code: 409 } as const)
}

/** A booking member A asked for, already in `status` (the lot held as that status holds it). */
async function bookingIn(status: BookingStatus, world: Awaited<ReturnType<typeof bookingWorld>>, lot: Lot) {
  const holds = !['rejected', 'rejected_by_agent', 'rejected_by_admin', 'cancelled', 'expired'].includes(status)
  await lot.merge({ status: holds ? 'reserved' : 'available' }).save()
  return Booking.create({
    lotId: lot.id,
    activeLotId: holds ? lot.id : null,
    userId: world.memberA.id,
    createdById: world.memberA.id,
    createdBy: 'user',
    agencyId: world.agencyA.id,
    agentAdminId: null,
    status,
    creatorName: world.memberA.name,
    creatorEmail: world.memberA.email,
  })
}

async function snapshot(bookingId: number, lotId: number) {
  const booking = await Booking.findOrFail(bookingId)
  const [history] = await db.from('booking_status_history').where('booking_id', bookingId).count('* as total')
  return {
    status: booking.status,
    activeLotId: booking.activeLotId,
    agentNotes: booking.agentNotes,
    adminNotes: booking.adminNotes,
    cancellationDate: booking.cancellationDate?.toISO() ?? null,
    history: Number(history.total),
    lot: (await Lot.findOrFail(lotId)).status,
  }
}

test.group('Bookings | every (status, action, actor) against the transitions table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  for (const status of BOOKING_STATUSES) {
    test(`from ${status}`, async ({ client, assert }) => {
      const world = await bookingWorld()
      const development = await createDevelopment()
      const users: Record<ActorName, User> = {
        requester: world.memberA,
        agentA: world.agentA,
        agentB: world.agentB,
        otherMemberA: world.otherMemberA,
        superAdmin: world.superAdmin,
      }
      const tokens = Object.fromEntries(
        await Promise.all(Object.entries(users).map(async ([name, user]) => [name, await bearerFor(client, user)]))
      ) as Record<ActorName, string>

      for (const move of MOVES) {
        for (const actor of Object.keys(ACTORS) as ActorName[]) {
          const lot = await createLot(development)
          const booking = await bookingIn(status, world, lot)
          const before = await snapshot(booking.id, lot.id)
          const response = await move.send(client, booking.id).bearerToken(tokens[actor])
          const want = expected(status, move, actor)
          const label = `${status} --${move.by}:${move.action}--> as ${actor}`
          assert.equal(response.status(), want.code, `${label}: ${JSON.stringify(response.body())}`)
          const after = await snapshot(booking.id, lot.id)
          if (want.code === 200) {
            assert.equal(after.status, want.to, label)
            assert.equal(after.history, before.history + 1, `${label}: one history row`)
            if (want.lot) assert.equal(after.lot, want.lot, label)
            assert.equal(response.body().status, want.to, label)
          } else {
            assert.deepEqual(after, before, `${label}: nothing changed`)
            assert.isString(response.body().message, label)
          }
        }
      }
    }).timeout(60_000)
  }

  test('allowedActions lists exactly what each actor could take', async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    for (const status of ['pending_agent', 'pending_admin', 'approved', 'sold', 'cancelled'] as const) {
      const booking = await bookingIn(status, world, await createLot(development))
      for (const [actor, user] of [
        ['requester', world.memberA],
        ['agentA', world.agentA],
        ['superAdmin', world.superAdmin],
      ] as const) {
        const response = await client.get(`/api/bookings/${booking.id}`).bearerToken(await bearerFor(client, user))
        const want = [
          ...new Set(MOVES.filter((move) => expected(status, move, actor).code === 200).map((move) => move.action)),
        ]
        assert.sameMembers(response.body().allowedActions, want, `${status} as ${actor}`)
      }
    }
  }).timeout(60_000)
})

/**
 * No global transaction: "after the commit" must be visible from another connection, so the
 * writes really commit. Everything created here is removed afterwards.
 */
test.group('Bookings | booking:status_changed', (group) => {
  let created: { users: number[]; agencies: number[]; developments: number[] } = {
    users: [],
    agencies: [],
    developments: [],
  }
  let heard: Array<BookingStatusChanged & { committedStatus: string | null }> = []
  const listener = async (event: BookingStatusChanged) => {
    // Read on a fresh pooled connection: it sees only committed rows.
    const row = await db.from('bookings').where('id', event.bookingId).select('status').first()
    heard.push({ ...event, committedStatus: row?.status ?? null })
  }

  group.each.setup(async () => {
    heard = []
    created = { users: [], agencies: [], developments: [] }
    emitter.on('booking:status_changed', listener)
    return async () => {
      emitter.off('booking:status_changed', listener)
      const lots = await db.from('lots').whereIn('development_id', created.developments).select('id')
      const bookings = await db
        .from('bookings')
        .whereIn(
          'lot_id',
          lots.map((lot) => lot.id)
        )
        .select('id')
      const bookingIds = bookings.map((b) => b.id)
      await db.from('booking_status_history').whereIn('booking_id', bookingIds).delete()
      await db.from('booking_documents').whereIn('booking_id', bookingIds).delete()
      await db.from('bookings').whereIn('id', bookingIds).delete()
      await db.from('auth_access_tokens').whereIn('tokenable_id', created.users).delete()
      await db.from('sessions').delete()
      await db.from('users').whereIn('id', created.users).delete()
      await db.from('lots').whereIn('development_id', created.developments).delete()
      await db.from('developments').whereIn('id', created.developments).delete()
      await db.from('agencies').whereIn('id', created.agencies).delete()
    }
  })

  async function cast() {
    const agency = await createAgency()
    const member = await createUser({ agencyId: agency.id, agencyStatus: 'approved' })
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const superAdmin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    created.agencies.push(agency.id)
    created.users.push(member.id, agent.id, superAdmin.id)
    created.developments.push(development.id)
    return { member, agent, superAdmin, lot: await createLot(development) }
  }

  test('request, approve, booked, sold: one event each, emitted after the commit', async ({ client, assert }) => {
    const { member, agent, superAdmin, lot } = await cast()
    const request = await requestBooking(client, await bearerFor(client, member), lot.id)
    request.assertStatus(201)
    const id = request.body().id as number
    assert.lengthOf(heard, 1)
    const agentToken = await bearerFor(client, agent)
    ;(
      await client.put(`/api/bookings/${id}/agent-response`).bearerToken(agentToken).json({ action: 'approve' })
    ).assertStatus(200)
    const adminToken = await bearerFor(client, superAdmin)
    for (const status of ['booked', 'sold']) {
      ;(await client.put(`/api/bookings/${id}/status-update`).bearerToken(adminToken).json({ status })).assertStatus(
        200
      )
    }
    assert.deepEqual(
      heard.map((event) => [event.action, event.from, event.to, event.committedStatus, event.lotStatus]),
      [
        ['request', null, 'pending_agent', 'pending_agent', 'reserved'],
        ['approve', 'pending_agent', 'pending_admin', 'pending_admin', null],
        ['booked', 'pending_admin', 'approved', 'approved', 'booked'],
        ['sold', 'approved', 'sold', 'sold', 'sold'],
      ]
    )
    assert.isTrue(heard.every((event) => event.bookingId === id && event.lotId === lot.id))
    assert.deepEqual(
      heard.map((event) => event.actorId),
      [member.id, agent.id, superAdmin.id, superAdmin.id]
    )
  }).timeout(30_000)

  test('a refused or conflicting transition emits nothing', async ({ client, assert }) => {
    const { member, superAdmin, lot } = await cast()
    const request = await requestBooking(client, await bearerFor(client, member), lot.id)
    const id = request.body().id as number
    heard = []
    const adminToken = await bearerFor(client, superAdmin)
    ;(
      await client.put(`/api/bookings/${id}/status-update`).bearerToken(adminToken).json({ status: 'sold' })
    ).assertStatus(409)
    ;(await client.delete(`/api/bookings/${id}`).bearerToken(adminToken)).assertStatus(403)
    assert.lengthOf(heard, 0)
  }).timeout(30_000)

  test('a rollback after the status was written emits nothing and leaves the booking as it was', async ({
    client,
    assert,
  }) => {
    const { member, lot } = await cast()
    const request = await requestBooking(client, await bearerFor(client, member), lot.id)
    const id = request.body().id as number
    heard = []
    const failure = await takeTransition({
      actor: { user: member },
      action: 'cancel',
      bookingId: id,
      within: async () => {
        throw new Error('the disk is full')
      },
    }).then(
      () => null,
      (error: Error) => error
    )
    assert.equal(failure?.message, 'the disk is full')
    assert.lengthOf(heard, 0)
    assert.equal((await Booking.findOrFail(id)).status, 'pending_agent')
    assert.equal((await Lot.findOrFail(lot.id)).status, 'reserved')
    const [history] = await db.from('booking_status_history').where('booking_id', id).count('* as total')
    assert.equal(Number(history.total), 1)
  }).timeout(30_000)
})
