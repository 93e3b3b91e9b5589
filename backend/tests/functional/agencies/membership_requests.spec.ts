import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { createAgency, createUser } from '#tests/helpers/identity'
import { type Actor, actor, agencyWorld, createApplicant, send } from '#tests/helpers/agencies'

const SUBMITTED = 'Agency membership request submitted successfully! Please wait for approval before booking.'
const FORBIDDEN = { message: 'You do not have permission to perform this action.' }

async function requestsOf(user: User) {
  return db.from('agency_membership_requests').where('user_id', user.id).orderBy('id')
}

async function reload(user: User) {
  return User.findOrFail(user.id)
}

test.group('Membership | POST /api/users/request-agency', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out', async ({ client }) => {
    const response = await client.post('/api/users/request-agency').json({ agencyId: 1 })
    response.assertStatus(401)
  })

  test('the hub form: 201, a pending request, the user pending with its position and message', async ({
    client,
    assert,
  }) => {
    const { agencyA, plainUser } = await agencyWorld()
    const response = await send(
      plainUser,
      client.post('/api/users/request-agency').json({
        agencyId: String(agencyA.id),
        agencyName: agencyA.name,
        position: 'Sales Executive',
        message: 'I sell shop lots in Nilai',
        userId: plainUser.id,
        status: 'approved',
        createdAt: '2001-01-01T00:00:00.000Z',
      })
    )
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      message: SUBMITTED,
      agencyId: agencyA.id,
      request: {
        userId: plainUser.id,
        name: plainUser.name,
        email: plainUser.email,
        agencyId: agencyA.id,
        agencyName: agencyA.name,
        position: 'Sales Executive',
        status: 'pending',
        message: 'I sell shop lots in Nilai',
        agencyRequestMessage: 'I sell shop lots in Nilai',
        user: { id: plainUser.id, agencyStatus: 'pending', hasPendingAgencyRequest: true, agencyName: agencyA.name },
      },
    })
    assert.equal(response.body().request._id, response.body().request.id)
    assert.notEqual(response.body().request.createdAt.slice(0, 4), '2001', 'the server dates the request')

    const [stored] = await requestsOf(plainUser)
    assert.containSubset(stored, { agency_id: agencyA.id, status: 'pending', position: 'Sales Executive' })
    const user = await reload(plainUser)
    assert.equal(user.agencyId, agencyA.id)
    assert.equal(user.agencyStatus, 'pending')
    assert.equal(user.position, 'Sales Executive')
    assert.equal(user.agencyRequestMessage, 'I sell shop lots in Nilai')
    assert.isNotNull(user.agencyRequestDate)
  })

  test('the agency request screen: agencyId and requestMessage; position defaults to Member', async ({
    client,
    assert,
  }) => {
    const { agencyB, plainUser } = await agencyWorld()
    const response = await send(
      plainUser,
      client.post('/api/users/request-agency').json({ agencyId: agencyB.id, requestMessage: 'Please add me' })
    )
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      agencyId: agencyB.id,
      request: { position: 'Member', message: 'Please add me', status: 'pending' },
    })
    const user = await reload(plainUser)
    assert.deepEqual(
      [user.agencyId, user.agencyStatus, user.position, user.agencyRequestMessage],
      [agencyB.id, 'pending', 'Member', 'Please add me']
    )
  })

  test('an agency name alone identifies the agency; the message defaults', async ({ client, assert }) => {
    const { agencyA, plainUser } = await agencyWorld()
    const response = await send(plainUser, client.post('/api/users/request-agency').json({ agencyName: agencyA.name }))
    response.assertStatus(201)
    assert.containSubset(response.body(), {
      agencyId: agencyA.id,
      request: { message: 'Requesting agency membership', position: 'Member' },
    })
  })

  test('a user whose earlier request was rejected may ask again', async ({ client, assert }) => {
    const { agencyA, agencyB } = await agencyWorld()
    const rejected = await createUser({ agencyId: agencyA.id, agencyStatus: 'rejected' })
    const response = await send(rejected, client.post('/api/users/request-agency').json({ agencyId: agencyB.id }))
    response.assertStatus(201)
    assert.equal((await reload(rejected)).agencyStatus, 'pending')
  })

  test('refuses {title} with 422 and changes nothing')
    .with([
      { title: 'no agency', body: {}, field: 'agencyId', message: 'Please select an agency' },
      {
        title: 'an agency id that is not one',
        body: { agencyId: 'abc' },
        field: 'agencyId',
        message: 'Please select an agency',
      },
      {
        title: 'an empty position on the hub form',
        body: { agencyId: 'A', position: '' },
        field: 'position',
        message: 'Your position is required',
      },
      {
        title: 'a blank position on the hub form',
        body: { agencyId: 'A', position: '   ' },
        field: 'position',
        message: 'Your position is required',
      },
      {
        title: 'an empty message on the request screen',
        body: { agencyId: 'A', requestMessage: '' },
        field: 'requestMessage',
        message: 'Please enter a message',
      },
      {
        title: 'an unknown agency',
        body: { agencyId: 999999 },
        field: 'agencyId',
        message: 'The selected agency does not exist or is no longer accepting requests.',
      },
      {
        title: 'an unknown agency name',
        body: { agencyName: 'Nobody Realty' },
        field: 'agencyId',
        message: 'The selected agency does not exist or is no longer accepting requests.',
      },
      {
        title: 'an inactive agency',
        body: { agencyId: 'inactive' },
        field: 'agencyId',
        message: 'The selected agency does not exist or is no longer accepting requests.',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const { agencyA, plainUser } = await agencyWorld()
      const inactive = await createAgency({ isActive: false })
      const body: Record<string, unknown> = { ...row.body }
      if (body.agencyId === 'A') body.agencyId = agencyA.id
      if (body.agencyId === 'inactive') body.agencyId = inactive.id

      const response = await send(plainUser, client.post('/api/users/request-agency').json(body))
      response.assertStatus(422)
      assert.equal(response.body().message, row.message)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      assert.lengthOf(await requestsOf(plainUser), 0)
      const user = await reload(plainUser)
      assert.deepEqual([user.agencyId, user.agencyStatus], [null, 'none'])
    })

  test('an approved member cannot file another request (422)', async ({ client, assert }) => {
    const { agencyB, memberA, agencyA } = await agencyWorld()
    const response = await send(memberA, client.post('/api/users/request-agency').json({ agencyId: agencyB.id }))
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      'You are already a member of an agency. Please contact support if you need to change agencies.'
    )
    const user = await reload(memberA)
    assert.deepEqual([user.agencyId, user.agencyStatus], [agencyA.id, 'approved'])
    assert.lengthOf(await requestsOf(memberA), 1)
  })

  test('a pending user asking another agency: 422; the same agency again: 409', async ({ client, assert }) => {
    const { agencyA, agencyB, pendingUser } = await agencyWorld()
    const other = await send(pendingUser, client.post('/api/users/request-agency').json({ agencyId: agencyB.id }))
    other.assertStatus(422)
    assert.equal(
      other.body().message,
      'You already have a pending request for a different agency. Please wait for that request to be processed.'
    )

    const same = await send(pendingUser, client.post('/api/users/request-agency').json({ agencyId: agencyA.id }))
    same.assertStatus(409)
    assert.equal(
      same.body().message,
      'You already have a pending request for this agency. Please wait for it to be processed.'
    )

    assert.lengthOf(await requestsOf(pendingUser), 1)
    const user = await reload(pendingUser)
    assert.deepEqual([user.agencyId, user.agencyStatus], [agencyA.id, 'pending'])
  })

  test('{$self} cannot file a request (403)')
    .with(['agentA', 'agentB', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)!
      const response = await send(user, client.post('/api/users/request-agency').json({ agencyId: world.agencyA.id }))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
      assert.lengthOf(await requestsOf(user), 0)
      assert.equal((await reload(user)).role, user.role)
    })

  test('a request on behalf of someone else is refused (403)', async ({ client, assert }) => {
    const { agencyA, plainUser, memberB } = await agencyWorld()
    const victim = await createUser()
    const response = await send(
      plainUser,
      client.post('/api/users/request-agency').json({ agencyId: agencyA.id, position: 'Agent', userId: victim.id })
    )
    response.assertStatus(403)
    assert.equal(response.body().message, 'You can only request agency membership for yourself.')
    assert.lengthOf(await requestsOf(plainUser), 0)
    assert.lengthOf(await requestsOf(victim), 0)
    assert.isNotNull(memberB)
  })
})

