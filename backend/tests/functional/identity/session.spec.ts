import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import { DateTime } from 'luxon'
import {
  bearerFor,
  browserCookies,
  cookieHeader,
  createAgency,
  createUser,
  PASSWORD,
  xsrfToken,
} from '#tests/helpers/identity'

async function tokenRowFor(userId: number) {
  return db.from('auth_access_tokens').where('tokenable_id', userId).orderBy('id', 'desc').firstOrFail()
}

test.group('Identity | sessions and tokens', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('GET /api/users/me with a bearer token carries the agency fields', async ({ client, assert }) => {
    const agency = await createAgency({ name: 'Nilai Test Realty' })
    const user = await createUser({ agencyId: agency.id, agencyStatus: 'approved', position: 'Negotiator' })
    const token = await bearerFor(client, user)

    const response = await client.get('/api/users/me').bearerToken(token)
    response.assertStatus(200)
    assert.containSubset(response.body(), {
      id: user.id,
      _id: user.id,
      agencyId: agency.id,
      agencyName: 'Nilai Test Realty',
      agencyStatus: 'approved',
      position: 'Negotiator',
    })
    assert.notProperty(response.body(), 'password')
  })

  test('GET /api/users/me with the browser cookie', async ({ client, assert }) => {
    const user = await createUser()
    const login = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    const jar = browserCookies(login)

    const response = await client.get('/api/users/me').header('cookie', cookieHeader(jar))
    response.assertStatus(200)
    assert.equal(response.body().email, user.email)
  })

  test('without a sign-in: 401 JSON', async ({ client }) => {
    const response = await client.get('/api/users/me')
    response.assertStatus(401)
    response.assertBody({ message: 'Authentication required. Please log in.' })
  })

  test('a garbage bearer token is 401', async ({ client }) => {
    const response = await client.get('/api/users/me').bearerToken('oat_bm9wZQ.forged')
    response.assertStatus(401)
    response.assertBody({ message: 'Authentication required. Please log in.' })
  })

  test('a token expires after 24 hours and says so', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const row = await tokenRowFor(user.id)
    const expiresIn = new Date(row.expires_at).getTime() - Date.now()
    assert.closeTo(expiresIn, 24 * 3600 * 1000, 60 * 1000)

    await db
      .from('auth_access_tokens')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const response = await client.get('/api/users/me').bearerToken(token)
    response.assertStatus(401)
    assert.include(response.body().message, 'expired')
  })

  test('an expired cookie session answers 401 with "expired"', async ({ client, assert }) => {
    const user = await createUser()
    const jar = browserCookies(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD }))
    const row = await tokenRowFor(user.id)
    await db
      .from('auth_access_tokens')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() - 1000) })

    const response = await client.get('/api/users/me').header('cookie', cookieHeader(jar))
    response.assertStatus(401)
    assert.equal(response.body().message, 'Your session has expired. Please log in again.')
  })

  test('a page asking twice after the expiry hears "expired" both times', async ({ client, assert }) => {
    const user = await createUser()
    const jar = browserCookies(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD }))
    const row = await tokenRowFor(user.id)
    await db
      .from('auth_access_tokens')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() - 1000) })

    // A page's loaders ask side by side: the second may come after the first ended the session.
    const first = await client.get('/api/users/me').header('cookie', cookieHeader(jar))
    const second = await client.get('/api/auth/session').header('cookie', cookieHeader(browserCookies(first, jar)))
    for (const response of [first, second]) {
      response.assertStatus(401)
      assert.equal(response.body().message, 'Your session has expired. Please log in again.')
    }

    // Signing in again forgets it: a later sign-out is a plain one.
    const again = browserCookies(
      await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD }),
      browserCookies(second, jar)
    )
    assert.equal((await client.get('/api/users/me').header('cookie', cookieHeader(again))).status(), 200)
  })

  test('extending pushes the expiry 24 hours ahead', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const row = await tokenRowFor(user.id)
    await db
      .from('auth_access_tokens')
      .where('id', row.id)
      .update({ expires_at: new Date(Date.now() + 10 * 60 * 1000) })

    const response = await client.post('/api/auth/session/extend').bearerToken(token)
    response.assertStatus(200)
    const expiresAt = new Date(response.body().session.expiresAt).getTime()
    assert.closeTo(expiresAt - Date.now(), 24 * 3600 * 1000, 60 * 1000)
    const stored = await tokenRowFor(user.id)
    assert.closeTo(new Date(stored.expires_at).getTime(), expiresAt, 1000)
  })

  test('extension never goes past the 30-day window', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const row = await tokenRowFor(user.id)
    const createdAt = DateTime.now().minus({ days: 29, hours: 23 })
    await db
      .from('auth_access_tokens')
      .where('id', row.id)
      .update({ created_at: createdAt.toJSDate(), expires_at: new Date(Date.now() + 5 * 60 * 1000) })

    const response = await client.post('/api/auth/session/extend').bearerToken(token)
    response.assertStatus(200)
    const windowEndsAt = createdAt.plus({ days: 30 }).toMillis()
    assert.closeTo(new Date(response.body().session.expiresAt).getTime(), windowEndsAt, 1000)
    assert.closeTo(new Date(response.body().session.windowEndsAt).getTime(), windowEndsAt, 1000)
  })

  test('the browser session can be read and extended (with the CSRF token)', async ({ client, assert }) => {
    const user = await createUser()
    let jar = browserCookies(await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD }))

    const session = await client.get('/api/auth/session').header('cookie', cookieHeader(jar))
    session.assertStatus(200)
    jar = browserCookies(session, jar)
    assert.equal(session.body().user.id, user.id)

    const withoutCsrf = await client.post('/api/auth/session/extend').header('cookie', cookieHeader(jar))
    withoutCsrf.assertStatus(403)
    assert.isString(withoutCsrf.body().message)

    const extended = await client
      .post('/api/auth/session/extend')
      .header('cookie', cookieHeader(jar))
      .header('x-xsrf-token', xsrfToken(jar))
    extended.assertStatus(200)
    assert.isString(extended.body().session.expiresAt)
  })

  test('logout revokes the bearer token', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)

    const logout = await client.post('/api/auth/logout').bearerToken(token)
    logout.assertStatus(200)
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(401)
    const remaining = await db.from('auth_access_tokens').where('tokenable_id', user.id).count('* as total')
    assert.equal(Number(remaining[0].total), 0)
  })

  test('logout ends the cookie session and its token', async ({ client, assert }) => {
    const user = await createUser()
    const login = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    const jar = browserCookies(login)

    const logout = await client
      .post('/api/auth/logout')
      .header('cookie', cookieHeader(jar))
      .header('x-xsrf-token', xsrfToken(jar))
    logout.assertStatus(200)

    ;(await client.get('/api/users/me').header('cookie', cookieHeader(jar))).assertStatus(401)
    ;(await client.get('/api/users/me').bearerToken(login.body().token)).assertStatus(401)
    const remaining = await db.from('auth_access_tokens').where('tokenable_id', user.id).count('* as total')
    assert.equal(Number(remaining[0].total), 0)
  })

  test('logout without a sign-in is harmless', async ({ client }) => {
    const response = await client.post('/api/auth/logout')
    response.assertStatus(200)
  })
})
