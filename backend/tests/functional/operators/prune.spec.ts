import { test } from '@japa/runner'
import ace from '@adonisjs/core/services/ace'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import PruneExpiredState from '#core/maintenance/prune_expired_state'
import { createUser } from '#tests/helpers/identity'

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
  await db.table('sessions').multiInsert([
    { id: 'expired-session', data: '{}', user_id: String(user.id), expires_at: new Date(now - HOUR) },
    { id: 'live-session', data: '{}', user_id: String(user.id), expires_at: new Date(now + HOUR) },
  ])
  const token = (expiresAt: Date, hash: string) => ({
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
    .multiInsert([token(new Date(now - HOUR), 'expired-hash'), token(new Date(now + HOUR), 'live-hash')])
}

/** This test's rows that are still there (other suites may leave rows of their own). */
async function remaining() {
  return {
    rateLimits: (await db.from('rate_limits').whereIn('key', RATE_LIMIT_KEYS).select('key').orderBy('key')).map(
      (row) => row.key
    ),
    sessions: (await db.from('sessions').whereIn('id', ['expired-session', 'live-session']).select('id')).map(
      (row) => row.id
    ),
    tokens: (await db.from('auth_access_tokens').whereIn('hash', ['expired-hash', 'live-hash']).select('hash')).map(
      (row) => row.hash
    ),
  }
}

test.group('Operators | expired limiter counters, sessions and tokens are pruned', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('only what has expired goes; live counters, sessions and tokens stay', async ({ assert }) => {
    await expiredAndLiveState()
    const report = await new PruneExpiredState().handle()
    assert.isAtLeast(report.rateLimits, 2)
    assert.isAtLeast(report.sessions, 1)
    assert.isAtLeast(report.accessTokens, 1)
    assert.deepEqual(await remaining(), {
      rateLimits: ['blocked-for-good', 'login_live@example.my_127.0.0.1'],
      sessions: ['live-session'],
      tokens: ['live-hash'],
    })
    // A second run finds nothing: instances may prune at the same time.
    assert.deepEqual(await new PruneExpiredState().handle(), { rateLimits: 0, sessions: 0, accessTokens: 0 })
  })

  test('node ace maintenance:prune says what it deleted', async ({ assert }) => {
    await expiredAndLiveState()
    ace.ui.switchMode('raw')
    const command = await ace.exec('maintenance:prune', [])
    command.assertSucceeded()
    command.assertLogMatches(/Deleted \d+ expired rate-limit counter\(s\), \d+ session\(s\), \d+ access token\(s\)/)
    assert.deepEqual(await remaining(), {
      rateLimits: ['blocked-for-good', 'login_live@example.my_127.0.0.1'],
      sessions: ['live-session'],
      tokens: ['live-hash'],
    })
  })
})