test.group('Membership | GET /api/users/agency-requests', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out', async ({ client }) => {
    ;(await client.get('/api/users/agency-requests')).assertStatus(401)
  })

  test('{$self}: 403')
    .with(['plainUser', 'pendingUser', 'memberA'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get('/api/users/agency-requests'))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('an agent admin sees the pending requests of their own agency only, newest first', async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    const applicantB = await createApplicant(world.agencyB)
    const later = await createApplicant(world.agencyA, { phone: '0123456789' })
    await db
      .from('agency_membership_requests')
      .where('id', later.request.id)
      .update({ created_at: '2099-01-01 00:00:00' })

    const response = await send(world.agentA, client.get('/api/users/agency-requests').qs({ _t: Date.now() }))
    response.assertStatus(200)
    assert.deepEqual(
      response.body().map((row: { userId: number }) => row.userId),
      [later.user.id, world.pendingUser.id]
    )
    assert.notInclude(
      response.body().map((row: { userId: number }) => row.userId),
      applicantB.user.id
    )
    const [first] = response.body()
    assert.containSubset(first, {
      id: later.request.id,
      _id: later.request.id,
      userId: later.user.id,
      name: later.user.name,
      email: later.user.email,
      phone: '0123456789',
      agencyId: world.agencyA.id,
      agencyName: world.agencyA.name,
      position: 'Member',
      status: 'pending',
      message: 'Please let me in',
      agencyRequestMessage: 'Please let me in',
      user: { id: later.user.id, email: later.user.email, agencyStatus: 'pending' },
    })
    assert.equal(first.agencyRequestDate, first.createdAt)
    assert.match(first.createdAt, /^2099-01-01T00:00:00/)

    const agentB = await send(world.agentB, client.get('/api/users/agency-requests'))
    assert.deepEqual(
      agentB.body().map((row: { userId: number }) => row.userId),
      [applicantB.user.id]
    )
  })

  test('status filter: approved, all; an unknown status is refused', async ({ client, assert }) => {
    const world = await agencyWorld()
    const approved = await send(world.agentA, client.get('/api/users/agency-requests').qs({ status: 'approved' }))
    approved.assertStatus(200)
    assert.deepEqual(
      approved.body().map((row: { userId: number }) => row.userId),
      [world.memberA.id]
    )

    const all = await send(world.agentA, client.get('/api/users/agency-requests').qs({ status: 'all' }))
    assert.sameMembers(
      all.body().map((row: { userId: number }) => row.userId),
      [world.memberA.id, world.pendingUser.id]
    )

    const bad = await send(world.agentA, client.get('/api/users/agency-requests').qs({ status: 'maybe' }))
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'status')
  })

  test('All Requests lists pending, approved and rejected requests; a stale pending one is left out', async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    const declined = await createApplicant(world.agencyA)
    ;(await send(world.agentA, client.put(`/api/users/${declined.user.id}/agency-request/reject`))).assertStatus(200)
    const moved = await createApplicant(world.agencyA)
    await db.from('users').where('id', moved.user.id).update({ agency_id: world.agencyB.id, agency_status: 'approved' })

    const all = await send(world.agentA, client.get('/api/users/agency-requests').qs({ status: 'all' }))
    all.assertStatus(200)
    const rows = all.body().map((row: { userId: number; status: string }) => [row.userId, row.status])
    assert.sameDeepMembers(rows, [
      [world.memberA.id, 'approved'],
      [world.pendingUser.id, 'pending'],
      [declined.user.id, 'rejected'],
    ])
  })

  test('a pending request whose user was moved elsewhere since is not listed', async ({ client, assert }) => {
    const world = await agencyWorld()
    await db
      .from('users')
      .where('id', world.pendingUser.id)
      .update({ agency_id: world.agencyB.id, agency_status: 'approved' })
    const response = await send(world.agentA, client.get('/api/users/agency-requests'))
    assert.deepEqual(response.body(), [])
  })

  test("{$self} sees every agency's requests, and may filter by agency")
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const applicantB = await createApplicant(world.agencyB)
      const user = actor(world, name)
      const all = await send(user, client.get('/api/users/agency-requests'))
      all.assertStatus(200)
      assert.sameMembers(
        all.body().map((row: { userId: number }) => row.userId),
        [world.pendingUser.id, applicantB.user.id]
      )

      const onlyB = await send(user, client.get('/api/users/agency-requests').qs({ agencyId: world.agencyB.id }))
      assert.deepEqual(
        onlyB.body().map((row: { userId: number }) => row.userId),
        [applicantB.user.id]
      )
    })
})

