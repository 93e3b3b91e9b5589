import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { bearerFor, browserCookies, cookieHeader, createAgency, createUser, PASSWORD } from '#tests/helpers/identity'
import { codeAt, timeStep } from '#identity/services/totp'
import type User from '#identity/models/user'
import {
  CHALLENGE_EXPIRED,
  INVALID_TWO_FACTOR_CODE,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_SETUP_REQUIRED,
} from '#identity/services/two_factor'
import { TWO_FACTOR_STAFF_ONLY } from '#identity/policies/two_factor_policy'

/**
 * Two-step sign-in for staff (TOTP, RFC 6238): setting it up, signing in with a code or a
 * recovery code (each once), codes guessed no faster than passwords, and the setting that
 * makes it required for super admins.
 */

function setup(client: ApiClient, token: string, password = PASSWORD) {
  return client.post('/api/auth/two-factor/setup').bearerToken(token).json({ password })
}

/** Turns two-step sign-in on for `user` and answers its secret and recovery codes. */
async function enrol(client: ApiClient, user: User) {
  const token = await bearerFor(client, user)
  const started = await setup(client, token)
  started.assertStatus(200)
  const secret = started.body().secret as string
  const confirmed = await client
    .post('/api/auth/two-factor/confirm')
    .bearerToken(token)
    .json({ code: codeAt(secret, timeStep()) })
  confirmed.assertStatus(200)
  return { token, secret, recoveryCodes: confirmed.body().recoveryCodes as string[] }
}

/** The password step from `from` (a client behind the trusted local proxy). */
function passwordStep(client: ApiClient, user: User, from = '127.0.0.1', password = PASSWORD) {
  return client.post('/api/auth/login').header('x-forwarded-for', from).json({ email: user.email, password })
}

async function challengeFor(client: ApiClient, user: User, from?: string): Promise<string> {
  const response = await passwordStep(client, user, from)
  response.assertStatus(200)
  return response.body().challenge as string
}

function codeStep(client: ApiClient, payload: Record<string, unknown>, from = '127.0.0.1') {
  return client.post('/api/auth/login/two-factor').header('x-forwarded-for', from).json(payload)
}

/** A code of the next time step: accepted (clock drift) and not yet used by the setup's confirmation. */
const nextCode = (secret: string) => codeAt(secret, timeStep() + 1)

