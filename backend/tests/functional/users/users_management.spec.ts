import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import testUtils from '@adonisjs/core/services/test_utils'
import { CLIENT_MUST_BE_USER, CLIENT_OF_ANOTHER_AGENCY, User } from '#identity'
import type { ApiClient } from '@japa/api-client'
import { maskEmail } from '#core/masking'
import { createUser } from '#tests/helpers/identity'
import { type Actor, actor, agencyWorld, insertBooking, send } from '#tests/helpers/agencies'

const FORBIDDEN = { message: 'You do not have permission to perform this action.' }
const REQUIRED = 'Name, email and password are required fields'
const NOT_ADMINS: Actor[] = ['plainUser', 'pendingUser', 'memberA', 'agentA', 'agentB']
const ADMINS: Actor[] = ['superAdmin', 'admin']

const newUser = { name: 'Farah Aziz', email: 'Farah@Example.my', password: 'secret12', phone: '0123456789' }

test.group('Users | list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('401 signed out', async ({ client }) => {
    const response = await client.get('/api/users')
    response.assertStatus(401)
  })

  test('{$self}: 403 whatever the filter')
    .with(['plainUser', 'pendingUser', 'memberA'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get('/api/users').qs({ filter: '{"role":"user"}' }))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('an agent admin lists only the users they may book for: contact fields only', async ({ client, assert }) => {
    const world = await agencyWorld()
    const rejectedByB = await createUser({ agencyId: world.agencyB.id, agencyStatus: 'rejected' })
    await createUser({ agencyId: world.agencyB.id, agencyStatus: 'pending' })
    const response = await send(
      world.agentA,
      client.get('/api/users').qs({ filter: JSON.stringify({ role: 'user' }), sort: '["name","ASC"]', range: '[0,99]' })
    )
    response.assertStatus(200)
    const ids = response.body().map((user: { id: number }) => user.id)
    // Their own agency's people and users without one; never agency B's member or applicant.
    assert.sameMembers(ids, [world.plainUser.id, world.pendingUser.id, world.memberA.id, rejectedByB.id])
    for (const user of response.body()) {
      assert.sameMembers(Object.keys(user), ['id', '_id', 'name', 'email', 'phone'])
    }
    assert.match(response.headers()['content-range'], /^users 0-3\/4$/)
  })

  test("an agent admin's list masks every contact but their own agency's people", async ({ client, assert }) => {
    const world = await agencyWorld()
    const buyer = await createUser({ name: 'Alice Buyer', email: 'alice.buyer@example.my', phone: '+60 12-345 6789' })
    await User.query().where('id', world.memberA.id).update({ phone: '+60 13-222 3333' })
    const response = await send(
      world.agentA,
      client.get('/api/users').qs({ filter: JSON.stringify({ role: 'user' }), range: '[0,99]' })
    )
    response.assertStatus(200)
    const byId = (id: number) => response.body().find((user: { id: number }) => user.id === id)
    assert.deepEqual(byId(buyer.id), {
      id: buyer.id,
      _id: buyer.id,
      name: 'Alice Buyer',
      email: 'a•••@example.my',
      phone: '+60 1•-••• 6789',
    })
    // A pending applicant is not one of the agency's people yet.
    assert.equal(byId(world.pendingUser.id).email, maskEmail(world.pendingUser.email))
    assert.equal(byId(world.plainUser.id).email, maskEmail(world.plainUser.email))
    // The agency's own member: in full.
    assert.equal(byId(world.memberA.id).email, world.memberA.email)
    assert.equal(byId(world.memberA.id).phone, '+60 13-222 3333')

    // One by id, the same rule.
    const one = await send(world.agentA, client.get(`/api/users/${buyer.id}`))
    one.assertStatus(200)
    assert.equal(one.body().email, 'a•••@example.my')
    assert.equal(
      (await send(world.agentA, client.get(`/api/users/${world.memberA.id}`))).body().email,
      world.memberA.email
    )
  })

  test("an agent admin's search never matches the email of someone outside their agency", async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    const buyer = await createUser({ name: 'Alice Buyer', email: 'alice.buyer@example.my' })
    const search = (q: string) =>
      send(world.agentA, client.get('/api/users').qs({ filter: JSON.stringify({ role: 'user', q }), range: '[0,24]' }))
    assert.deepEqual((await search('alice.b')).body(), [])
    assert.deepEqual(
      (await search('Alice')).body().map((user: { id: number }) => user.id),
      [buyer.id]
    )
  })

  test('an agent admin searches their clients by name or email, paged in SQL', async ({ client, assert }) => {
    const world = await agencyWorld()
    const mine = await createUser({ name: 'Nur Aisyah Kamal' })
    const second = await createUser({ name: 'Aisyah Rahman', agencyId: world.agencyA.id, agencyStatus: 'approved' })
    await createUser({ name: 'Nur Aisyah Tan', agencyId: world.agencyB.id, agencyStatus: 'approved' })
    const search = (q: string, range = '[0,24]') =>
      send(
        world.agentA,
        client.get('/api/users').qs({ filter: JSON.stringify({ role: 'user', q }), sort: '["name","ASC"]', range })
      )

    const page = await search('aisyah', '[0,0]')
    page.assertStatus(200)
    assert.deepEqual(
      page.body().map((user: { id: number }) => user.id),
      [second.id]
    )
    assert.equal(page.headers()['content-range'], 'users 0-0/2')
    const next = await search('aisyah', '[1,1]')
    assert.deepEqual(
      next.body().map((user: { id: number }) => user.id),
      [mine.id]
    )

    const byEmail = await search(world.memberA.email.slice(0, 12))
    assert.deepEqual(
      byEmail.body().map((user: { id: number }) => user.id),
      [world.memberA.id]
    )
    const otherAgency = await search(world.memberB.email)
    assert.deepEqual(otherAgency.body(), [])
    // A literal underscore or percent matches itself only.
    assert.deepEqual((await search('%')).body(), [])
  })

  test('an agent admin asking for anything else: 403 ({title})')
    .with([
      { title: 'no filter', filter: undefined },
      { title: 'agent admins', filter: { role: 'agent_admin' } },
      { title: 'super admins', filter: { role: 'super_admin' } },
      { title: 'users of an agency', filter: { role: 'user', agencyId: 1 } },
      { title: 'a search of every role', filter: { q: 'a' } },
      { title: 'a search of agent admins', filter: { role: 'agent_admin', q: 'a' } },
    ])
    .run(async ({ client }, row) => {
      const world = await agencyWorld()
      const request = client.get('/api/users')
      if (row.filter) request.qs({ filter: JSON.stringify(row.filter) })
      const response = await send(world.agentA, request)
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('{$self}: everyone, full records, filters by role and agency')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)
      const all = await send(user, client.get('/api/users').qs({ range: '[0,99]' }))
      all.assertStatus(200)
      assert.lengthOf(all.body(), 8)
      assert.containSubset(
        all.body().find((u: { id: number }) => u.id === world.memberA.id),
        {
          agencyName: world.agencyA.name,
          agencyStatus: 'approved',
        }
      )

      const ofAgency = await send(
        user,
        client.get('/api/users').qs({ filter: JSON.stringify({ agencyId: world.agencyB.id }) })
      )
      assert.sameMembers(
        ofAgency.body().map((u: { id: number }) => u.id),
        [world.memberB.id, world.agentB.id]
      )

      // The create-booking form's list: any user of role user, whatever their agency.
      const clients = await send(
        user,
        client.get('/api/users').qs({ filter: JSON.stringify({ role: 'user' }), range: '[0,99]' })
      )
      assert.sameMembers(
        clients.body().map((u: { id: number }) => u.id),
        [world.plainUser.id, world.pendingUser.id, world.memberA.id, world.memberB.id]
      )
    })
})

