import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { Agency } from '#agencies'
import { createAgency } from '#tests/helpers/identity'
import { type Actor, actor, agencyWorld, send } from '#tests/helpers/agencies'

const FORBIDDEN = { message: 'You do not have permission to perform this action.' }
const SIGNED_OUT = { message: 'Authentication required. Please log in.' }
const NON_ADMINS: Actor[] = ['plainUser', 'pendingUser', 'memberA', 'agentA', 'agentB']

const validAgency = {
  name: 'Kampar Heritage Homes',
  description: 'Shop lots around Kampar',
  contactEmail: 'Contact@Kampar.example.my',
  contactPhone: '+60 5-466 2100',
  address: 'Jalan Kampar, Perak',
}

test.group('Agencies | public list and signed-in list', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/agencies/public: active agencies by name, no contact details, anonymous', async ({
    client,
    assert,
  }) => {
    const active = await createAgency({ name: 'Zeta Realty', description: 'Z', address: 'Nilai' })
    await createAgency({ name: 'Alpha Realty' })
    await createAgency({ name: 'Dormant Realty', isActive: false })

    const response = await client.get('/api/agencies/public')
    response.assertStatus(200)
    const names = response.body().map((agency: { name: string }) => agency.name)
    assert.deepEqual(names, ['Alpha Realty', 'Zeta Realty'])
    assert.deepEqual(response.body()[1], {
      id: active.id,
      _id: active.id,
      name: 'Zeta Realty',
      agencyName: 'Zeta Realty',
      description: 'Z',
      address: 'Nilai',
      location: 'Nilai',
    })
    assert.notProperty(response.body()[1], 'contactEmail')
  })

  test('GET /api/agencies: 401 signed out', async ({ client }) => {
    const response = await client.get('/api/agencies')
    response.assertStatus(401)
    response.assertBody(SIGNED_OUT)
  })

  test('GET /api/agencies as {$self}: active agencies only, public fields only')
    .with(NON_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const dormant = await createAgency({ isActive: false })
      const response = await send(actor(world, name), client.get('/api/agencies').qs({ range: '[0,99]' }))
      response.assertStatus(200)
      const ids = response.body().map((agency: { id: number }) => agency.id)
      assert.includeMembers(ids, [world.agencyA.id, world.agencyB.id])
      assert.notInclude(ids, dormant.id)
      for (const agency of response.body()) {
        assert.sameMembers(Object.keys(agency), [
          'id',
          '_id',
          'name',
          'agencyName',
          'description',
          'address',
          'location',
        ])
      }
      assert.match(response.headers()['content-range'], /^agencies \d+-\d+\/\d+$/)
    })

  test('GET /api/agencies as {$self}: every agency with its full record, paged, sorted, filtered')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      await createAgency({ name: 'Mm Dormant', isActive: false })
      await createAgency({ name: 'Mm Active' })
      const user = actor(world, name)

      const all = await send(
        user,
        client.get('/api/agencies').qs({ filter: JSON.stringify({ q: 'Mm ' }), sort: '["name","DESC"]' })
      )
      all.assertStatus(200)
      assert.deepEqual(
        all.body().map((a: { name: string }) => a.name),
        ['Mm Dormant', 'Mm Active']
      )
      assert.equal(all.headers()['content-range'], 'agencies 0-1/2')
      assert.containSubset(all.body()[0], { isActive: false, contactEmail: `${all.body()[0].email}` })

      const inactive = await send(user, client.get('/api/agencies').qs({ filter: JSON.stringify({ isActive: false }) }))
      assert.deepEqual(
        inactive.body().map((a: { name: string }) => a.name),
        ['Mm Dormant']
      )

      const page = await send(user, client.get('/api/agencies').qs({ range: '[0,0]', sort: '["createdAt","ASC"]' }))
      assert.lengthOf(page.body(), 1)
      assert.match(page.headers()['content-range'], /^agencies 0-0\/4$/)

      const badSort = await send(user, client.get('/api/agencies').qs({ sort: '["contactEmail","ASC"]' }))
      badSort.assertStatus(422)
      assert.equal(badSort.body().errors[0].field, 'sort')
    })
})

