import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import hash from '@adonisjs/core/services/hash'
import { User } from '#identity'
import { bearerFor, createUser, PASSWORD } from '#tests/helpers/identity'

test.group('Identity | profile and password', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('PUT /api/auth/me saves name, phone and address on the server', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)

    const response = await client
      .put('/api/auth/me')
      .bearerToken(token)
      .json({ name: 'Renamed Person', phone: '012 345 6789', address: '  Lot 5, Nilai  ' })
    response.assertStatus(200)
    assert.containSubset(response.body(), { name: 'Renamed Person', phone: '012 345 6789', address: 'Lot 5, Nilai' })

    await user.refresh()
    assert.equal(user.name, 'Renamed Person')
    assert.equal(user.address, 'Lot 5, Nilai')
  })

  test('the email cannot be changed', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const response = await client.put('/api/auth/me').bearerToken(token).json({ name: 'Same', email: 'new@example.my' })
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'email', message: 'Email cannot be changed' }] })
    await user.refresh()
    assert.notEqual(user.email, 'new@example.my')
    assert.notEqual(user.name, 'Same')
  })

  test('a name is required and a bad phone is refused', async ({ client }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const response = await client.put('/api/auth/me').bearerToken(token).json({ phone: 'abc' })
    response.assertStatus(422)
    response.assertBodyContains({
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'phone', message: 'Please enter a valid phone number' },
      ],
    })
  })

  test('role and agency cannot be changed through the profile', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const response = await client
      .put('/api/auth/me')
      .bearerToken(token)
      .json({ name: 'Climber', role: 'super_admin', agencyId: 1, agencyStatus: 'approved' })
    response.assertStatus(200)
    await user.refresh()
    assert.equal(user.role, 'user')
    assert.isNull(user.agencyId)
    assert.equal(user.agencyStatus, 'none')
  })

  test('changing the password needs the current one', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: 'not-it', newPassword: 'newpass1', confirmPassword: 'newpass1' })
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Current password is incorrect' })
    await user.refresh()
    assert.isTrue(await hash.verify(user.password, PASSWORD))
  })

  test('change-password validation: {field}')
    .with([
      {
        body: { currentPassword: PASSWORD, newPassword: '123' },
        field: 'newPassword',
        message: 'New password must be at least 6 characters long',
      },
      {
        body: { currentPassword: PASSWORD, newPassword: 'newpass1', confirmPassword: 'other11' },
        field: 'confirmPassword',
        message: 'New passwords do not match',
      },
      { body: { newPassword: 'newpass1' }, field: 'currentPassword', message: 'Current password is required' },
    ])
    .run(async ({ client, assert }, row) => {
      const user = await createUser()
      const token = await bearerFor(client, user)
      const response = await client.post('/api/auth/change-password').bearerToken(token).json(row.body)
      response.assertStatus(422)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
    })

  test('a new password works, the old one no longer does, other sign-ins end', async ({ client, assert }) => {
    const user = await createUser()
    const current = await bearerFor(client, user)
    const other = await bearerFor(client, user)

    const response = await client
      .post('/api/auth/change-password')
      .bearerToken(current)
      .json({ currentPassword: PASSWORD, newPassword: 'brandnew1', confirmPassword: 'brandnew1' })
    response.assertStatus(200)
    response.assertBody({ message: 'Password changed successfully' })

    ;(await client.get('/api/users/me').bearerToken(current)).assertStatus(200)
    ;(await client.get('/api/users/me').bearerToken(other)).assertStatus(401)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })).assertStatus(401)
    ;(await client.post('/api/auth/login').json({ email: user.email, password: 'brandnew1' })).assertStatus(200)
    const stored = await User.findOrFail(user.id)
    assert.isTrue(await hash.verify(stored.password, 'brandnew1'))
  })
})
