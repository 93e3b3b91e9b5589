import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { bearerFor, createAgency, createUser } from '#tests/helpers/identity'

test.group('Identity | roles and derived flags', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('derived flags: {title}')
    .with([
      {
        title: 'plain user',
        role: 'user',
        agency: 'none',
        flags: {
          canMakeBookings: false,
          canRequestBookings: false,
          isAgencyMember: false,
          hasPendingAgencyRequest: false,
          isAdmin: false,
        },
      },
      {
        title: 'approved member',
        role: 'user',
        agency: 'approved',
        flags: {
          canMakeBookings: false,
          canRequestBookings: true,
          isAgencyMember: true,
          hasPendingAgencyRequest: false,
          isAdmin: false,
        },
      },
      {
        title: 'pending member',
        role: 'user',
        agency: 'pending',
        flags: {
          canMakeBookings: false,
          canRequestBookings: false,
          isAgencyMember: false,
          hasPendingAgencyRequest: true,
          isAdmin: false,
        },
      },
      {
        title: 'rejected member',
        role: 'user',
        agency: 'rejected',
        flags: {
          canMakeBookings: false,
          canRequestBookings: false,
          isAgencyMember: false,
          hasPendingAgencyRequest: false,
          isAdmin: false,
        },
      },
      {
        title: 'agent admin',
        role: 'agent_admin',
        agency: 'approved',
        flags: {
          canMakeBookings: true,
          canRequestBookings: true,
          isAgencyMember: true,
          hasPendingAgencyRequest: false,
          isAdmin: false,
        },
      },
      {
        title: 'super admin',
        role: 'super_admin',
        agency: 'none',
        flags: {
          canMakeBookings: true,
          canRequestBookings: true,
          isAgencyMember: true,
          hasPendingAgencyRequest: false,
          isAdmin: true,
        },
      },
      {
        title: 'admin (same as super admin)',
        role: 'admin',
        agency: 'none',
        flags: {
          canMakeBookings: true,
          canRequestBookings: true,
          isAgencyMember: true,
          hasPendingAgencyRequest: false,
          isAdmin: true,
        },
      },
    ] as const)
    .run(async ({ client, assert }, row) => {
      const agency = row.agency === 'none' ? null : await createAgency()
      const user = await createUser({ role: row.role, agencyId: agency?.id ?? null, agencyStatus: row.agency })
      const response = await client.get('/api/users/me').bearerToken(await bearerFor(client, user))
      response.assertStatus(200)
      assert.containSubset(response.body(), { role: row.role, ...row.flags })
    })

  test('a super-admin route: 401 signed out', async ({ client }) => {
    const response = await client.get('/api/users')
    response.assertStatus(401)
    response.assertBody({ message: 'Authentication required. Please log in.' })
  })

  test('a super-admin route: 403 JSON for {$self}')
    .with(['user', 'agent_admin'] as const)
    .run(async ({ client }, role) => {
      const user = await createUser({ role })
      const response = await client.get('/api/users').bearerToken(await bearerFor(client, user))
      response.assertStatus(403)
      response.assertBody({ message: 'You do not have permission to perform this action.' })
    })

  test('a super-admin route admits {$self}')
    .with(['super_admin', 'admin'] as const)
    .run(async ({ client, assert }, role) => {
      const user = await createUser({ role })
      const response = await client.get('/api/users').bearerToken(await bearerFor(client, user))
      response.assertStatus(200)
      assert.isArray(response.body())
      assert.match(response.headers()['content-range'], /^users \d+-\d+\/\d+$/)
    })

  test('the user list pages, sorts and filters in the query', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin', name: 'Zed Admin' })
    await createUser({ name: 'Alpha Agent', role: 'agent_admin' })
    await createUser({ name: 'Beta Buyer' })
    await createUser({ name: 'Gamma Buyer' })
    const token = await bearerFor(client, admin)

    const page = await client
      .get('/api/users')
      .qs({
        sort: JSON.stringify(['name', 'ASC']),
        range: JSON.stringify([0, 1]),
        filter: JSON.stringify({ role: 'user' }),
      })
      .bearerToken(token)
    page.assertStatus(200)
    assert.deepEqual(
      page.body().map((u: { name: string }) => u.name),
      ['Beta Buyer', 'Gamma Buyer']
    )
    assert.equal(page.headers()['content-range'], 'users 0-1/2')

    const search = await client
      .get('/api/users')
      .qs({ filter: JSON.stringify({ q: 'alpha' }) })
      .bearerToken(token)
    assert.equal(search.status(), 200, JSON.stringify(search.body()))
    assert.deepEqual(
      search.body().map((u: { name: string }) => u.name),
      ['Alpha Agent']
    )

    const badSort = await client
      .get('/api/users')
      .qs({ sort: JSON.stringify(['password', 'ASC']) })
      .bearerToken(token)
    badSort.assertStatus(422)
    const badRange = await client.get('/api/users').qs({ range: 'not json' }).bearerToken(token)
    badRange.assertStatus(422)
  })
})