test.group('Agencies | details', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/agencies/:id as {$self}: the full record')
    .with(['agentA', 'superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get(`/api/agencies/${world.agencyA.id}`))
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        id: world.agencyA.id,
        _id: world.agencyA.id,
        name: world.agencyA.name,
        agencyName: world.agencyA.name,
        description: null,
        contactEmail: world.agencyA.contactEmail,
        email: world.agencyA.contactEmail,
        contactPhone: null,
        phone: null,
        address: null,
        location: null,
        isActive: true,
        createdAt: response.body().createdAt,
      })
      assert.isString(response.body().createdAt)
    })

  test('GET /api/agencies/:id of agency A as {$self}: 403')
    .with(['plainUser', 'pendingUser', 'memberA', 'agentB'] as Actor[])
    .run(async ({ client }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.get(`/api/agencies/${world.agencyA.id}`))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
    })

  test('GET /api/agencies/:id: 401 signed out, 404 unknown', async ({ client }) => {
    const world = await agencyWorld()
    ;(await send(null, client.get(`/api/agencies/${world.agencyA.id}`))).assertStatus(401)
    const missing = await send(world.superAdmin, client.get('/api/agencies/999999'))
    missing.assertStatus(404)
    missing.assertBody({ message: 'Agency not found' })
  })
})

test.group('Agencies | create and update', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('POST /api/agencies as {$self}: 201 with the record')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.post('/api/agencies').json(validAgency))
      response.assertStatus(201)
      assert.containSubset(response.body(), {
        name: 'Kampar Heritage Homes',
        agencyName: 'Kampar Heritage Homes',
        description: 'Shop lots around Kampar',
        contactEmail: 'contact@kampar.example.my',
        email: 'contact@kampar.example.my',
        contactPhone: '+60 5-466 2100',
        phone: '+60 5-466 2100',
        address: 'Jalan Kampar, Perak',
        location: 'Jalan Kampar, Perak',
        isActive: true,
      })
      assert.equal(response.body()._id, response.body().id)
      const stored = await Agency.findOrFail(response.body().id)
      assert.equal(stored.contactEmail, 'contact@kampar.example.my')
    })

  test('POST /api/agencies as {$self}: 403 and nothing created')
    .with(NON_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.post('/api/agencies').json(validAgency))
      response.assertStatus(403)
      response.assertBody(FORBIDDEN)
      assert.isNull(await Agency.findBy('name', validAgency.name))
    })

  test('POST /api/agencies: 401 signed out', async ({ client }) => {
    ;(await send(null, client.post('/api/agencies').json(validAgency))).assertStatus(401)
  })

  test('POST /api/agencies rejects {title}')
    .with([
      {
        title: 'a missing name',
        body: { ...validAgency, name: '' },
        field: 'name',
        message: 'Agency name is required',
      },
      {
        title: 'a missing contact email',
        body: { ...validAgency, contactEmail: undefined },
        field: 'contactEmail',
        message: 'Contact email is required',
      },
      {
        title: 'a contact email that is not one',
        body: { ...validAgency, contactEmail: 'not-an-email' },
        field: 'contactEmail',
        message: 'Contact email must be a valid email address',
      },
      {
        title: 'a name already taken',
        body: { ...validAgency, name: 'TAKEN' },
        field: 'name',
        message: 'An agency with this name already exists',
      },
    ])
    .run(async ({ client, assert }, row) => {
      const world = await agencyWorld()
      await createAgency({ name: 'Taken' })
      const before = await Agency.query().count('* as total').first()
      const response = await send(world.superAdmin, client.post('/api/agencies').json(row.body))
      response.assertStatus(422)
      assert.equal(response.body().message, row.message)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      const after = await Agency.query().count('* as total').first()
      assert.equal(after!.$extras.total, before!.$extras.total)
    })

  test('PUT /api/agencies/:id as {$self}: updates the fields, keeps the name unique')
    .with(['superAdmin', 'admin'] as Actor[])
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const user = actor(world, name)
      const response = await send(
        user,
        client
          .put(`/api/agencies/${world.agencyA.id}`)
          .json({ ...validAgency, name: world.agencyA.name, isActive: false })
      )
      response.assertStatus(200)
      assert.containSubset(response.body(), {
        id: world.agencyA.id,
        message: 'Agency updated successfully',
        description: 'Shop lots around Kampar',
        isActive: false,
      })
      const stored = await Agency.findOrFail(world.agencyA.id)
      assert.equal(stored.address, 'Jalan Kampar, Perak')
      assert.isFalse(stored.isActive)

      const clash = await send(
        user,
        client.put(`/api/agencies/${world.agencyA.id}`).json({ ...validAgency, name: world.agencyB.name })
      )
      clash.assertStatus(422)
      assert.equal(clash.body().message, 'An agency with this name already exists')
      assert.equal((await Agency.findOrFail(world.agencyA.id)).name, world.agencyA.name)

      const invalid = await send(
        user,
        client.put(`/api/agencies/${world.agencyA.id}`).json({ name: 'X', contactEmail: 'nope' })
      )
      invalid.assertStatus(422)
      assert.equal(invalid.body().message, 'Contact email must be a valid email address')

      const missing = await send(user, client.put('/api/agencies/999999').json(validAgency))
      missing.assertStatus(404)
    })

  test('PUT /api/agencies/:id as {$self}: 403 and nothing changed')
    .with(NON_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.put(`/api/agencies/${world.agencyA.id}`).json(validAgency))
      response.assertStatus(403)
      assert.equal((await Agency.findOrFail(world.agencyA.id)).name, world.agencyA.name)
    })

  test('PUT /api/agencies/:id: 401 signed out', async ({ client }) => {
    const world = await agencyWorld()
    ;(await send(null, client.put(`/api/agencies/${world.agencyA.id}`).json(validAgency))).assertStatus(401)
  })
})

