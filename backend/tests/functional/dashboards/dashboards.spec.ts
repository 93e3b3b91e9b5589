import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { ContactMessage } from '#contact'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

async function count(table: string, where: (query: any) => void = () => {}) {
  const query = db.from(table)
  where(query)
  const [row] = await query.count('* as total')
  return Number(row.total)
}

async function populated(client: Parameters<typeof bearerFor>[0]) {
  const world = await bookingWorld()
  const development = await createDevelopment()
  const lots = await Promise.all([1, 2, 3].map(() => createLot(development)))
  // Two requests waiting for agent A, one forwarded to the admins, one from agency B.
  await requestBooking(client, await bearerFor(client, world.memberA), lots[0].id)
  await requestBooking(client, await bearerFor(client, world.otherMemberA), lots[1].id)
  await requestBooking(client, await bearerFor(client, world.memberB), lots[2].id)
  const forwardedLot = await createLot(development)
  const forwarded = await requestBooking(client, await bearerFor(client, world.memberA), forwardedLot.id)
  await client
    .put(`/api/bookings/${forwarded.body().id}/agent-response`)
    .bearerToken(await bearerFor(client, world.agentA))
    .json({ action: 'approve' })
  await db.table('agency_membership_requests').insert({
    user_id: world.pendingUser.id,
    agency_id: world.agencyA.id,
    position: 'Member',
    status: 'pending',
    created_at: '2026-11-01 10:00:00',
    updated_at: '2026-11-01 10:00:00',
  })
  await ContactMessage.create({
    name: 'A',
    email: 'a@example.my',
    phone: '0123456789',
    message: 'Hi',
    status: 'new',
    ip: null,
  })
  return world
}

test.group('Dashboards', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the admin dashboard counts what is in the database', async ({ client, assert }) => {
    const world = await populated(client)
    for (const who of ['superAdmin', 'admin'] as const) {
      const response = await client.get('/api/dashboard/admin').bearerToken(await bearerFor(client, world[who]))
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        totalAgencies: await count('agencies'),
        totalUsers: await count('users'),
        agentAdmins: await count('users', (q) => q.where('role', 'agent_admin')),
        bookingRequests: await count('bookings'),
        pendingApproval: 1,
        pendingMembershipRequests: 1,
        newContactMessages: 1,
      })
      assert.equal(response.body().bookings.pendingAgent, 3)
    }
  })

  test('the agent dashboard shows their agency and its counts only', async ({ client, assert }) => {
    const world = await populated(client)
    const response = await client.get('/api/dashboard/agent').bearerToken(await bearerFor(client, world.agentA))
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      agency: {
        id: world.agencyA.id,
        name: world.agencyA.name,
        contactEmail: world.agencyA.contactEmail,
        phone: 'N/A',
        address: 'N/A',
      },
      agencyMembers: await count('users', (q) =>
        q.where('agency_id', world.agencyA.id).where('agency_status', 'approved')
      ),
      pendingBookings: 2,
      membershipRequests: 1,
    })
    const agentB = await client.get('/api/dashboard/agent').bearerToken(await bearerFor(client, world.agentB))
    assert.containSubset(agentB.body(), { agency: { id: world.agencyB.id }, pendingBookings: 1, membershipRequests: 0 })
  })

  test('roles: the admin dashboard is for super admins, the agent dashboard for agent admins', async ({ client }) => {
    const world = await bookingWorld()
    for (const who of ['agentA', 'memberA', 'plainUser'] as const) {
      const refused = await client.get('/api/dashboard/admin').bearerToken(await bearerFor(client, world[who]))
      refused.assertStatus(403)
      refused.assertBody({ message: 'You do not have permission to perform this action.' })
    }
    for (const who of ['superAdmin', 'memberA', 'plainUser'] as const) {
      const refused = await client.get('/api/dashboard/agent').bearerToken(await bearerFor(client, world[who]))
      refused.assertStatus(403)
      refused.assertBody({ message: 'Only agent admins have an agent dashboard.' })
    }
    ;(await client.get('/api/dashboard/admin')).assertStatus(401)
    ;(await client.get('/api/dashboard/agent')).assertStatus(401)
  })
})
