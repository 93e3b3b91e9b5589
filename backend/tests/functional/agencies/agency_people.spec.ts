import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { createUser } from '#tests/helpers/identity'
import { type Actor, actor, agencyWorld, createApplicant, send } from '#tests/helpers/agencies'

const FORBIDDEN = { message: 'You do not have permission to perform this action.' }
const SELECT_BOTH = 'Please select both an agency and a user'

async function agencyFieldsOf(user: User) {
  const row = await User.findOrFail(user.id)
  return { role: row.role, agencyId: row.agencyId, agencyStatus: row.agencyStatus, position: row.position }
}

test.group('Agency people | GET /api/agencies/:id/users', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("{$self}: agency A's agent admins and approved members, no applicants")
    .with(['agentA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      await createUser({ agencyId: world.agencyA.id, agencyStatus: 'rejected' })
      // The agent admin decides a member's Bumiputera declaration from this list.
      world.memberA.merge({ bumiputeraStatus: 'declared', bumiputeraKind: 'individual' })
      await world.memberA.save()
      const response = await send(actor(world, name), client.get(`/api/agencies/${world.agencyA.id}/users`))
      response.assertStatus(200)
      assert.deepEqual(
        response.body().map((user: { id: number }) => user.id),
        [world.agentA.id, world.memberA.id]
      )
      assert.containSubset(response.body()[1], {
        _id: world.memberA.id,
        email: world.memberA.email,
        role: 'user',
        agencyStatus: 'approved',
        agencyName: world.agencyA.name,
        isAgencyMember: true,
        bumiputeraStatus: 'declared',
        bumiputeraKind: 'individual',
      })
      assert.equal(response.body()[0].bumiputeraStatus, 'none')
      assert.notProperty(response.body()[1], 'password')
    })

  test("{$self} cannot read agency A's users (403)")
    .with(['plainUser', 'pendingUser', 'memberA', 'agentB'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get(`/api/agencies/${world.agencyA.id}/users`))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('401 signed out; 404 unknown agency', async ({ client }) => {
    const world = await agencyWorld()
    ;(await client.get(`/api/agencies/${world.agencyA.id}/users`)).assertStatus(401)
    const missing = await send(world.superAdmin, client.get('/api/agencies/999999/users'))
    missing.assertStatus(404)
    missing.assertBody({ message: 'Agency not found' })
  })
})

