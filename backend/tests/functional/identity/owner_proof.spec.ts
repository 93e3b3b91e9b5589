import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { bearerFor, createUser, PASSWORD } from '#tests/helpers/identity'
import { recordedMails } from '#tests/helpers/mail'
import { codeAt, timeStep } from '#identity/services/totp'
import type User from '#identity/models/user'
import { CHALLENGE_EXPIRED } from '#identity/services/two_factor'
import { PASSWORD_REQUIRED, SECOND_FACTOR_REQUIRED } from '#identity/services/owner_proof'
import { ACCOUNT_CHANGE_SUBJECT } from '#identity/actions/notify_account_change'
import { OWN_TWO_FACTOR_RESET } from '#identity/actions/reset_two_factor'

/**
 * A stolen session is not the owner: every change to how an account signs in asks for the
 * password (and the second factor when it is on), failed proofs are limited per account across
 * every route that takes them, the owner is emailed each change, and a super admin can reset a
 * locked-out owner's two-step sign-in.
 */
const TOO_MANY = /^Too many failed attempts\. Please try again in \d+ minutes?\.$/

async function noticesTo(address: string) {
  return (await recordedMails(address)).filter((mail) => mail.subject === ACCOUNT_CHANGE_SUBJECT)
}

async function enrol(client: ApiClient, user: User) {
  const token = await bearerFor(client, user)
  const started = await client.post('/api/auth/two-factor/setup').bearerToken(token).json({ password: PASSWORD })
  started.assertStatus(200)
  const secret = started.body().secret as string
  const confirmed = await client
    .post('/api/auth/two-factor/confirm')
    .bearerToken(token)
    .json({ code: codeAt(secret, timeStep()) })
  confirmed.assertStatus(200)
  return { token, secret, recoveryCodes: confirmed.body().recoveryCodes as string[] }
}

test.group('Identity | proving the owner', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('setting up two-step sign-in needs the password', async ({ client, assert }) => {
    const agent = await createUser({ role: 'agent_admin' })
    const token = await bearerFor(client, agent)
    const without = await client.post('/api/auth/two-factor/setup').bearerToken(token).json({})
    without.assertStatus(422)
    assert.equal(without.body().errors[0].field, 'password')
    const wrong = await client.post('/api/auth/two-factor/setup').bearerToken(token).json({ password: 'not-it' })
    wrong.assertStatus(422)
    assert.lengthOf(await db.from('user_two_factors').where('user_id', agent.id), 0)
    ;(await client.post('/api/auth/two-factor/setup').bearerToken(token).json({ password: PASSWORD })).assertStatus(200)
  })

  test('wrong passwords and codes are limited per account across every route that takes them', async ({
    client,
    assert,
  }) => {
    const admin = await createUser({ role: 'super_admin' })
    const { token, secret } = await enrol(client, admin)
    const tries = [
      () =>
        client.post('/api/auth/change-password').bearerToken(token).json({
          currentPassword: 'guess-1',
          newPassword: 'Taken#999',
        }),
      () =>
        client.post('/api/auth/two-factor/disable').bearerToken(token).json({ password: 'guess-2', code: '000000' }),
      () =>
        client
          .post('/api/auth/two-factor/recovery-codes')
          .bearerToken(token)
          .json({ password: PASSWORD, code: '000000' }),
      () =>
        client
          .post('/api/auth/two-factor/disable')
          .bearerToken(token)
          .json({ password: PASSWORD, recoveryCode: 'aaaaa-bbbbb' }),
      () =>
        client.post('/api/auth/change-password').bearerToken(token).json({
          currentPassword: PASSWORD,
          newPassword: 'Taken#999',
          code: '000000',
        }),
    ]
    for (const attempt of tries) (await attempt()).assertStatus(422)

    // The sixth try is refused whatever it holds, even the right password and code.
    const refused = await client
      .post('/api/auth/two-factor/disable')
      .bearerToken(token)
      .json({ password: PASSWORD, code: codeAt(secret, timeStep() + 1) })
    refused.assertStatus(429)
    assert.match(refused.body().message, TOO_MANY)
    assert.isAbove(Number(refused.headers()['retry-after']), 0)
    const stillRefused = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: PASSWORD, newPassword: 'Taken#999', code: codeAt(secret, timeStep() + 1) })
    stillRefused.assertStatus(429)
    // Nothing changed.
    assert.lengthOf(await db.from('user_two_factors').where('user_id', admin.id).whereNotNull('enabled_at'), 1)
    ;(await client.post('/api/auth/login').json({ email: admin.email, password: PASSWORD })).assertStatus(200)
  })

  test('a password change asks for the second factor when it is on, and tells the owner', async ({
    client,
    assert,
  }) => {
    const agent = await createUser({ role: 'agent_admin', email: 'owner-proof-pw@example.my' })
    const { token, secret } = await enrol(client, agent)
    const withoutCode = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: PASSWORD, newPassword: 'Another#456' })
    withoutCode.assertStatus(422)
    assert.equal(withoutCode.body().errors[0].field, 'code')
    assert.equal(withoutCode.body().message, SECOND_FACTOR_REQUIRED)

    const changed = await client
      .post('/api/auth/change-password')
      .bearerToken(token)
      .json({ currentPassword: PASSWORD, newPassword: 'Another#456', code: codeAt(secret, timeStep() + 1) })
    changed.assertStatus(200)
    const notices = await noticesTo(agent.email)
    assert.isTrue(notices.some((mail) => mail.text.includes('Your password was changed')))
    assert.isTrue(notices.some((mail) => mail.text.includes('Two-step sign-in was turned on')))
  })

  test('turning it off and new recovery codes are emailed to the owner', async ({ client, assert }) => {
    const agent = await createUser({ role: 'agent_admin', email: 'owner-proof-off@example.my' })
    const { token, recoveryCodes } = await enrol(client, agent)
    ;(
      await client
        .post('/api/auth/two-factor/recovery-codes')
        .bearerToken(token)
        .json({ password: PASSWORD, recoveryCode: recoveryCodes[0] })
    ).assertStatus(200)
    const renewedAt = (await noticesTo(agent.email)).length
    assert.isTrue((await noticesTo(agent.email)).some((mail) => mail.text.includes('New recovery codes')))
    const missing = await client.post('/api/auth/two-factor/disable').bearerToken(token).json({ code: '123456' })
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].message, PASSWORD_REQUIRED)
    assert.lengthOf(await noticesTo(agent.email), renewedAt)
  })

  test('a two-step challenge completes one sign-in only', async ({ client, assert }) => {
    const admin = await createUser({ role: 'super_admin' })
    const { secret, recoveryCodes } = await enrol(client, admin)
    const first = await client.post('/api/auth/login').json({ email: admin.email, password: PASSWORD })
    const challenge = first.body().challenge as string
    const signedIn = await client
      .post('/api/auth/login/two-factor')
      .json({ challenge, code: codeAt(secret, timeStep() + 1) })
    signedIn.assertStatus(200)
    const again = await client.post('/api/auth/login/two-factor').json({ challenge, recoveryCode: recoveryCodes[0] })
    again.assertStatus(422)
    assert.equal(again.body().message, CHALLENGE_EXPIRED)
    // The recovery code was not spent by the refused attempt.
    assert.lengthOf(await db.from('user_recovery_codes').where('user_id', admin.id).whereNotNull('used_at'), 0)
  })
})

