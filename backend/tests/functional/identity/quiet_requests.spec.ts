import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiResponse } from '@japa/api-client'
import { bearerFor, browserCookies, cookieHeader, createUser, PASSWORD, xsrfToken } from '#tests/helpers/identity'

/**
 * Reading writes nothing: anonymous visitors (the storefront's pages call the backend on
 * their behalf) and API clients with a bearer token leave no session row behind, and a
 * token's last use is recorded at most once a minute.
 */

const REQUESTS = 15

/** What the landing page and the hub ask the backend for, and the public API reads. */
const PUBLIC_READS = [
  '/api/users/me',
  '/api/auth/session',
  '/api/lots/public',
  '/api/properties',
  '/api/properties/aeroindustrial',
  '/api/agencies/public',
  '/api/health',
] as const

/** Rows of every table (the migrations' own bookkeeping aside). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await db.connection().getAllTables()).filter((name) => !name.startsWith('adonis_schema'))
  const counts: Record<string, number> = {}
  for (const table of tables) {
    const [{ total }] = await db.from(table).count('* as total')
    counts[table] = Number(total)
  }
  return counts
}

function added(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(after)
      .map(([table, rows]) => [table, rows - (before[table] ?? 0)] as const)
      .filter(([, difference]) => difference !== 0)
  )
}

function cookieNames(response: ApiResponse): string[] {
  const lines = ([] as string[]).concat((response.headers()['set-cookie'] as string[] | string | undefined) ?? [])
  return lines.map((line) => line.split('=')[0].trim())
}

/** The SQL the requests made inside `run` sent to the database. */
async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = []
  const listener = (query: { sql: string }) => seen.push(query.sql)
  const clients = new Set([db.connection().getWriteClient(), db.connection().getReadClient()])
  for (const knex of clients) knex.on('query', listener)
  try {
    await run()
  } finally {
    for (const knex of clients) knex.off('query', listener)
  }
  return seen
}

async function lastUsedAt(tokenable: number): Promise<Date | null> {
  const row = await db.from('auth_access_tokens').where('tokenable_id', tokenable).select('last_used_at').firstOrFail()
  return row.last_used_at ? new Date(row.last_used_at) : null
}

async function setLastUsedAt(tokenable: number, at: Date) {
  await db.from('auth_access_tokens').where('tokenable_id', tokenable).update({ last_used_at: at })
}