test.group('Identity | two-step sign-in: setup', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('an agent admin sets it up: secret, QR and key once, on only after a valid code', async ({ client, assert }) => {
    const agency = await createAgency()
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const token = await bearerFor(client, agent)

    const before = await client.get('/api/auth/two-factor').bearerToken(token)
    before.assertStatus(200)
    assert.deepEqual(before.body(), { enabled: false, pending: false, recoveryCodesRemaining: 0, required: false })

    const started = await setup(client, token)
    started.assertStatus(200)
    const { secret, otpauthUrl, qrSvg } = started.body()
    assert.match(secret, /^[A-Z2-7]{32}$/)
    assert.include(otpauthUrl, `otpauth://totp/`)
    assert.include(otpauthUrl, `secret=${secret}`)
    assert.include(otpauthUrl, 'digits=6')
    assert.include(qrSvg, '<svg')
    assert.equal(started.headers()['cache-control'], 'no-store')

    // Stored encrypted, not yet on: a sign-in still needs the password only.
    const row = await db.from('user_two_factors').where('user_id', agent.id).first()
    assert.notInclude(row.secret, secret)
    assert.isNull(row.enabled_at)
    ;(await passwordStep(client, agent)).assertStatus(200)
    assert.property((await passwordStep(client, agent)).body(), 'token')

    const wrong = await client.post('/api/auth/two-factor/confirm').bearerToken(token).json({ code: '000000' })
    wrong.assertStatus(422)
    assert.deepEqual(wrong.body().errors, [{ field: 'code', message: INVALID_TWO_FACTOR_CODE }])
    const malformed = await client.post('/api/auth/two-factor/confirm').bearerToken(token).json({ code: 'abc' })
    malformed.assertStatus(422)
    assert.equal(malformed.body().errors[0].field, 'code')

    const confirmed = await client
      .post('/api/auth/two-factor/confirm')
      .bearerToken(token)
      .json({ code: codeAt(secret, timeStep()) })
    confirmed.assertStatus(200)
    const codes = confirmed.body().recoveryCodes as string[]
    assert.lengthOf(codes, RECOVERY_CODE_COUNT)
    assert.lengthOf(new Set(codes), RECOVERY_CODE_COUNT)
    const stored = await db.from('user_recovery_codes').where('user_id', agent.id)
    assert.lengthOf(stored, RECOVERY_CODE_COUNT)
    assert.notInclude(JSON.stringify(stored), codes[0])

    const after = await client.get('/api/auth/two-factor').bearerToken(token)
    assert.deepEqual(after.body(), { enabled: true, pending: false, recoveryCodesRemaining: 10, required: false })
    assert.notInclude(JSON.stringify(after.body()), secret)
    // The secret is never sent again: a new setup while it is on is refused.
    ;(await setup(client, token)).assertStatus(409)
  })

  test('users and members cannot set it up (403); signed out, 401', async ({ client, assert }) => {
    const agency = await createAgency()
    const user = await createUser({ role: 'user' })
    const member = await createUser({ role: 'user', agencyId: agency.id, agencyStatus: 'approved' })
    for (const someone of [user, member]) {
      const token = await bearerFor(client, someone)
      for (const response of [
        await setup(client, token),
        await client.get('/api/auth/two-factor').bearerToken(token),
        await client.post('/api/auth/two-factor/confirm').bearerToken(token).json({ code: '123456' }),
        await client.post('/api/auth/two-factor/disable').bearerToken(token).json({ password: PASSWORD }),
        await client.post('/api/auth/two-factor/recovery-codes').bearerToken(token).json({ password: PASSWORD }),
      ]) {
        response.assertStatus(403)
        assert.equal(response.body().message, TWO_FACTOR_STAFF_ONLY)
      }
    }
    ;(await client.post('/api/auth/two-factor/setup')).assertStatus(401)
  })

  test('turning it off needs the password and a valid code; new recovery codes void the old ones', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    const { token, secret, recoveryCodes } = await enrol(client, admin)

    const renewedWithout = await client.post('/api/auth/two-factor/recovery-codes').bearerToken(token).json({})
    renewedWithout.assertStatus(422)
    const renewedWithCodeOnly = await client
      .post('/api/auth/two-factor/recovery-codes')
      .bearerToken(token)
      .json({ code: nextCode(secret) })
    renewedWithCodeOnly.assertStatus(422)
    assert.equal(renewedWithCodeOnly.body().errors[0].field, 'password')
    const renewed = await client
      .post('/api/auth/two-factor/recovery-codes')
      .bearerToken(token)
      .json({ password: PASSWORD, code: nextCode(secret) })
    renewed.assertStatus(200)
    const fresh = renewed.body().recoveryCodes as string[]
    assert.lengthOf(fresh, RECOVERY_CODE_COUNT)

    const old = await codeStep(client, { challenge: await challengeFor(client, admin), recoveryCode: recoveryCodes[0] })
    old.assertStatus(422)

    const wrongPassword = await client
      .post('/api/auth/two-factor/disable')
      .bearerToken(token)
      .json({ password: 'not-it', recoveryCode: fresh[0] })
    wrongPassword.assertStatus(422)
    assert.equal(wrongPassword.body().errors[0].field, 'password')
    const passwordOnly = await client
      .post('/api/auth/two-factor/disable')
      .bearerToken(token)
      .json({ password: PASSWORD })
    passwordOnly.assertStatus(422)
    assert.equal(passwordOnly.body().errors[0].field, 'code')
    const off = await client
      .post('/api/auth/two-factor/disable')
      .bearerToken(token)
      .json({ password: PASSWORD, recoveryCode: fresh[0] })
    off.assertStatus(200)
    assert.isFalse(off.body().enabled)
    assert.property((await passwordStep(client, admin)).body(), 'token')
    assert.lengthOf(await db.from('user_recovery_codes').where('user_id', admin.id), 0)
  })
})