test.group('Membership | approve and reject', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} approves: the request records the decision, the user becomes an approved member')
    .with(['agentA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const decider = actor(world, name)!
      const response = await send(decider, client.put(`/api/users/${world.pendingUser.id}/agency-request/approve`))
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: 'Request approved successfully',
        request: {
          userId: world.pendingUser.id,
          agencyId: world.agencyA.id,
          status: 'approved',
          decidedById: decider.id,
          user: { agencyStatus: 'approved', isAgencyMember: true, agencyName: world.agencyA.name },
        },
      })
      const [request] = await requestsOf(world.pendingUser)
      assert.containSubset(request, { status: 'approved', decided_by_id: decider.id })
      assert.isNotNull(request.decided_at)
      const user = await reload(world.pendingUser)
      assert.equal(user.agencyStatus, 'approved')
      assert.equal(user.agencyId, world.agencyA.id)
      assert.isNotNull(user.agencyStatusDate)

      const again = await send(decider, client.put(`/api/users/${world.pendingUser.id}/agency-request/approve`))
      again.assertStatus(404)
      again.assertBody({ message: 'No pending agency request was found for this user.' })
    })

  test('{$self} rejects: the request and the user are rejected')
    .with(['agentA', 'superAdmin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const decider = actor(world, name)!
      const response = await send(
        decider,
        client.put(`/api/users/${world.pendingUser.id}/agency-request/reject`).json({ notes: 'Not licensed' })
      )
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: 'Request rejected successfully',
        request: { status: 'rejected', decisionNotes: 'Not licensed' },
      })
      const [request] = await requestsOf(world.pendingUser)
      assert.containSubset(request, { status: 'rejected', decided_by_id: decider.id, decision_notes: 'Not licensed' })
      const user = await reload(world.pendingUser)
      assert.equal(user.agencyStatus, 'rejected')
      assert.isNotNull(user.agencyStatusDate)
    })

  test('the agent admin of agency B cannot {$self} a request for agency A (403)')
    .with(['approve', 'reject'])
    .run(async ({ client, assert }, decision) => {
      const world = await agencyWorld()
      const response = await send(
        world.agentB,
        client.put(`/api/users/${world.pendingUser.id}/agency-request/${decision}`)
      )
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
      const [request] = await requestsOf(world.pendingUser)
      assert.equal(request.status, 'pending')
      assert.equal((await reload(world.pendingUser)).agencyStatus, 'pending')
    })

  test('{$self} cannot decide requests (403)')
    .with(['plainUser', 'pendingUser', 'memberA'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(
        actor(world, name),
        client.put(`/api/users/${world.pendingUser.id}/agency-request/approve`)
      )
      response.assertStatus(403)
      assert.equal((await reload(world.pendingUser)).agencyStatus, 'pending')
    })

  test('401 signed out; 404 without a pending request', async ({ client, assert }) => {
    const world = await agencyWorld()
    ;(await client.put(`/api/users/${world.pendingUser.id}/agency-request/approve`)).assertStatus(401)
    for (const userId of [world.plainUser.id, world.memberA.id, 999999]) {
      const response = await send(world.superAdmin, client.put(`/api/users/${userId}/agency-request/reject`))
      response.assertStatus(404)
      response.assertBody({ message: 'No pending agency request was found for this user.' })
    }
    assert.equal((await reload(world.memberA)).agencyStatus, 'approved')
  })
})