test.group('Identity | reading writes nothing', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('anonymous reads of the pages and the public API add no row and set no session cookie', async ({
    client,
    assert,
  }) => {
    const before = await rowCounts()
    for (let i = 0; i < REQUESTS; i++) {
      for (const path of PUBLIC_READS) {
        const response = await client.get(path)
        assert.notInclude(cookieNames(response), 'aero_session', path)
      }
    }
    assert.deepEqual(added(before, await rowCounts()), {})
  })

  test('a stale session cookie of an anonymous visitor is cleared, not kept alive', async ({ client, assert }) => {
    const before = await rowCounts()
    const response = await client.get('/api/users/me').header('cookie', 'aero_session=s%3Anot-a-session.signature')
    response.assertStatus(401)
    const cleared = ([] as string[])
      .concat((response.headers()['set-cookie'] as string[] | string | undefined) ?? [])
      .filter((line) => line.startsWith('aero_session='))
    assert.lengthOf(cleared, 1)
    assert.match(cleared[0], /Max-Age=0|Expires=Thu, 01 Jan 1970/i)
    assert.deepEqual(added(before, await rowCounts()), {})
  })

  test('bearer requests add no session row and no token row', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const before = await rowCounts()
    for (let i = 0; i < REQUESTS; i++) {
      for (const path of ['/api/users/me', '/api/auth/session', '/api/bookings/user', '/api/lots/public']) {
        const response = await client.get(path).bearerToken(token)
        response.assertStatus(200)
        assert.notInclude(cookieNames(response), 'aero_session', path)
      }
    }
    assert.deepEqual(added(before, await rowCounts()), {})
  })

  test('a request without a session cookie that only reads, or signs with a bearer token, never touches the session store', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const responses: ApiResponse[] = []
    const statements = await statementsOf(async () => {
      responses.push(await client.get('/api/users/me').bearerToken(token))
      responses.push(await client.get('/api/auth/session').bearerToken(token))
      responses.push(await client.post('/api/auth/session/extend').bearerToken(token))
      responses.push(await client.get('/api/users/me'))
      responses.push(await client.get('/api/auth/session'))
    })
    assert.deepEqual(
      responses.map((response) => response.status()),
      [200, 200, 200, 401, 401]
    )
    for (const response of responses) assert.deepEqual(cookieNames(response), [])
    assert.isEmpty(statements.filter((sql) => /\bsessions\b/.test(sql)))
    // A user of no agency: nothing is asked about agencies either.
    assert.isEmpty(statements.filter((sql) => /\bagencies\b/.test(sql)))
  })

  test('a bearer request is identified in one query: the token and its owner together', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    // Used a moment ago: no last-use stamp is due.
    await setLastUsedAt(user.id, new Date())
    let status = 0
    const statements = await statementsOf(async () => {
      status = (await client.get('/api/users/me').bearerToken(token)).status()
    })
    assert.equal(status, 200)
    assert.lengthOf(statements, 1)
    assert.match(statements[0], /\bauth_access_tokens\b.*\bjoin\b.*\busers\b/)
  })

  test('an API client signing in with a bearer header and no cookie gets a token, not a browser session', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    const before = await rowCounts()
    const login = await client
      .post('/api/auth/login')
      .bearerToken(token)
      .json({ email: user.email, password: PASSWORD })
    login.assertStatus(200)
    assert.match(login.body().token, /^oat_/)
    assert.deepEqual(cookieNames(login), [])
    assert.deepEqual(added(before, await rowCounts()), { auth_access_tokens: 1 })
    ;(await client.get('/api/users/me').bearerToken(login.body().token)).assertStatus(200)
  })

  test("a signed-in browser's reads push its session's expiry at most once a minute", async ({ client, assert }) => {
    const user = await createUser()
    const login = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    login.assertStatus(200)
    let jar = browserCookies(login)
    const read = async () => {
      const me = await client.get('/api/users/me').header('cookie', cookieHeader(jar))
      me.assertStatus(200)
      jar = browserCookies(me, jar)
    }

    // Just signed in: its expiry is 30 days on already; reads write nothing to the session.
    const justSignedIn = await statementsOf(async () => {
      for (let i = 0; i < 5; i++) await read()
    })
    assert.isEmpty(justSignedIn.filter((sql) => /^update\b.*\bsessions\b/i.test(sql)))

    // Its expiry two minutes behind: the next read pushes it (30 days on), once.
    const sessionRow = await db.from('sessions').orderBy('expires_at', 'desc').firstOrFail() // this test's only one
    const behind = new Date(Date.now() + 30 * 24 * 3600 * 1000 - 2 * 60_000)
    await db.from('sessions').where('id', sessionRow.id).update({ expires_at: behind })
    const afterAWhile = await statementsOf(async () => {
      for (let i = 0; i < 3; i++) await read()
    })
    assert.lengthOf(
      afterAWhile.filter((sql) => /^update\b.*\bsessions\b/i.test(sql)),
      1
    )
    const pushed = await db.from('sessions').where('id', sessionRow.id).select('expires_at').firstOrFail()
    assert.isAbove(new Date(pushed.expires_at).getTime(), behind.getTime() + 60_000)
  })

  test('the browser sign-in still works: session cookie, CSRF on writes, logout removes the session', async ({
    client,
    assert,
  }) => {
    const user = await createUser()
    const before = await rowCounts()

    const login = await client.post('/api/auth/login').json({ email: user.email, password: PASSWORD })
    login.assertStatus(200)
    assert.includeMembers(cookieNames(login), ['aero_session', 'XSRF-TOKEN'])
    let jar = browserCookies(login)
    assert.deepEqual(added(before, await rowCounts()), { auth_access_tokens: 1, sessions: 1 })

    for (let i = 0; i < REQUESTS; i++) {
      const me = await client.get('/api/users/me').header('cookie', cookieHeader(jar))
      me.assertStatus(200)
      jar = browserCookies(me, jar)
    }
    assert.deepEqual(added(before, await rowCounts()), { auth_access_tokens: 1, sessions: 1 })

    const withoutCsrf = await client.post('/api/auth/session/extend').header('cookie', cookieHeader(jar))
    withoutCsrf.assertStatus(403)
    const extended = await client
      .post('/api/auth/session/extend')
      .header('cookie', cookieHeader(jar))
      .header('x-xsrf-token', xsrfToken(jar))
    extended.assertStatus(200)

    const logout = await client
      .post('/api/auth/logout')
      .header('cookie', cookieHeader(jar))
      .header('x-xsrf-token', xsrfToken(jar))
    logout.assertStatus(200)
    jar = browserCookies(logout, jar)
    assert.notProperty(jar, 'aero_session')
    assert.deepEqual(added(before, await rowCounts()), {})
    ;(await client.get('/api/users/me').header('cookie', cookieHeader(jar))).assertStatus(401)
  })

  test("a token's last use is written at most once a minute", async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    assert.isNull(await lastUsedAt(user.id))

    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
    const first = await lastUsedAt(user.id)
    assert.isNotNull(first)
    assert.closeTo(first!.getTime(), Date.now(), 5000)

    // Used 30 seconds ago: many requests later it still says so.
    const halfAMinuteAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 30_000)
    await setLastUsedAt(user.id, halfAMinuteAgo)
    for (let i = 0; i < REQUESTS; i++) {
      ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
    }
    assert.equal((await lastUsedAt(user.id))!.getTime(), halfAMinuteAgo.getTime())

    // Over a minute ago: the next request records the use again, once.
    await setLastUsedAt(user.id, new Date(Date.now() - 61_000))
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
    const again = await lastUsedAt(user.id)
    assert.closeTo(again!.getTime(), Date.now(), 5000)
    for (let i = 0; i < REQUESTS; i++) {
      ;(await client.get('/api/auth/session').bearerToken(token)).assertStatus(200)
    }
    assert.equal((await lastUsedAt(user.id))!.getTime(), again!.getTime())
  })

  test('an expired or forged token is refused and its row is not touched', async ({ client, assert }) => {
    const user = await createUser()
    const token = await bearerFor(client, user)
    await db
      .from('auth_access_tokens')
      .where('tokenable_id', user.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    const expired = await client.get('/api/users/me').bearerToken(token)
    expired.assertStatus(401)
    assert.include(expired.body().message, 'expired')

    const [prefix] = token.split('.')
    ;(await client.get('/api/users/me').bearerToken(`${prefix}.forged-secret`)).assertStatus(401)
    assert.isNull(await lastUsedAt(user.id))
  })
})
