import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { PASSWORD, createUser } from '#tests/helpers/identity'

function setCookies(headers: Record<string, unknown>): string[] {
  return ([] as string[]).concat((headers['set-cookie'] as string[] | string | undefined) ?? [])
}

test.group('Identity | cookies over HTTPS behind a proxy', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('signing in over HTTPS (X-Forwarded-Proto from the trusted gateway) sets only Secure cookies', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client
      .post('/api/auth/login')
      .header('x-forwarded-proto', 'https')
      .json({ email: user.email, password: PASSWORD })
    response.assertStatus(200)
    const cookies = setCookies(response.headers())
    assert.isAbove(cookies.length, 0)
    assert.includeMembers(
      cookies.map((line) => line.split('=')[0]),
      ['aero_session', 'XSRF-TOKEN']
    )
    for (const line of cookies) assert.match(line, /;\s*Secure/i, line)

    // Signing out clears them with the same flag, so browsers accept the removal.
    const token = response.body().token as string
    const logout = await client.post('/api/auth/logout').header('x-forwarded-proto', 'https').bearerToken(token)
    logout.assertStatus(200)
    for (const line of setCookies(logout.headers())) assert.match(line, /;\s*Secure/i, line)
  })

  test('over plain HTTP the cookies are not Secure (a Secure cookie would never come back)', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const response = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    response.assertStatus(200)
    const cookies = setCookies(response.headers())
    assert.isAbove(cookies.length, 0)
    for (const line of cookies) assert.notMatch(line, /;\s*Secure/i, line)
  })
})