test.group('Agencies | public agency page', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('{$self}: name, description and business contact of an active agency, anonymous')
    .with(['/api/agencies/:id/public', '/api/public/agencies/:id'])
    .run(async ({ client, assert }, path) => {
      const agency = await createAgency({
        name: 'Seremban Land',
        description: 'Since 1998',
        contactEmail: 'enquiry@seremban.example.my',
        contactPhone: '+60 6-762 3344',
        address: 'Seremban',
      })
      const response = await client.get(path.replace(':id', String(agency.id)))
      response.assertStatus(200)
      assert.deepEqual(response.body(), {
        id: agency.id,
        _id: agency.id,
        name: 'Seremban Land',
        agencyName: 'Seremban Land',
        description: 'Since 1998',
        contactEmail: 'enquiry@seremban.example.my',
        email: 'enquiry@seremban.example.my',
        contactPhone: '+60 6-762 3344',
        phone: '+60 6-762 3344',
        address: 'Seremban',
        location: 'Seremban',
      })

      const dormant = await createAgency({ isActive: false })
      for (const id of [dormant.id, 999999]) {
        const missing = await client.get(path.replace(':id', String(id)))
        missing.assertStatus(404)
        missing.assertBody({ message: 'Agency not found' })
      }
    })

  test("GET /api/public/users?agencyId=: the agency's agent admins, contact fields only", async ({
    client,
    assert,
  }) => {
    const world = await agencyWorld()
    const response = await client.get('/api/public/users').qs({ agencyId: world.agencyA.id })
    response.assertStatus(200)
    assert.deepEqual(response.body(), [
      { id: world.agentA.id, _id: world.agentA.id, name: world.agentA.name, email: world.agentA.email, phone: null },
    ])

    const missing = await client.get('/api/public/users')
    missing.assertStatus(422)
    assert.equal(missing.body().message, 'agencyId is required')
    ;(await client.get('/api/public/users').qs({ agencyId: 999999 })).assertStatus(404)
  })
})

test.group('Agencies | delete', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('DELETE /api/agencies/:id as {$self}: 403, nothing changed')
    .with(NON_ADMINS)
    .run(async ({ client, assert }, name) => {
      const world = await agencyWorld()
      const response = await send(actor(world, name), client.delete(`/api/agencies/${world.agencyA.id}`))
      response.assertStatus(403)
      response.assertBody({ message: 'You do not have permission to delete this agency.' })
      assert.isNotNull(await Agency.find(world.agencyA.id))
      const agent = await db.from('users').where('id', world.agentA.id).first()
      assert.equal(agent.role, 'agent_admin')
    })

  test('DELETE /api/agencies/:id: 401 signed out', async ({ client, assert }) => {
    const world = await agencyWorld()
    ;(await send(null, client.delete(`/api/agencies/${world.agencyA.id}`))).assertStatus(401)
    assert.isNotNull(await Agency.find(world.agencyA.id))
  })
})
