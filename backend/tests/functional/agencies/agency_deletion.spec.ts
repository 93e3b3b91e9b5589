import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { Agency } from '#agencies'
import { createUser } from '#tests/helpers/identity'
import { type Actor, actor, agencyWorld, createMembershipRequest, insertBooking, send } from '#tests/helpers/agencies'

test.group('Agencies | delete converts its people and unlinks its bookings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('as {$self}: the counts returned are what changed in the database')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const { agencyA, agencyB } = world
      const rejected = await createUser({ agencyId: agencyA.id, agencyStatus: 'rejected' })
      await createMembershipRequest(rejected, agencyA, { status: 'rejected' })
      const bookingsOfA = [await insertBooking(agencyA.id, world.memberA.id), await insertBooking(agencyA.id, null)]
      const bookingOfB = await insertBooking(agencyB.id, world.memberB.id)

      const requestsOfA = await db
        .from('agency_membership_requests')
        .where('agency_id', agencyA.id)
        .select('id', 'status')
      const linkedUsers = await db.from('users').where('agency_id', agencyA.id).select('id')
      const linkedBookings = await db.from('bookings').where('agency_id', agencyA.id).select('id')

      const response = await send(actor(world, name), client.delete(`/api/agencies/${agencyA.id}`))
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        id: agencyA.id,
        _id: agencyA.id,
        message: 'Agency deleted successfully.',
        usersConverted: linkedUsers.length,
        bookingsUpdated: linkedBookings.length,
      })
      assert.equal(response.body().usersConverted, 4)
      assert.equal(response.body().bookingsUpdated, 2)

      assert.isNull(await Agency.find(agencyA.id))
      const converted = await db
        .from('users')
        .whereIn(
          'id',
          linkedUsers.map((row) => row.id)
        )
        .select('role', 'agency_id', 'agency_status', 'position')
      assert.lengthOf(converted, 4)
      for (const user of converted) {
        assert.deepEqual(user, { role: 'user', agency_id: null, agency_status: 'none', position: 'Member' })
      }

      const bookings = await db
        .from('bookings')
        .whereIn('id', bookingsOfA)
        .select('id', 'agency_id', 'creator_name', 'status', 'active_lot_id', 'lot_id')
      assert.lengthOf(bookings, 2, 'the bookings keep their history')
      // Requests still waiting for the deleted agency can never be answered: they are closed.
      for (const booking of bookings) {
        assert.containSubset(booking, { agency_id: null, creator_name: 'Snapshot Name', status: 'rejected_by_agent' })
        assert.isNull(booking.active_lot_id)
        assert.equal((await db.from('lots').where('id', booking.lot_id).first()).status, 'available')
        const last = await db
          .from('booking_status_history')
          .where('booking_id', booking.id)
          .orderBy('id', 'desc')
          .first()
        assert.containSubset(last, { to_status: 'rejected_by_agent', notes: 'Agency deleted' })
      }

      const untouchedAgent = await db.from('users').where('id', world.agentB.id).first()
      assert.containSubset(untouchedAgent, { role: 'agent_admin', agency_id: agencyB.id, agency_status: 'approved' })
      const untouchedMember = await db.from('users').where('id', world.memberB.id).first()
      assert.containSubset(untouchedMember, { agency_id: agencyB.id, agency_status: 'approved' })
      const untouchedBooking = await db.from('bookings').where('id', bookingOfB).first()
      assert.equal(untouchedBooking.agency_id, agencyB.id)
      // The membership history outlives the agency: kept, unlinked, pending ones rejected.
      assert.isAbove(requestsOfA.length, 0)
      const kept = await db.from('agency_membership_requests').whereIn(
        'id',
        requestsOfA.map((row) => row.id)
      )
      assert.lengthOf(kept, requestsOfA.length)
      for (const request of kept) {
        assert.isNull(request.agency_id)
        const before = requestsOfA.find((row) => row.id === request.id)!
        if (before.status === 'pending')
          assert.containSubset(request, { status: 'rejected', decision_notes: 'Agency deleted' })
        else assert.equal(request.status, before.status)
      }

      const again = await send(actor(world, name), client.delete(`/api/agencies/${agencyA.id}`))
      again.assertStatus(404)
      again.assertBody({ message: 'The agency no longer exists or has already been deleted.' })
    })

  test('an agency with nobody and no bookings: zero counts', async ({ client, assert }) => {
    const world = await agencyWorld()
    const empty = await Agency.create({ name: 'Empty Agency', contactEmail: 'empty@test.example', isActive: true })
    const response = await send(world.superAdmin, client.delete(`/api/agencies/${empty.id}`))
    response.assertStatus(200)
    assert.containSubset(response.body(), { usersConverted: 0, bookingsUpdated: 0 })
    assert.isNull(await Agency.find(empty.id))
  })

  test('an unknown agency: 404 with the spec message', async ({ client }) => {
    const world = await agencyWorld()
    const response = await send(world.superAdmin, client.delete('/api/agencies/999999'))
    response.assertStatus(404)
    response.assertBody({ message: 'The agency no longer exists or has already been deleted.' })
  })
})
