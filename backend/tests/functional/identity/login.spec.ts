import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { createUser, PASSWORD } from '#tests/helpers/identity'

test.group('Identity | login', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('answers { token, user, session } and sets the httpOnly session cookie', async ({ client, assert }) => {
    const user = await createUser({ email: 'login@example.my' })
    const response = await client.post('/api/auth/login').json({ email: 'LOGIN@example.my', password: PASSWORD })

    response.assertStatus(200)
    assert.equal(response.body().user.id, user.id)
    assert.match(response.body().token, /^oat_/)
    const cookies = ([] as string[]).concat(response.headers()['set-cookie'])
    const session = cookies.find((line) => line.startsWith('aero_session='))
    assert.exists(session)
    assert.match(session!, /HttpOnly/i)
    assert.match(session!, /SameSite=Lax/i)
  })

  test('a wrong password is 401 with the spec message', async ({ client }) => {
    await createUser({ email: 'wrong@example.my' })
    const response = await client.post('/api/auth/login').json({ email: 'wrong@example.my', password: 'nope123' })
    response.assertStatus(401)
    response.assertBody({ message: 'Invalid credentials. Please try again.' })
  })

  test('an unknown email gets the same answer as a wrong password', async ({ client }) => {
    const response = await client.post('/api/auth/login').json({ email: 'ghost@example.my', password: 'nope123' })
    response.assertStatus(401)
    response.assertBody({ message: 'Invalid credentials. Please try again.' })
  })

  test('missing fields are named', async ({ client }) => {
    const response = await client.post('/api/auth/login').json({})
    response.assertStatus(422)
    response.assertBodyContains({
      errors: [
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ],
    })
  })

  test('credentials that are not strings are an invalid format', async ({ client }) => {
    const response = await client.post('/api/auth/login').json({ email: { $ne: null }, password: ['x'] })
    response.assertStatus(422)
    response.assertBodyContains({ message: 'Invalid login credentials format' })
  })

  test('is rate limited: the 11th failure in 15 minutes is a 429', async ({ client, assert }) => {
    const user = await createUser({ email: 'brute@example.my' })
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await client.post('/api/auth/login').json({ email: user.email, password: `guess${attempt}` })
      response.assertStatus(401)
    }
    const blocked = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    blocked.assertStatus(429)
    assert.match(blocked.body().message, /^Too many login attempts\. Please try again in \d+ minutes?\.$/)
    assert.exists(blocked.headers()['retry-after'])
  })

  test('a successful login clears the failure count', async ({ client }) => {
    const user = await createUser({ email: 'forgetful@example.my' })
    for (let attempt = 1; attempt <= 9; attempt++) {
      await client.post('/api/auth/login').json({ email: user.email, password: `guess${attempt}` })
    }
    ;(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })).assertStatus(200)
    for (let attempt = 1; attempt <= 9; attempt++) {
      ;(await client.post('/api/auth/login').json({ email: user.email, password: `again${attempt}` })).assertStatus(401)
    }
  })
})
