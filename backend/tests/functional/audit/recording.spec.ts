import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { truncateDatabase } from '#tests/helpers/database'
import { AuditEntry } from '#audit'
import { Agency } from '#agencies'
import { Booking } from '#bookings'
import { type User } from '#identity'
import { Lot } from '#inventory'
import { UpdateLot } from '#inventory/actions/save_lot'
import { createAgency, createUser, PASSWORD } from '#tests/helpers/identity'
import { createApplicant, send, tokenFor } from '#tests/helpers/agencies'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/** The client address the requests come from, through the trusted local proxy. */
const CLIENT_IP = '203.0.113.7'

const entries = (action?: string) => {
  const query = AuditEntry.query().orderBy('id')
  if (action) query.where('action', action)
  return query
}

const asClient = <T extends { header: (name: string, value: string) => T }>(request: T) =>
  request.header('x-forwarded-for', CLIENT_IP)

test.group('Audit trail | development settings', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("a development's hold length and approval targets are each on record", async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin', name: 'Siti Admin' })
    const development = await createDevelopment()

    const hold = await send(
      superAdmin,
      asClient(client.put(`/api/developments/${development.id}/hold`)).json({ holdMinutes: 30 })
    )
    hold.assertStatus(200)
    const [holdEntry] = await entries('development.hold_length_changed')
    assert.containSubset(holdEntry.serialize(), {
      actorId: superAdmin.id,
      subjectType: 'development',
      subjectId: development.id,
      ip: CLIENT_IP,
    })
    assert.deepEqual(holdEntry.after, { holdMinutes: 30 })

    const targets = await send(
      superAdmin,
      asClient(client.put(`/api/developments/${development.id}/time-limits`)).json({
        agentTargetMinutes: 240,
        developerTargetMinutes: 2880,
      })
    )
    targets.assertStatus(200)
    const [targetEntry] = await entries('development.time_limits_changed')
    assert.containSubset(targetEntry.serialize(), { actorId: superAdmin.id, subjectType: 'development', ip: CLIENT_IP })
    assert.deepEqual(targetEntry.after, { agentTargetMinutes: 240 })

    // A refused change leaves no entry.
    const agent = await createUser({ role: 'agent_admin' })
    ;(await send(agent, client.put(`/api/developments/${development.id}/hold`).json({ holdMinutes: 5 }))).assertStatus(
      403
    )
    assert.lengthOf(await entries('development.hold_length_changed'), 1)
  })
})