test.group('Identity | resetting another account’s two-step sign-in', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a super admin resets it for a locked-out owner: off, signed out, audit-trailed, emailed', async ({
    client,
    assert,
  }) => {
    const owner = await createUser({ role: 'agent_admin', email: 'locked-out@example.my' })
    const { token: ownerToken } = await enrol(client, owner)
    const admin = await createUser({ role: 'super_admin' })
    const adminToken = await bearerFor(client, admin)

    const shown = await client.get(`/api/users/${owner.id}`).bearerToken(adminToken)
    assert.isTrue(shown.body().twoFactorEnabled)

    const wrong = await client
      .post(`/api/users/${owner.id}/two-factor/reset`)
      .bearerToken(adminToken)
      .json({ password: 'not-it' })
    wrong.assertStatus(422)
    assert.lengthOf(await db.from('user_two_factors').where('user_id', owner.id), 1)

    const reset = await client
      .post(`/api/users/${owner.id}/two-factor/reset`)
      .bearerToken(adminToken)
      .json({ password: PASSWORD })
    reset.assertStatus(200)
    assert.lengthOf(await db.from('user_two_factors').where('user_id', owner.id), 0)
    ;(await client.get('/api/users/me').bearerToken(ownerToken)).assertStatus(401)
    const login = await client.post('/api/auth/login').json({ email: owner.email, password: PASSWORD })
    login.assertStatus(200)
    assert.property(login.body(), 'token')

    const entry = await db
      .from('audit_entries')
      .where('action', 'user.two_factor_reset')
      .where('subject_id', owner.id)
      .first()
    assert.equal(entry?.actor_id, admin.id)
    assert.isTrue((await noticesTo(owner.email)).some((mail) => mail.text.includes('A super admin reset')))

    const notOn = await client
      .post(`/api/users/${owner.id}/two-factor/reset`)
      .bearerToken(adminToken)
      .json({ password: PASSWORD })
    notOn.assertStatus(422)
  })

  test('only super admins, and not for their own account', async ({ client, assert }) => {
    const owner = await createUser({ role: 'agent_admin' })
    await enrol(client, owner)
    const agent = await createUser({ role: 'agent_admin' })
    const agentToken = await bearerFor(client, agent)
    const forbidden = await client
      .post(`/api/users/${owner.id}/two-factor/reset`)
      .bearerToken(agentToken)
      .json({ password: PASSWORD })
    forbidden.assertStatus(403)
    assert.lengthOf(await db.from('user_two_factors').where('user_id', owner.id), 1)
    ;(await client.post(`/api/users/${owner.id}/two-factor/reset`).json({ password: PASSWORD })).assertStatus(401)

    const admin = await createUser({ role: 'super_admin' })
    const { token } = await enrol(client, admin)
    const own = await client
      .post(`/api/users/${admin.id}/two-factor/reset`)
      .bearerToken(token)
      .json({ password: PASSWORD })
    own.assertStatus(422)
    assert.equal(own.body().message, OWN_TWO_FACTOR_RESET)
  })
})