test.group('Identity | two-step sign-in: signing in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the password step signs nobody in; the code step completes a bearer sign-in', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    const { secret } = await enrol(client, admin)

    const first = await passwordStep(client, admin)
    first.assertStatus(200)
    assert.isTrue(first.body().twoFactorRequired)
    assert.isString(first.body().challenge)
    assert.notProperty(first.body(), 'token')
    assert.notProperty(first.body(), 'user')
    const sessionCookies = browserCookies(first)
    ;(await client.get('/api/users/me').header('cookie', cookieHeader(sessionCookies))).assertStatus(401)

    const done = await codeStep(client, { challenge: first.body().challenge, code: nextCode(secret) })
    done.assertStatus(200)
    assert.equal(done.body().user.id, admin.id)
    const me = await client.get('/api/users/me').bearerToken(done.body().token)
    me.assertStatus(200)
    assert.equal(me.body().email, admin.email)
  })

  test('a cookie sign-in completes with the code too', async ({ client, assert }) => {
    const agency = await createAgency()
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const { secret } = await enrol(client, agent)
    const challenge = await challengeFor(client, agent)
    const done = await codeStep(client, { challenge, code: nextCode(secret) })
    done.assertStatus(200)
    const me = await client.get('/api/users/me').header('cookie', cookieHeader(browserCookies(done)))
    me.assertStatus(200)
    assert.equal(me.body().id, agent.id)
  })

  test('a code cannot be replayed within its window', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    const { secret } = await enrol(client, admin)
    const code = nextCode(secret)
    ;(await codeStep(client, { challenge: await challengeFor(client, admin), code })).assertStatus(200)

    const replay = await codeStep(client, { challenge: await challengeFor(client, admin), code })
    replay.assertStatus(422)
    assert.deepEqual(replay.body().errors, [{ field: 'code', message: INVALID_TWO_FACTOR_CODE }])
    // The confirmation's own code (an earlier step) is spent as well.
    const earlier = await codeStep(client, {
      challenge: await challengeFor(client, admin),
      code: codeAt(secret, timeStep()),
    })
    earlier.assertStatus(422)
  })

  test('a recovery code signs in once', async ({ client, assert }) => {
    const agency = await createAgency()
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    const { token, recoveryCodes } = await enrol(client, agent)

    const used = await codeStep(client, {
      challenge: await challengeFor(client, agent),
      recoveryCode: recoveryCodes[3].toUpperCase(),
    })
    used.assertStatus(200)
    assert.equal(used.body().user.id, agent.id)

    const again = await codeStep(client, {
      challenge: await challengeFor(client, agent),
      recoveryCode: recoveryCodes[3],
    })
    again.assertStatus(422)
    assert.deepEqual(again.body().errors, [{ field: 'recoveryCode', message: INVALID_TWO_FACTOR_CODE }])
    const status = await client.get('/api/auth/two-factor').bearerToken(token)
    assert.equal(status.body().recoveryCodesRemaining, 9)
  })

  test('bad input answers 4xx JSON: no code, no challenge, a forged or outdated challenge', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    const { secret } = await enrol(client, admin)
    const challenge = await challengeFor(client, admin)

    const noCode = await codeStep(client, { challenge })
    noCode.assertStatus(422)
    assert.equal(noCode.body().errors[0].field, 'code')
    const noChallenge = await codeStep(client, { code: nextCode(secret) })
    noChallenge.assertStatus(422)
    assert.equal(noChallenge.body().errors[0].field, 'challenge')
    const forged = await codeStep(client, { challenge: `${challenge.slice(0, -4)}AAAA`, code: nextCode(secret) })
    forged.assertStatus(422)
    assert.equal(forged.body().message, CHALLENGE_EXPIRED)
    const wrongType = await codeStep(client, { challenge: 42, code: [1] })
    wrongType.assertStatus(422)

    // A password change voids the challenges issued before it.
    admin.password = 'Another#456'
    await admin.save()
    const outdated = await codeStep(client, { challenge, code: nextCode(secret) })
    outdated.assertStatus(422)
    assert.equal(outdated.body().message, CHALLENGE_EXPIRED)
  })

  test('wrong codes are limited like passwords: per address, and per account across addresses', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    const { secret } = await enrol(client, admin)
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000')

    // One address: 10 failures, then 429 even with the right code.
    const challenge = await challengeFor(client, admin, '198.51.100.7')
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push((await codeStep(client, { challenge, code: wrong(nextCode(secret)) }, '198.51.100.7')).status())
    }
    assert.deepEqual(statuses, Array(10).fill(422))
    const blocked = await codeStep(client, { challenge, code: nextCode(secret) }, '198.51.100.7')
    blocked.assertStatus(429)
    assert.match(blocked.body().message, /^Too many login attempts/)
    // The right password from that address does not lift it either.
    ;(await passwordStep(client, admin, '198.51.100.7')).assertStatus(429)

    // Rotating addresses: the account's limit (10 failures already) lets 11 more through, then waits.
    const rotating: number[] = []
    for (let i = 1; i <= 12; i++) {
      const from = `203.0.113.${i}`
      const step = await codeStep(client, { challenge, code: wrong(nextCode(secret)) }, from)
      rotating.push(step.status())
    }
    assert.deepEqual(rotating, [...Array(11).fill(422), 429])
    const accountBlocked = await codeStep(client, { challenge, code: nextCode(secret) }, '203.0.113.99')
    accountBlocked.assertStatus(429)
    assert.match(accountBlocked.body().message, /^Too many failed login attempts on this account/)
  })
})