test.group('Audit trail | lots', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creating, editing (price, status, areas) and deleting a lot are each on record', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin', name: 'Siti Admin' })
    await createDevelopment()

    const created = await send(
      superAdmin,
      asClient(client.post('/api/lots')).json({
        lotNumber: '77',
        unitNumber: 'MKS-77',
        type: 'Factory',
        status: 'available',
        price: 500000,
      })
    )
    created.assertStatus(201)
    const lotId = created.body().id as number

    const [creation] = await entries('lot.created')
    assert.containSubset(creation.serialize(), {
      actorId: superAdmin.id,
      actorName: 'Siti Admin',
      actorEmail: superAdmin.email,
      actorRole: 'super_admin',
      subjectType: 'lot',
      subjectId: lotId,
      subjectLabel: 'MKS-77 (lot 77)',
      before: null,
      ip: CLIENT_IP,
    })
    assert.containSubset(creation.after, {
      lotNumber: '77',
      unitNumber: 'MKS-77',
      type: 'Factory',
      status: 'available',
    })
    assert.equal(Number(creation.after!.price), 500000)

    const edited = await send(
      superAdmin,
      asClient(client.put(`/api/lots/${lotId}`)).json({
        price: 520000,
        status: 'locked',
        builtUpArea: 250,
        landSize: 190,
      })
    )
    edited.assertStatus(200)
    const [edit] = await entries('lot.updated')
    // Only what changed, before and after; nothing the edit left alone.
    assert.deepEqual(Object.keys(edit.before!).sort(), ['builtUpSqm', 'landSizeSqm', 'price', 'status'])
    assert.deepEqual(Object.keys(edit.after!).sort(), ['builtUpSqm', 'landSizeSqm', 'price', 'status'])
    assert.equal(edit.before!.status, 'available')
    assert.equal(edit.after!.status, 'locked')
    assert.equal(Number(edit.before!.price), 500000)
    assert.equal(Number(edit.after!.price), 520000)
    assert.equal(Number(edit.after!.builtUpSqm), 250)

    // Saving the same values again changes nothing, and records nothing.
    ;(await send(superAdmin, client.put(`/api/lots/${lotId}`).json({ price: 520000 }))).assertStatus(200)
    assert.lengthOf(await entries('lot.updated'), 1)

    ;(await send(superAdmin, asClient(client.delete(`/api/lots/${lotId}`)))).assertStatus(200)
    const [deletion] = await entries('lot.deleted')
    assert.containSubset(deletion.serialize(), { subjectId: lotId, after: null, ip: CLIENT_IP })
    assert.containSubset(deletion.before, { lotNumber: '77', status: 'locked' })
  })

  test('a CSV import records each lot it creates or changes, as its importer', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    const existing = await createLot(development, { lotNumber: '5', price: 400000 })
    const csv = [
      'Lot Number,Type,Status,Price (RM),Property ID',
      `5,INTERMEDIATE (B),available,410000,${development.id}`,
      `6,INTERMEDIATE (B),available,420000,${development.id}`,
      '',
    ].join('\r\n')
    const response = await send(
      superAdmin,
      asClient(client.post('/api/lots/import')).file('file', Buffer.from(csv), { filename: 'lots.csv' })
    )
    response.assertStatus(200)
    const updated = await entries('lot.updated')
    assert.lengthOf(updated, 1)
    assert.equal(updated[0].subjectId, existing.id)
    assert.deepEqual(updated[0].after, { price: 410000 })
    const created = await entries('lot.created')
    assert.lengthOf(created, 1)
    assert.containSubset(created[0].serialize(), { actorId: superAdmin.id, ip: CLIENT_IP, after: { lotNumber: '6' } })
  })
})

