import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { User } from '#identity'
import { createUser } from '#tests/helpers/identity'

test.group('Identity | register', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('creates a user account and answers { token, user, session }', async ({ client, assert }) => {
    const response = await client.post('/api/auth/register').json({
      name: 'Aminah Yusof',
      email: 'Aminah@Example.my',
      password: 'secret1',
      confirmPassword: 'secret1',
      phone: '+60 12 345 6789',
      address: '  12 Jalan Nilai  ',
    })

    response.assertStatus(201)
    const body = response.body()
    assert.match(body.token, /^oat_/)
    assert.equal(body.user.email, 'aminah@example.my')
    assert.equal(body.user.role, 'user')
    assert.equal(body.user._id, body.user.id)
    assert.notProperty(body.user, 'password')
    assert.equal(body.user.address, '12 Jalan Nilai')
    assert.isString(body.session.expiresAt)

    const stored = await User.findByOrFail('email', 'aminah@example.my')
    assert.match(stored.password, /^\$scrypt\$/)
    assert.notEqual(stored.password, 'secret1')
  })

  test('always registers as a plain user, whatever role is sent', async ({ client, assert }) => {
    const response = await client.post('/api/auth/register').json({
      name: 'Sneaky',
      email: 'sneaky@example.my',
      password: 'secret1',
      role: 'super_admin',
    })
    response.assertStatus(201)
    assert.equal(response.body().user.role, 'user')
  })

  test('reports every field with the spec messages', async ({ client }) => {
    const response = await client.post('/api/auth/register').json({})
    response.assertStatus(422)
    response.assertBodyContains({
      message: 'Name is required',
      errors: [
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ],
    })
  })

  test('rejects an invalid {field} with its message')
    .with([
      { field: 'email', value: 'not-an-email', message: 'Email is invalid' },
      { field: 'password', value: '12345', message: 'Password must be at least 6 characters' },
      { field: 'confirmPassword', value: 'other', message: 'Passwords do not match' },
      { field: 'phone', value: '12345', message: 'Please enter a valid phone number' },
      { field: 'phone', value: '+60 12 345 678a', message: 'Please enter a valid phone number' },
      { field: 'name', value: 'A', message: 'Name must be at least 2 characters' },
    ])
    .run(async ({ client, assert }, row) => {
      const valid = { name: 'Valid Name', email: 'valid@example.my', password: 'secret1', confirmPassword: 'secret1' }
      const response = await client.post('/api/auth/register').json({ ...valid, [row.field]: row.value })
      response.assertStatus(422)
      assert.deepInclude(response.body().errors, { field: row.field, message: row.message })
      assert.isNull(await User.findBy('email', 'valid@example.my'))
    })

  test('a phone of 10 to 15 digits with spaces and a plus is accepted', async ({ client }) => {
    const response = await client.post('/api/auth/register').json({
      name: 'Phone Person',
      email: 'phone@example.my',
      password: 'secret1',
      phone: '+6012 345 67890',
    })
    response.assertStatus(201)
  })

  test('an email already registered is a 422 and the account is unchanged', async ({ client, assert }) => {
    const existing = await createUser({ email: 'taken@example.my', name: 'Original Owner' })
    const passwordBefore = existing.password

    const response = await client.post('/api/auth/register').json({
      name: 'Impostor',
      email: 'TAKEN@example.my',
      password: 'another1',
    })

    response.assertStatus(422)
    response.assertBodyContains({
      errors: [{ field: 'email', message: 'An account with this email already exists.' }],
    })
    await existing.refresh()
    assert.equal(existing.name, 'Original Owner')
    assert.equal(existing.password, passwordBefore)
    assert.lengthOf(await User.query().where('email', 'taken@example.my'), 1)
  })

  test('malformed and oversized bodies are refused with a JSON 4xx', async ({ client, assert }) => {
    const malformed = await client.post('/api/auth/register').unsafeJson('{"name": ')
    assert.isAtLeast(malformed.status(), 400)
    assert.isBelow(malformed.status(), 500)
    assert.isString(malformed.body().message)

    const oversized = await client.post('/api/auth/register').json({
      name: 'x'.repeat(200_000),
      email: 'big@example.my',
      password: 'secret1',
    })
    assert.oneOf(oversized.status(), [413, 422])
    assert.isString(oversized.body().message)
    assert.isNull(await User.findBy('email', 'big@example.my'))
  })
})
