import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import PruneExpiredState from '#core/maintenance/prune_expired_state'
import { PruneSignIns } from '#identity'
import { bearerFor, browserCookies, createUser, PASSWORD } from '#tests/helpers/identity'

const HOUR = 3600_000
const RATE_LIMIT_KEYS = [
  'login_bad@new.example_127.0.0.1',
  'login_other@new.example_127.0.0.1',
  'login_live@example.my_127.0.0.1',
  'blocked-for-good',
]

/** A world with one expired and one live row of each kind. */
async function expiredAndLiveState() {
  const user = await createUser()
  const now = Date.now()
  await db.table('rate_limits').multiInsert([
    { key: 'login_bad@new.example_127.0.0.1', points: 1, expire: now - HOUR },
    { key: 'login_other@new.example_127.0.0.1', points: 1, expire: now - 1 },
    { key: 'login_live@example.my_127.0.0.1', points: 2, expire: now + HOUR },
    { key: 'blocked-for-good', points: 9, expire: null },
  ])
  const token = (expiresAt: Date | null, hash: string) => ({
    tokenable_id: user.id,
    type: 'auth_token',
    hash,
    abilities: '["*"]',
    created_at: new Date(now - 2 * HOUR),
    updated_at: new Date(now - 2 * HOUR),
    expires_at: expiresAt,
  })
  await db
    .table('auth_access_tokens')
    .multiInsert([
      token(new Date(now - 25 * HOUR), 'expired-hash'),
      token(new Date(now - HOUR), 'just-expired-hash'),
      token(new Date(now + HOUR), 'live-hash'),
      token(null, 'endless-hash'),
    ])
  const tokenId = async (hash: string) =>
    String((await db.from('auth_access_tokens').where('hash', hash).select('id').firstOrFail()).id)
  const expiredTokenId = await tokenId('expired-hash')
  const justExpiredTokenId = await tokenId('just-expired-hash')
  const liveTokenId = await tokenId('live-hash')
  const endlessTokenId = await tokenId('endless-hash')
  const revokedTokenId = String(Number(endlessTokenId) + 1000)

  const session = (id: string, values: Record<string, unknown>, expiresAt: number) => ({
    id,
    data: JSON.stringify({ message: values, purpose: id }),
    user_id: String(user.id),
    expires_at: new Date(expiresAt),
  })
  const signedIn = (tokenId: string) => ({ auth_web: user.id, signInTokenId: tokenId, 'csrf-secret': 'secret' })
  await db
    .table('sessions')
    .multiInsert([
      session('expired-session', signedIn(liveTokenId), now - HOUR),
      session('live-session', signedIn(liveTokenId), now + HOUR),
      session('endless-session', signedIn(endlessTokenId), now + HOUR),
      session('anonymous-session', { 'csrf-secret': 'secret' }, now + HOUR),
      session('revoked-session', signedIn(revokedTokenId), now + HOUR),
      session('expired-sign-in-session', signedIn(expiredTokenId), now + HOUR),
      session('just-expired-sign-in-session', signedIn(justExpiredTokenId), now + HOUR),
    ])
}

const SESSION_IDS = [
  'expired-session',
  'live-session',
  'endless-session',
  'anonymous-session',
  'revoked-session',
  'expired-sign-in-session',
  'just-expired-sign-in-session',
]
const TOKEN_HASHES = ['expired-hash', 'just-expired-hash', 'live-hash', 'endless-hash']

/**
 * What must stay: live counters, sessions holding a live sign-in, unexpired tokens; and a
 * sign-in that expired within the last day with its session, so its owner's next visit is
 * told that their session expired (account.md#sessions).
 */
const LIVE = {
  rateLimits: ['blocked-for-good', 'login_live@example.my_127.0.0.1'],
  sessions: ['endless-session', 'just-expired-sign-in-session', 'live-session'],
  tokens: ['endless-hash', 'just-expired-hash', 'live-hash'],
}