test.group('Audit trail | agencies, users and roles, agent admins', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('agencies: create, edit, delete', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const created = await send(
      superAdmin,
      asClient(client.post('/api/agencies')).json({ name: 'Kampar Homes', contactEmail: 'hello@kampar.example.my' })
    )
    created.assertStatus(201)
    const id = created.body().id as number
    ;(
      await send(
        superAdmin,
        asClient(client.put(`/api/agencies/${id}`)).json({
          name: 'Kampar Heritage Homes',
          contactEmail: 'hello@kampar.example.my',
          contactPhone: '+60 5-466 2100',
        })
      )
    ).assertStatus(200)
    ;(await send(superAdmin, asClient(client.delete(`/api/agencies/${id}`)))).assertStatus(200)

    const trail = await AuditEntry.query().where('subject_type', 'agency').where('subject_id', id).orderBy('id')
    assert.deepEqual(
      trail.map((entry) => entry.action),
      ['agency.created', 'agency.updated', 'agency.deleted']
    )
    assert.containSubset(trail[0].after, {
      name: 'Kampar Homes',
      contactEmail: 'hello@kampar.example.my',
      isActive: true,
    })
    assert.deepEqual(trail[1].before, { name: 'Kampar Homes', contactPhone: null })
    assert.deepEqual(trail[1].after, { name: 'Kampar Heritage Homes', contactPhone: '+60 5-466 2100' })
    assert.equal(trail[1].subjectLabel, 'Kampar Heritage Homes')
    assert.containSubset(trail[2].before, { name: 'Kampar Heritage Homes' })
    assert.isNull(trail[2].after)
    for (const entry of trail) assert.equal(entry.ip, CLIENT_IP)
  })

  test('users: create, edit, change of role, delete; never a password', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const created = await send(
      superAdmin,
      asClient(client.post('/api/users')).json({ name: 'Lim Mei', email: 'lim.mei@example.my', password: PASSWORD })
    )
    created.assertStatus(201)
    const id = created.body().id as number
    const put = (body: Record<string, unknown>) =>
      send(
        superAdmin,
        asClient(client.put(`/api/users/${id}`)).json({ name: 'Lim Mei', email: 'lim.mei@example.my', ...body })
      )
    ;(await put({ phone: '0123456789' })).assertStatus(200)
    ;(await put({ role: 'super_admin' })).assertStatus(200)
    ;(
      await send(
        superAdmin,
        asClient(client.put(`/api/users/${id}`)).json({ name: 'Lim Mei', email: 'lim.mei@example.my', role: 'user' })
      )
    ).assertStatus(200)
    ;(await send(superAdmin, asClient(client.delete(`/api/users/${id}`)))).assertStatus(200)

    const trail = await AuditEntry.query().where('subject_type', 'user').where('subject_id', id).orderBy('id')
    assert.deepEqual(
      trail.map((entry) => entry.action),
      ['user.created', 'user.updated', 'user.role_changed', 'user.role_changed', 'user.deleted']
    )
    assert.containSubset(trail[0].after, { name: 'Lim Mei', email: 'lim.mei@example.my', role: 'user' })
    assert.deepEqual(trail[1].after, { phone: '0123456789' })
    assert.deepEqual(trail[2].before, { role: 'user' })
    assert.deepEqual(trail[2].after, { role: 'super_admin' })
    assert.containSubset(trail[4].before, { email: 'lim.mei@example.my' })
    for (const entry of trail) {
      assert.notMatch(JSON.stringify([entry.before, entry.after]), /password|scrypt|\$/i)
      assert.equal(entry.subjectLabel, 'Lim Mei (lim.mei@example.my)')
    }
  })

  test('agent admins: assigning and removing one', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const agency = await createAgency({ name: 'Nilai Realty' })
    const candidate = await createUser({ name: 'Tan Ah Kow' })
    ;(
      await send(
        superAdmin,
        asClient(client.post(`/api/agencies/${agency.id}/agent-admins`)).json({ userId: candidate.id, consent: true })
      )
    ).assertStatus(200)
    ;(
      await send(superAdmin, asClient(client.delete(`/api/agencies/${agency.id}/agent-admins/${candidate.id}`)))
    ).assertStatus(200)

    const [assigned] = await entries('agent_admin.assigned')
    assert.containSubset(assigned.serialize(), {
      subjectType: 'user',
      subjectId: candidate.id,
      subjectLabel: `Tan Ah Kow (${candidate.email}), agent admin of Nilai Realty`,
      ip: CLIENT_IP,
    })
    assert.containSubset(assigned.before, { role: 'user', agencyId: null, agencyStatus: 'none' })
    assert.containSubset(assigned.after, { role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const [removed] = await entries('agent_admin.removed')
    assert.containSubset(removed.before, { role: 'agent_admin', agencyId: agency.id })
    assert.containSubset(removed.after, { role: 'user', agencyId: null, agencyStatus: 'none' })
  })
})