test.group('Agency people | DELETE /api/agencies/:id/users/:userId', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} removes a member: agency-less user, removal kept in the history')
    .with(['agentA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const remover = actor(world, name)!
      const response = await send(remover, client.delete(`/api/agencies/${world.agencyA.id}/users/${world.memberA.id}`))
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        id: world.memberA.id,
        message: 'User removed from the agency successfully',
        agencyId: null,
        agencyStatus: 'none',
      })
      assert.deepEqual(await agencyFieldsOf(world.memberA), {
        role: 'user',
        agencyId: null,
        agencyStatus: 'none',
        position: 'Member',
      })
      const history = await db
        .from('agency_membership_requests')
        .where('user_id', world.memberA.id)
        .orderBy('id')
        .select('status', 'agency_id', 'decided_by_id', 'decision_notes')
      assert.deepEqual(history, [
        { status: 'approved', agency_id: world.agencyA.id, decided_by_id: null, decision_notes: null },
        {
          status: 'withdrawn',
          agency_id: world.agencyA.id,
          decided_by_id: remover.id,
          decision_notes: 'Removed from the agency',
        },
      ])
    })

  test('an agent admin cannot remove themselves (422)', async ({ client, assert }) => {
    const world = await agencyWorld()
    const response = await send(
      world.agentA,
      client.delete(`/api/agencies/${world.agencyA.id}/users/${world.agentA.id}`)
    )
    response.assertStatus(422)
    assert.equal(response.body().message, 'You cannot remove yourself from the agency.')
    assert.equal((await agencyFieldsOf(world.agentA)).role, 'agent_admin')
  })

  test("the agent admin of agency B cannot remove agency A's member (403)", async ({ client, assert }) => {
    const world = await agencyWorld()
    const response = await send(
      world.agentB,
      client.delete(`/api/agencies/${world.agencyA.id}/users/${world.memberA.id}`)
    )
    response.assertStatus(403)
    response.assertBody(FORBIDDEN)
    assert.equal((await agencyFieldsOf(world.memberA)).agencyStatus, 'approved')
  })

  test("the agent admin of agency B cannot reach A's member through agency B either (404)", async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    const response = await send(
      world.agentB,
      client.delete(`/api/agencies/${world.agencyB.id}/users/${world.memberA.id}`)
    )
    response.assertStatus(404)
    assert.equal(response.body().message, 'This user is not a member of this agency.')
    assert.equal((await agencyFieldsOf(world.memberA)).agencyId, world.agencyA.id)
  })

  test('{$self} cannot remove members (403)')
    .with(['plainUser', 'pendingUser', 'memberA'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(
        actor(world, name),
        client.delete(`/api/agencies/${world.agencyA.id}/users/${world.memberA.id}`)
      )
      response.assertStatus(403)
      assert.equal((await agencyFieldsOf(world.memberA)).agencyStatus, 'approved')
    })

  test('an agent admin cannot remove a fellow agent admin; a super admin can', async ({ client, assert }) => {
    const world = await agencyWorld()
    const colleague = await createUser({ role: 'agent_admin', agencyId: world.agencyA.id, agencyStatus: 'approved' })
    const refused = await send(world.agentA, client.delete(`/api/agencies/${world.agencyA.id}/users/${colleague.id}`))
    refused.assertStatus(403)
    assert.equal(refused.body().message, 'Only a super admin can remove an agent admin.')
    assert.equal((await agencyFieldsOf(colleague)).role, 'agent_admin')

    const done = await send(world.superAdmin, client.delete(`/api/agencies/${world.agencyA.id}/users/${colleague.id}`))
    done.assertStatus(200)
    assert.deepEqual(await agencyFieldsOf(colleague), {
      role: 'user',
      agencyId: null,
      agencyStatus: 'none',
      position: 'Member',
    })
  })

  test('an applicant, an outsider or an unknown user is not a member (404); signed out 401', async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    for (const userId of [world.pendingUser.id, world.plainUser.id, 999999]) {
      const response = await send(world.agentA, client.delete(`/api/agencies/${world.agencyA.id}/users/${userId}`))
      response.assertStatus(404)
    }
    assert.equal((await agencyFieldsOf(world.pendingUser)).agencyStatus, 'pending')
    ;(await client.delete(`/api/agencies/${world.agencyA.id}/users/${world.memberA.id}`)).assertStatus(401)
  })
})