/** This test's rows that are still there (other suites may leave rows of their own). */
async function remaining() {
  return {
    rateLimits: (await db.from('rate_limits').whereIn('key', RATE_LIMIT_KEYS).select('key').orderBy('key')).map(
      (row) => row.key
    ),
    sessions: (await db.from('sessions').whereIn('id', SESSION_IDS).select('id').orderBy('id')).map((row) => row.id),
    tokens: (await db.from('auth_access_tokens').whereIn('hash', TOKEN_HASHES).select('hash').orderBy('hash')).map(
      (row) => row.hash
    ),
  }
}

test.group('Operators | expired limiter counters, dead sessions and expired tokens are pruned', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('only what has expired goes; live counters, sessions and tokens stay', async ({ assert }) => {
    await expiredAndLiveState()
    const report = await new PruneExpiredState(new PruneSignIns()).handle()
    assert.isAtLeast(report.rateLimits, 2)
    assert.isAtLeast(report.sessions, 4)
    assert.isAtLeast(report.accessTokens, 1)
    assert.deepEqual(await remaining(), LIVE)
    // A second run finds nothing: instances may prune at the same time.
    assert.deepEqual(await new PruneExpiredState(new PruneSignIns()).handle(), {
      rateLimits: 0,
      sessions: 0,
      accessTokens: 0,
      deviceLinks: 0,
    })
  })

  test('node ace maintenance:prune says what it deleted', async ({ assert }) => {
    await expiredAndLiveState()
    ace.ui.switchMode('raw')
    const command = await ace.exec('maintenance:prune', [])
    command.assertSucceeded()
    command.assertLogMatches(/Deleted \d+ expired rate-limit counter\(s\), \d+ session\(s\), \d+ access token\(s\)/)
    assert.deepEqual(await remaining(), LIVE)
  })
})

test.group('Operators | node ace auth:prune', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('deletes expired and revoked sign-ins only, and says how many', async ({ assert }) => {
    await expiredAndLiveState()
    ace.ui.switchMode('raw')
    const command = await ace.exec('auth:prune', [])
    command.assertSucceeded()
    command.assertLogMatches(/Deleted [4-9]\d* session\(s\) and [1-9]\d* access token\(s\)/)
    // Sessions and tokens only: the limiter's counters are maintenance:prune's.
    assert.deepEqual(await remaining(), {
      ...LIVE,
      rateLimits: [
        'blocked-for-good',
        'login_bad@new.example_127.0.0.1',
        'login_live@example.my_127.0.0.1',
        'login_other@new.example_127.0.0.1',
      ],
    })

    const again = await ace.exec('auth:prune', [])
    again.assertSucceeded()
    again.assertLogMatches(/Deleted 0 session\(s\) and 0 access token\(s\)/)
  })

  test('a browser session whose sign-in was revoked elsewhere goes; a live one stays', async ({ client, assert }) => {
    // Suites that really commit (concurrency, events) may leave sign-ins behind: start from none.
    await db.from('sessions').delete()
    const revoked = await createUser()
    const login = await client.post('/api/auth/login').json({ email: revoked.email, password: PASSWORD })
    login.assertStatus(200)
    assert.property(browserCookies(login), 'aero_session')
    // Signing out with the token revokes the sign-in; the cookie session's row stays behind.
    ;(await client.post('/api/auth/logout').bearerToken(login.body().token)).assertStatus(200)

    const live = await createUser()
    const liveLogin = await client.post('/api/auth/login').json({ email: live.email, password: PASSWORD })
    liveLogin.assertStatus(200)
    const liveToken = await bearerFor(client, live)

    assert.equal(await sessionsOf(revoked.id), 1)
    assert.equal(await sessionsOf(live.id), 2)
    const report = await new PruneSignIns().handle()
    assert.deepEqual(report, { sessions: 1, accessTokens: 0, deviceLinks: 0 })
    assert.equal(await sessionsOf(revoked.id), 0)
    assert.equal(await sessionsOf(live.id), 2)
    ;(await client.get('/api/users/me').bearerToken(liveToken)).assertStatus(200)
  })
})

/** Sessions holding a sign-in of `userId` (their data names the user). */
async function sessionsOf(userId: number) {
  const rows: { data: string }[] = await db.from('sessions').select('data')
  return rows.filter((row) => JSON.parse(row.data).message?.auth_web === userId).length
}