test.group('Users | client lookup by exact email', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  const lookup = (identifier?: string) =>
    client_.get('/api/users/lookup').qs(identifier === undefined ? {} : { identifier })
  let client_: ApiClient

  test('an agent admin names a person without an agency by their full email: full contact details', async ({
    client,
    assert,
  }) => {
    client_ = client
    const world = await agencyWorld()
    const buyer = await createUser({ name: 'Alice Buyer', email: 'alice.buyer@example.my', phone: '+60 12-345 6789' })
    const found = await send(world.agentA, lookup('  Alice.Buyer@Example.my '))
    found.assertStatus(200)
    assert.deepEqual(found.body(), {
      id: buyer.id,
      _id: buyer.id,
      name: 'Alice Buyer',
      email: 'alice.buyer@example.my',
      phone: '+60 12-345 6789',
    })
  })

  test('no partial match, no other agency, no other role, no bad input', async ({ client, assert }) => {
    client_ = client
    const world = await agencyWorld()
    await createUser({ email: 'alice.buyer@example.my' })
    const partial = await send(world.agentA, lookup('alice.buyer@example'))
    partial.assertStatus(422)
    assert.equal(partial.body().message, "Enter the client's full email address")
    const unknown = await send(world.agentA, lookup('alice@example.my'))
    unknown.assertStatus(404)
    assert.equal(unknown.body().message, 'No user has this email address.')
    const otherAgency = await send(world.agentA, lookup(world.memberB.email))
    otherAgency.assertStatus(403)
    assert.equal(otherAgency.body().message, CLIENT_OF_ANOTHER_AGENCY)
    ;(await send(world.agentA, lookup(world.agentB.email))).assertStatus(403)
    ;(await send(world.agentA, lookup())).assertStatus(422)
    ;(await send(world.memberA, lookup(world.plainUser.email))).assertStatus(403)
    ;(await lookup(world.plainUser.email)).assertStatus(401)
  })
})