test.group('Identity | two-step sign-in required for super admins', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    env.set('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS', 'true')
    return () => env.set('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS', 'false')
  })

  test('a super admin without it is signed in only to set it up', async ({ client, assert }) => {
    const admin = await createUser({ role: 'admin', position: 'Admin' })
    const login = await passwordStep(client, admin)
    login.assertStatus(200)
    assert.isTrue(login.body().twoFactorSetupRequired)
    const token = login.body().token as string

    const users = await client.get('/api/users').bearerToken(token)
    users.assertStatus(403)
    assert.equal(users.body().message, TWO_FACTOR_SETUP_REQUIRED)
    ;(await client.get('/api/users/me').bearerToken(token)).assertStatus(200)
    ;(await client.get('/api/auth/session').bearerToken(token)).assertStatus(200)
    const status = await client.get('/api/auth/two-factor').bearerToken(token)
    assert.deepEqual(status.body(), { enabled: false, pending: false, recoveryCodesRemaining: 0, required: true })

    const secret = (await setup(client, token)).body().secret as string
    ;(await client.get('/api/users').bearerToken(token)).assertStatus(403)
    ;(
      await client
        .post('/api/auth/two-factor/confirm')
        .bearerToken(token)
        .json({ code: codeAt(secret, timeStep()) })
    ).assertStatus(200)
    ;(await client.get('/api/users').bearerToken(token)).assertStatus(200)
  })

  test('agent admins and users are not held by it; with the setting off neither are super admins', async ({
    client,
  }) => {
    const agency = await createAgency()
    const agent = await createUser({ role: 'agent_admin', agencyId: agency.id, agencyStatus: 'approved' })
    ;(await client.get('/api/auth/two-factor').bearerToken(await bearerFor(client, agent))).assertStatus(200)
    const user = await createUser()
    ;(await client.get('/api/users/me').bearerToken(await bearerFor(client, user))).assertStatus(200)

    env.set('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS', 'false')
    const admin = await createUser({ role: 'super_admin', position: 'Admin' })
    ;(await client.get('/api/users').bearerToken(await bearerFor(client, admin))).assertStatus(200)
  })
})