test.group('Audit trail | membership decisions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("an agent admin's approval and rejection, and a member's removal, are on record", async ({ client, assert }) => {
    const agency = await createAgency({ name: 'Seremban Realty' })
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const first = await createApplicant(agency, { name: 'Aminah' })
    const second = await createApplicant(agency, { name: 'Ravi' })

    const decide = (user: User, decision: 'approve' | 'reject') =>
      send(agent, asClient(client.put(`/api/users/${user.id}/agency-request/${decision}`)).json({}))
    ;(await decide(first.user, 'approve')).assertStatus(200)
    ;(await decide(second.user, 'reject')).assertStatus(200)
    ;(await send(agent, asClient(client.delete(`/api/agencies/${agency.id}/users/${first.user.id}`)))).assertStatus(200)

    const [approval] = await entries('membership.approved')
    assert.containSubset(approval.serialize(), {
      actorId: agent.id,
      actorRole: 'agent_admin',
      subjectType: 'membership_request',
      subjectId: first.request.id,
      subjectLabel: `Aminah (${first.user.email}) to join Seremban Realty`,
      before: { status: 'pending', decidedById: null },
      ip: CLIENT_IP,
    })
    assert.containSubset(approval.after, { status: 'approved', decidedById: agent.id })
    const [rejection] = await entries('membership.rejected')
    assert.equal(rejection.subjectId, second.request.id)
    assert.containSubset(rejection.after, { status: 'rejected' })
    const [removal] = await entries('agency_member.removed')
    assert.containSubset(removal.serialize(), { subjectId: first.user.id, actorId: agent.id })
    assert.containSubset(removal.before, { agencyId: agency.id, agencyStatus: 'approved' })
    assert.containSubset(removal.after, { agencyId: null, agencyStatus: 'none' })
  })
})

test.group('Audit trail | booking decisions', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("every staff status change is on record; a member's own steps are not", async ({ client, assert }) => {
    const world = await bookingWorld()
    const development = await createDevelopment()
    const [lotA, lotB, lotC] = [
      await createLot(development),
      await createLot(development),
      await createLot(development),
    ]

    // A member's request and cancellation: no staff involved, nothing on the trail.
    const own = await requestBooking(client, await tokenFor(world.memberA), lotA.id)
    own.assertStatus(201)
    ;(await send(world.memberA, client.delete(`/api/bookings/${own.body().id}`))).assertStatus(200)
    assert.lengthOf(await entries(), 0)

    // The agent admin approves a member's request; the super admin books it, then marks it sold.
    const first = await requestBooking(client, await tokenFor(world.memberA), lotB.id)
    const firstId = first.body().id as number
    ;(
      await send(
        world.agentA,
        asClient(client.put(`/api/bookings/${firstId}/agent-response`)).json({ action: 'approve' })
      )
    ).assertStatus(200)
    const process = (id: number, status: string, message?: string) =>
      send(world.superAdmin, asClient(client.put(`/api/bookings/${id}/status-update`)).json({ status, message }))
    ;(await process(firstId, 'booked', 'Deposit received')).assertStatus(200)
    ;(await process(firstId, 'sold')).assertStatus(200)

    const trail = await AuditEntry.query().where('subject_type', 'booking').where('subject_id', firstId).orderBy('id')
    assert.deepEqual(
      trail.map((entry) => [entry.action, entry.actorId]),
      [
        ['booking.approve', world.agentA.id],
        ['booking.booked', world.superAdmin.id],
        ['booking.sold', world.superAdmin.id],
      ]
    )
    assert.deepEqual(trail[0].before, { status: 'pending_agent', notes: null })
    assert.deepEqual(trail[0].after, { status: 'pending_admin', notes: 'Booking request approved by agent' })
    assert.deepEqual(trail[1].before, { status: 'pending_admin', lotStatus: 'reserved', notes: null })
    assert.deepEqual(trail[1].after, { status: 'approved', lotStatus: 'booked', notes: 'Deposit received' })
    // Notes that stay empty are not a change.
    assert.deepEqual(trail[2].before, { status: 'approved', lotStatus: 'booked' })
    assert.deepEqual(trail[2].after, { status: 'sold', lotStatus: 'sold' })
    assert.match(trail[0].subjectLabel!, new RegExp(`^Booking #${firstId}, ${lotB.unitNumber}`))
    for (const entry of trail) assert.equal(entry.ip, CLIENT_IP)

    // An agent admin books for a client (agent-created), the super admin rejects it.
    const forClient = await send(
      world.agentA,
      asClient(client.post('/api/bookings')).json({
        userId: world.plainUser.id,
        lotId: lotC.id,
        notes: 'Walk-in client',
        consent: true,
      })
    )
    forClient.assertStatus(201)
    const clientBookingId = forClient.body().id as number
    ;(await process(clientBookingId, 'reject', 'Documents incomplete')).assertStatus(200)
    const [creation] = await entries('booking.book_for_client')
    assert.containSubset(creation.serialize(), { actorId: world.agentA.id, subjectId: clientBookingId, before: null })
    assert.containSubset(creation.after, {
      status: 'pending_admin',
      lotStatus: 'reserved',
      lotId: lotC.id,
      userId: world.plainUser.id,
      agencyId: world.agencyA.id,
    })
    const [rejection] = await entries('booking.reject')
    assert.containSubset(rejection.serialize(), { actorId: world.superAdmin.id, subjectId: clientBookingId })
    assert.deepEqual(rejection.after, { status: 'rejected', lotStatus: 'available', notes: 'Documents incomplete' })
    assert.equal((await Booking.findOrFail(clientBookingId)).status, 'rejected')
  })
})