test.group('Users | statistics', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}: totals per role match the table')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get('/api/users/stats'))
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        total: 8,
        byRole: { user: 4, agent_admin: 2, admin: 1, super_admin: 1 },
      })
      const [row] = await db.from('users').count('* as total')
      assert.equal(Number(row.total), response.body().total)
    })

  test('{$self}: 403')
    .with(NOT_ADMINS)
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get('/api/users/stats'))
      response.assertStatus(403)
    })

  test('401 signed out', async ({ client }) => {
    ;(await client.get('/api/users/stats')).assertStatus(401)
  })
})

test.group('Users | show', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}: the user object; 404 unknown')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get(`/api/users/${world.memberA.id}`))
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        id: world.memberA.id,
        _id: world.memberA.id,
        email: world.memberA.email,
        agencyName: world.agencyA.name,
      })
      assert.notProperty(response.body(), 'password')
      const missing = await send(actor(world, name), client.get('/api/users/999999'))
      missing.assertStatus(404)
      missing.assertBody({ message: 'User not found' })
    })

  test('{$self}: 403')
    .with(['plainUser', 'pendingUser', 'memberA'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get(`/api/users/${world.plainUser.id}`))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('an agent admin looks up a client they may book for: contact fields only, masked outside their agency', async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    for (const user of [world.plainUser, world.memberA, world.pendingUser]) {
      const response = await send(world.agentA, client.get(`/api/users/${user.id}`))
      response.assertStatus(200)
      const own = user === world.memberA
      assert.deepEqual(response.body(), {
        id: user.id,
        _id: user.id,
        name: user.name,
        email: own ? user.email : maskEmail(user.email),
        phone: user.phone ?? null,
      })
    }
  })

  test('an agent admin looking up {title}: 403 with the reason')
    .with([
      { title: "another agency's member", who: 'memberB', message: CLIENT_OF_ANOTHER_AGENCY },
      { title: 'an agent admin', who: 'agentB', message: CLIENT_MUST_BE_USER },
      { title: 'a super admin', who: 'superAdmin', message: CLIENT_MUST_BE_USER },
    ] as const)
    .run(async ({ client }, row) => {
      const world = await agencyWorld()
      const response = await send(world.agentA, client.get(`/api/users/${world[row.who].id}`))
      response.assertStatus(403)
      response.assertBody({ message: row.message })
    })

  test('an agent admin looking up an unknown user: 404', async ({ client }) => {
    const world = await agencyWorld()
    const response = await send(world.agentA, client.get('/api/users/999999'))
    response.assertStatus(404)
    response.assertBody({ message: 'User not found' })
  })

  test('401 signed out', async ({ client }) => {
    const world = await agencyWorld()
    ;(await client.get(`/api/users/${world.memberA.id}`)).assertStatus(401)
  })
})