test.group('Agency people | agent admins', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} assigns a plain user: agent admin of the agency, open requests withdrawn')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const applicant = await createApplicant(world.agencyA)
      const response = await send(
        actor(world, name),
        client.post(`/api/agencies/${world.agencyB.id}/agent-admins`).json({ userId: applicant.user.id })
      )
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        id: applicant.user.id,
        message: 'Agent admin assigned successfully',
        role: 'agent_admin',
        agencyId: world.agencyB.id,
        agencyName: world.agencyB.name,
        agencyStatus: 'approved',
        position: 'Agent Admin',
      })
      assert.deepEqual(await agencyFieldsOf(applicant.user), {
        role: 'agent_admin',
        agencyId: world.agencyB.id,
        agencyStatus: 'approved',
        position: 'Agent Admin',
      })
      const request = await db.from('agency_membership_requests').where('id', applicant.request.id).first()
      assert.equal(request.status, 'withdrawn')
    })

  test('an approved member of the same agency may be promoted', async ({ client, assert }) => {
    const world = await agencyWorld()
    const response = await send(
      world.superAdmin,
      client.post(`/api/agencies/${world.agencyA.id}/agent-admins`).json({ userId: world.memberA.id })
    )
    response.assertStatus(200)
    assert.equal((await agencyFieldsOf(world.memberA)).role, 'agent_admin')
  })

  test('refuses {title} (422) and changes nothing')
    .with([
      { title: 'no user', target: 'none', agency: 'A', field: 'userId', message: SELECT_BOTH },
      { title: 'an unknown user', target: 'unknown', agency: 'A', field: 'userId', message: SELECT_BOTH },
      { title: 'an unknown agency', target: 'plainUser', agency: 'unknown', field: 'agencyId', message: SELECT_BOTH },
      {
        title: 'a member of another agency',
        target: 'memberB',
        agency: 'A',
        field: 'userId',
        message: 'Only a user with role user and no approved membership of another agency can become an agent admin.',
      },
      {
        title: 'an agent admin',
        target: 'agentB',
        agency: 'A',
        field: 'userId',
        message: 'Only a user with role user and no approved membership of another agency can become an agent admin.',
      },
      {
        title: 'a super admin',
        target: 'admin',
        agency: 'A',
        field: 'userId',
        message: 'Only a user with role user and no approved membership of another agency can become an agent admin.',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await agencyWorld()
      const target =
        row.target === 'none' || row.target === 'unknown'
          ? null
          : (world[row.target as Actor & keyof typeof world] as User)
      const before = target ? await agencyFieldsOf(target) : null
      const body = row.target === 'none' ? {} : { userId: target?.id ?? 999999 }
      const agencyId = row.agency === 'A' ? world.agencyA.id : 999999
      const response = await send(world.superAdmin, client.post(`/api/agencies/${agencyId}/agent-admins`).json(body))
      response.assertStatus(422)
      assert.equal(response.body().message, row.message)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      if (target) assert.deepEqual(await agencyFieldsOf(target), before)
    })

  test('{$self} cannot assign or remove agent admins (403)')
    .with(['plainUser', 'pendingUser', 'memberA', 'agentA', 'agentB'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)
      const assign = await send(
        user,
        client.post(`/api/agencies/${world.agencyA.id}/agent-admins`).json({ userId: world.plainUser.id })
      )
      assign.assertStatus(403)
      assign.assertBody(FORBIDDEN)
      const remove = await send(
        user,
        client.delete(`/api/agencies/${world.agencyA.id}/agent-admins/${world.agentA.id}`)
      )
      remove.assertStatus(403)
      assert.equal((await agencyFieldsOf(world.plainUser)).role, 'user')
      assert.equal((await agencyFieldsOf(world.agentA)).role, 'agent_admin')
    })

  test('{$self} removes an agent admin: back to role user without an agency')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(
        actor(world, name),
        client.delete(`/api/agencies/${world.agencyA.id}/agent-admins/${world.agentA.id}`)
      )
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: 'Agent admin removed successfully',
        role: 'user',
        agencyId: null,
      })
      assert.deepEqual(await agencyFieldsOf(world.agentA), {
        role: 'user',
        agencyId: null,
        agencyStatus: 'none',
        position: 'Member',
      })
    })

  test('removing someone who is not an agent admin of that agency: 404; signed out: 401', async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    for (const userId of [world.agentB.id, world.memberA.id, 999999]) {
      const response = await send(
        world.superAdmin,
        client.delete(`/api/agencies/${world.agencyA.id}/agent-admins/${userId}`)
      )
      response.assertStatus(404)
      assert.equal(response.body().message, 'This user is not an agent admin of this agency.')
    }
    assert.equal((await agencyFieldsOf(world.agentB)).role, 'agent_admin')
    ;(await client.delete(`/api/agencies/${world.agencyA.id}/agent-admins/${world.agentA.id}`)).assertStatus(401)
    ;(
      await client.post(`/api/agencies/${world.agencyA.id}/agent-admins`).json({ userId: world.plainUser.id })
    ).assertStatus(401)
  })
})