/**
 * Without the global transaction: each change runs in a real transaction of its own, so an
 * entry written anywhere else would survive the change's rollback. Every table is emptied after.
 */
test.group('Audit trail | one transaction with the change', (group) => {
  group.each.teardown(() => truncateDatabase())

  test('a change that fails leaves no entry', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const development = await createDevelopment()
    const lot = await createLot(development, { lotNumber: '10' })
    await createLot(development, { lotNumber: '11' })
    const taken = await createAgency({ name: 'Taken Name' })
    const agency = await createAgency({ name: 'Free Name' })

    const duplicateLot = await send(superAdmin, client.put(`/api/lots/${lot.id}`).json({ lotNumber: '11', price: 1 }))
    duplicateLot.assertStatus(422)
    const duplicateAgency = await send(
      superAdmin,
      client.put(`/api/agencies/${agency.id}`).json({ name: taken.name, contactEmail: 'x@example.my' })
    )
    duplicateAgency.assertStatus(422)
    assert.lengthOf(await entries(), 0)
    assert.equal((await Lot.findOrFail(lot.id)).lotNumber, '10')
  })

  test("the entry is written in the change's transaction: rolled back together", async ({ assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const lot = await createLot(await createDevelopment(), { price: 450000 })
    const failure = await db
      .transaction(async (trx) => {
        await new UpdateLot().handle(lot, { price: 999 }, { client: trx, by: { actor: superAdmin, ip: CLIENT_IP } })
        // The entry is there inside the transaction...
        assert.lengthOf(await AuditEntry.query({ client: trx }).where('subject_id', lot.id), 1)
        throw new Error('a later step of the same change failed')
      })
      .catch((error: Error) => error)
    assert.equal(failure?.message, 'a later step of the same change failed')
    // ...and goes with it.
    assert.lengthOf(await entries(), 0)
    assert.equal(Number((await Lot.findOrFail(lot.id)).price), 450000)
  })

  test('a change whose entry cannot be written is not made', async ({ client, assert }) => {
    const superAdmin = await createUser({ role: 'super_admin' })
    const lot = await createLot(await createDevelopment(), { price: 450000 })
    const agency = await createAgency({ name: 'Unchanged Realty' })
    const write = AuditEntry.create
    AuditEntry.create = (async () => {
      throw new Error('the audit table is unavailable')
    }) as typeof AuditEntry.create
    try {
      ;(await send(superAdmin, client.put(`/api/lots/${lot.id}`).json({ price: 1 }))).assertStatus(500)
      ;(
        await send(
          superAdmin,
          client.put(`/api/agencies/${agency.id}`).json({ name: 'Changed', contactEmail: 'a@b.my' })
        )
      ).assertStatus(500)
    } finally {
      AuditEntry.create = write
    }
    assert.equal(Number((await Lot.findOrFail(lot.id)).price), 450000)
    assert.equal((await Agency.findOrFail(agency.id)).name, 'Unchanged Realty')
  })
})