test.group('Users | create', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} creates a user: 201 with the spec message and a hashed password')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.post('/api/users').json(newUser))
      response.assertStatus(201)
      assert.containSubset(response.body(), {
        message: 'User Farah Aziz created successfully',
        name: 'Farah Aziz',
        email: 'farah@example.my',
        phone: '0123456789',
        role: 'user',
        agencyId: null,
        agencyStatus: 'none',
        position: 'Member',
      })
      assert.notProperty(response.body(), 'password')
      const stored = await User.findByOrFail('email', 'farah@example.my')
      assert.notEqual(stored.password, 'secret12')
      assert.isTrue(await hash.verify(stored.password, 'secret12'))
    })

  test('{$self} creates an agent admin of an agency, and may grant super_admin')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)
      const agent = await send(
        user,
        client.post('/api/users').json({ ...newUser, role: 'agent_admin', agencyId: world.agencyB.id })
      )
      agent.assertStatus(201)
      assert.containSubset(agent.body(), {
        role: 'agent_admin',
        agencyId: world.agencyB.id,
        agencyName: world.agencyB.name,
        agencyStatus: 'approved',
        position: 'Agent Admin',
      })

      const boss = await send(
        user,
        client.post('/api/users').json({ ...newUser, email: 'boss@example.my', role: 'super_admin' })
      )
      boss.assertStatus(201)
      assert.equal((await User.findByOrFail('email', 'boss@example.my')).role, 'super_admin')
    })

  test('refuses {title} (422) and creates nothing')
    .with([
      { title: 'a missing name', body: { ...newUser, name: undefined }, field: 'name', message: REQUIRED },
      { title: 'a missing email', body: { ...newUser, email: '' }, field: 'email', message: REQUIRED },
      { title: 'a missing password', body: { ...newUser, password: undefined }, field: 'password', message: REQUIRED },
      { title: 'an invalid email', body: { ...newUser, email: 'farah' }, field: 'email', message: 'Email is invalid' },
      {
        title: 'a short password',
        body: { ...newUser, password: '123' },
        field: 'password',
        message: 'Password must be at least 6 characters',
      },
      {
        title: 'a taken email',
        body: { ...newUser, email: 'TAKEN@example.my' },
        field: 'email',
        message: 'An account with this email already exists.',
      },
      {
        title: 'an unknown role',
        body: { ...newUser, role: 'owner' },
        field: 'role',
        message: 'Please select a valid role',
      },
      {
        title: 'an unknown agency',
        body: { ...newUser, agencyId: 999999 },
        field: 'agencyId',
        message: 'The selected agency does not exist',
      },
      {
        title: 'an invalid phone',
        body: { ...newUser, phone: 'call me' },
        field: 'phone',
        message: 'Please enter a valid phone number',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await agencyWorld()
      await createUser({ email: 'taken@example.my' })
      const [before] = await db.from('users').count('* as total')
      const response = await send(world.superAdmin, client.post('/api/users').json(row.body))
      response.assertStatus(422)
      assert.equal(response.body().message, row.message)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      const [after] = await db.from('users').count('* as total')
      assert.equal(Number(after.total), Number(before.total))
    })

  test('{$self} cannot create users, let alone super admins (403)')
    .with(NOT_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      for (const role of ['user', 'super_admin', 'admin']) {
        const response = await send(actor(world, name), client.post('/api/users').json({ ...newUser, role }))
        response.assertStatus(403)
        response.assertBody(FORBIDDEN)
      }
      assert.isNull(await User.findBy('email', 'farah@example.my'))
    })

  test('401 signed out', async ({ client, assert }) => {
    ;(await client.post('/api/users').json(newUser)).assertStatus(401)
    assert.isNull(await User.findBy('email', 'farah@example.my'))
  })
})

test.group('Users | update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} edits name, email, role, agency and phone')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)
      const response = await send(
        user,
        client.put(`/api/users/${world.plainUser.id}`).json({
          name: 'Renamed Person',
          email: 'Renamed@Example.my',
          role: 'agent_admin',
          agencyId: world.agencyB.id,
          phone: '+60123456789',
        })
      )
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        message: 'User updated successfully',
        name: 'Renamed Person',
        email: 'renamed@example.my',
        role: 'agent_admin',
        agencyId: world.agencyB.id,
        agencyName: world.agencyB.name,
        agencyStatus: 'approved',
        position: 'Agent Admin',
        phone: '+60123456789',
      })
      const stored = await User.findOrFail(world.plainUser.id)
      assert.deepEqual(
        [stored.email, stored.role, stored.agencyId],
        ['renamed@example.my', 'agent_admin', world.agencyB.id]
      )

      const out = await send(
        user,
        client
          .put(`/api/users/${world.memberA.id}`)
          .json({ name: world.memberA.name, email: world.memberA.email, agencyId: null })
      )
      out.assertStatus(200)
      const member = await User.findOrFail(world.memberA.id)
      assert.deepEqual([member.agencyId, member.agencyStatus], [null, 'none'])
    })

  test('refuses {title} (422) and changes nothing')
    .with([
      {
        title: 'an email already used',
        body: { name: 'Same', email: 'TAKEN' },
        field: 'email',
        message: 'An account with this email already exists.',
      },
      { title: 'a missing name', body: { email: 'x@example.my' }, field: 'name', message: 'Name is required' },
      {
        title: 'an unknown agency',
        body: { name: 'Same', email: 'x@example.my', agencyId: 999999 },
        field: 'agencyId',
        message: 'The selected agency does not exist',
      },
      {
        title: 'an unknown role',
        body: { name: 'Same', email: 'x@example.my', role: 'boss' },
        field: 'role',
        message: 'Please select a valid role',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await agencyWorld()
      const body: Record<string, unknown> = { ...row.body }
      if (body.email === 'TAKEN') body.email = world.memberB.email
      const response = await send(world.superAdmin, client.put(`/api/users/${world.plainUser.id}`).json(body))
      response.assertStatus(422)
      assert.equal(response.body().message, row.message)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      const stored = await User.findOrFail(world.plainUser.id)
      assert.deepEqual([stored.name, stored.email, stored.role], [world.plainUser.name, world.plainUser.email, 'user'])
    })

  test('a super admin keeps their own email but cannot change their own role', async ({ client, assert }) => {
    const world = await agencyWorld()
    const same = await send(
      world.superAdmin,
      client.put(`/api/users/${world.superAdmin.id}`).json({ name: 'Boss', email: world.superAdmin.email })
    )
    same.assertStatus(200)
    const demote = await send(
      world.superAdmin,
      client
        .put(`/api/users/${world.superAdmin.id}`)
        .json({ name: 'Boss', email: world.superAdmin.email, role: 'user' })
    )
    demote.assertStatus(422)
    assert.equal(demote.body().message, 'You cannot change your own role.')
    assert.equal((await User.findOrFail(world.superAdmin.id)).role, 'super_admin')
  })

  test('{$self}: 403, nothing changed')
    .with(NOT_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(
        actor(world, name),
        client
          .put(`/api/users/${world.plainUser.id}`)
          .json({ name: 'Hacked', email: 'hacked@example.my', role: 'super_admin' })
      )
      response.assertStatus(403)
      assert.equal((await User.findOrFail(world.plainUser.id)).name, world.plainUser.name)
    })

  test('401 signed out; 404 unknown', async ({ client }) => {
    const world = await agencyWorld()
    ;(await client.put(`/api/users/${world.plainUser.id}`).json({ name: 'X', email: 'x@example.my' })).assertStatus(401)
    const missing = await send(
      world.superAdmin,
      client.put('/api/users/999999').json({ name: 'X Y', email: 'x@example.my' })
    )
    missing.assertStatus(404)
  })
})

test.group('Users | delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self} deletes a user: the account goes, their bookings stay with the creator snapshot')
    .with(ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const bookingId = await insertBooking(world.agencyA.id, world.memberA.id)
      const response = await send(actor(world, name), client.delete(`/api/users/${world.memberA.id}`))
      response.assertStatus(200)
      assert.containSubset(response.body(), { id: world.memberA.id, message: 'User deleted successfully' })
      assert.isNull(await User.find(world.memberA.id))
      const booking = await db.from('bookings').where('id', bookingId).first()
      assert.containSubset(booking, {
        user_id: null,
        created_by_id: null,
        creator_name: 'Snapshot Name',
        agency_id: world.agencyA.id,
      })
      const tokens = await db.from('auth_access_tokens').where('tokenable_id', world.memberA.id)
      assert.lengthOf(tokens, 0)
    })

  test('a super admin cannot delete {$self} (403)')
    .with(['another super admin', 'an admin'])
    .run(async ({ client, assert }, label) => {
      const world = await agencyWorld()
      const target = label === 'an admin' ? world.admin : await createUser({ role: 'super_admin' })
      const response = await send(world.superAdmin, client.delete(`/api/users/${target.id}`))
      response.assertStatus(403)
      response.assertBody({ message: 'A super admin cannot be deleted by another super admin' })
      assert.isNotNull(await User.find(target.id))
    })

  test('nobody deletes themselves (422)', async ({ client, assert }) => {
    const world = await agencyWorld()
    const response = await send(world.superAdmin, client.delete(`/api/users/${world.superAdmin.id}`))
    response.assertStatus(422)
    assert.equal(response.body().message, 'You cannot delete your own account.')
    assert.isNotNull(await User.find(world.superAdmin.id))
  })

  test('{$self}: 403, nobody deleted')
    .with(NOT_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.delete(`/api/users/${world.plainUser.id}`))
      response.assertStatus(403)
      assert.isNotNull(await User.find(world.plainUser.id))
    })

  test('401 signed out; 404 unknown', async ({ client, assert }) => {
    const world = await agencyWorld()
    ;(await client.delete(`/api/users/${world.plainUser.id}`)).assertStatus(401)
    assert.isNotNull(await User.find(world.plainUser.id))
    const missing = await send(world.superAdmin, client.delete('/api/users/999999'))
    missing.assertStatus(404)
    missing.assertBody({ message: 'User not found' })
  })
})
