import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { rm } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient } from '@japa/api-client'
import { createUser, PASSWORD } from '#tests/helpers/identity'
import { outboxPath, recordedMails, type RecordedMail } from '#tests/helpers/mail'
import { PruneSignIns } from '#identity'
import { KNOWN_DEVICE_COOKIE } from '#identity/services/known_devices'
import {
  DEVICE_LINK_INVALID,
  DEVICE_LINK_SENT,
  DEVICE_LINK_SUBJECT,
  DEVICE_TRUSTED,
} from '#identity/actions/trust_device'

/**
 * The account's sign-in limit is no weapon: its owner asks for a link by email, and the
 * browser or API client that uses it passes the limit as a known device; it still signs in
 * with the password. Asking tells nobody whether an email has an account.
 */
const mailsTo = recordedMails

/** The link is emailed after the answer: waits for the `count`th link mailed to `address`. */
async function waitForMails(address: string, count = 1): Promise<RecordedMail[]> {
  const deadline = Date.now() + 5000
  for (;;) {
    const mails = (await mailsTo(address)).filter((mail) => mail.subject === DEVICE_LINK_SUBJECT)
    if (mails.length >= count || Date.now() > deadline) return mails
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The token of the last link emailed to `address`. */
async function emailedToken(address: string, count = 1): Promise<string> {
  const mails = await waitForMails(address, count)
  const link = mails.at(-1)?.text.match(/(\S+)\/login\/trust\?token=([A-Za-z0-9_-]+)/)
  if (!link) throw new Error(`no device link was emailed to ${address}`)
  return link[2]
}

function login(client: ApiClient, email: string, password: string, from: string, cookie?: string) {
  const request = client.post('/api/auth/login').header('x-forwarded-for', from)
  if (cookie) request.header('cookie', cookie)
  return request.json({ email, password })
}

function askForLink(client: ApiClient, email: string, from: string) {
  return client.post('/api/auth/trust-device').header('x-forwarded-for', from).json({ email })
}

function useLink(client: ApiClient, token: string, cookie?: string) {
  const request = client.post('/api/auth/trust-device/confirm').header('x-forwarded-for', '192.0.2.250')
  if (cookie) request.header('cookie', cookie)
  return request.json({ token })
}

/** 21 wrong passwords from 21 addresses: past the account's free failures. */
async function lockOut(client: ApiClient, email: string, net: number) {
  for (let i = 1; i <= 21; i++) {
    ;(await login(client, email, `guess-${i}`, `198.18.${net}.${i}`)).assertStatus(401)
  }
}

test.group('Identity | an emailed link makes a device known to the account', (group) => {
  group.each.setup(async () => {
    await rm(outboxPath(), { force: true })
    return testUtils.db().withGlobalTransaction()
  })

  test('after 21 failures from 21 addresses, an API client that used the link signs in; one without it still waits', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'locked-out@example.my', name: 'Siti Hajar' })
    await lockOut(client, user.email, 1)

    const refused = await login(client, user.email, PASSWORD, '203.0.113.201')
    refused.assertStatus(429)
    assert.equal(refused.body().reason, 'account_limit')
    assert.include(refused.body().message, 'ask for a sign-in link by email')

    const asked = await askForLink(client, user.email, '203.0.113.201')
    asked.assertStatus(202)
    assert.deepEqual(asked.body(), { message: DEVICE_LINK_SENT })

    const [mail] = await waitForMails(user.email)
    assert.equal(mail.subject, DEVICE_LINK_SUBJECT)
    assert.include(mail.text, 'Hello Siti Hajar,')
    assert.include(mail.text, `${env.get('APP_URL')}/login/trust?token=`)
    const token = await emailedToken(user.email)

    const trusted = await useLink(client, token)
    trusted.assertStatus(200)
    assert.equal(trusted.body().message, DEVICE_TRUSTED)
    const deviceCookie: string = trusted.body().deviceCookie
    assert.match(deviceCookie, new RegExp(`^${KNOWN_DEVICE_COOKIE}=.+`))
    // It signs nobody in: no token, no session.
    assert.notProperty(trusted.body(), 'token')
    const setCookies = ([] as string[]).concat(trusted.headers()['set-cookie'] ?? [])
    assert.isTrue(setCookies.some((line) => line.startsWith(`${deviceCookie};`)))
    assert.isFalse(setCookies.some((line) => line.startsWith('aero_session=')))

    // The password is still needed from the trusted client...
    ;(await login(client, user.email, 'still-wrong', '203.0.113.202', deviceCookie)).assertStatus(401)
    const signedIn = await login(client, user.email, PASSWORD, '203.0.113.202', deviceCookie)
    signedIn.assertStatus(200)
    assert.equal(signedIn.body().user.id, user.id)
    // ...and a client without the cookie still waits.
    const other = await login(client, user.email, PASSWORD, '203.0.113.203')
    other.assertStatus(429)
    assert.equal(other.body().reason, 'account_limit')
  })

  test("a browser's device cookie keeps the accounts it knew and adds this one", async ({ client }) => {
    const mine = await createUser({ email: 'shared-one@example.my' })
    const locked = await createUser({ email: 'shared-two@example.my' })
    const first = await login(client, mine.email, PASSWORD, '203.0.113.210')
    first.assertStatus(200)
    const browser = ([] as string[])
      .concat(first.headers()['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${KNOWN_DEVICE_COOKIE}=`))!
      .split(';')[0]
    await lockOut(client, locked.email, 2)
    ;(await askForLink(client, locked.email, '203.0.113.210')).assertStatus(202)
    const trusted = await useLink(client, await emailedToken(locked.email), browser)
    trusted.assertStatus(200)
    const cookie = trusted.body().deviceCookie

    await lockOut(client, mine.email, 3)
    ;(await login(client, locked.email, PASSWORD, '203.0.113.211', cookie)).assertStatus(200)
    ;(await login(client, mine.email, PASSWORD, '203.0.113.211', cookie)).assertStatus(200)
  })

  test('a link works once, and not after 30 minutes', async ({ client, assert }) => {
    const user = await createUser({ email: 'once@example.my' })
    ;(await askForLink(client, user.email, '203.0.113.220')).assertStatus(202)
    const token = await emailedToken(user.email)
    const row = await db
      .from('device_trust_links')
      .where('token_hash', createHash('sha256').update(token).digest('hex'))
      .firstOrFail()
    assert.equal(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(), 30 * 60 * 1000)
    assert.notInclude(JSON.stringify(row), token)

    ;(await useLink(client, token)).assertStatus(200)
    const again = await useLink(client, token)
    again.assertStatus(422)
    assert.deepEqual(again.body().errors, [{ field: 'token', message: DEVICE_LINK_INVALID }])

    const other = await createUser({ email: 'expired-link@example.my' })
    ;(await askForLink(client, other.email, '203.0.113.221')).assertStatus(202)
    const late = await emailedToken(other.email)
    await db
      .from('device_trust_links')
      .where('user_id', other.id)
      .update({ expires_at: new Date(Date.now() - 1000) })
    ;(await useLink(client, late)).assertStatus(422)
    ;(await useLink(client, 'not-a-token-anyone-was-sent')).assertStatus(422)
  })

  test('asking answers the same for an email without an account, and emails nobody', async ({ client, assert }) => {
    const user = await createUser({ email: 'has-account@example.my' })
    const known = await askForLink(client, user.email, '203.0.113.230')
    const unknown = await askForLink(client, 'no-account@example.my', '203.0.113.231')
    assert.equal(unknown.status(), known.status())
    assert.deepEqual(unknown.body(), known.body())
    assert.lengthOf(await waitForMails(user.email), 1)
    assert.lengthOf(await mailsTo('no-account@example.my'), 0)
    assert.equal(Number((await db.from('device_trust_links').count('* as total'))[0].total), 1)
  })

  test('one email per account per 5 minutes; 5 asks per address an hour', async ({ client, assert }) => {
    const user = await createUser({ email: 'flooded@example.my' })
    ;(await askForLink(client, user.email, '203.0.113.240')).assertStatus(202)
    const second = await askForLink(client, user.email, '203.0.113.241')
    second.assertStatus(202)
    assert.deepEqual(second.body(), { message: DEVICE_LINK_SENT })
    // The second ask scheduled no mail: once the first is there, there is nothing more to wait for.
    assert.lengthOf(await waitForMails(user.email), 1)

    for (let i = 1; i <= 4; i++) {
      ;(await askForLink(client, `someone-${i}@example.my`, '203.0.113.240')).assertStatus(202)
    }
    const refused = await askForLink(client, 'someone-5@example.my', '203.0.113.240')
    refused.assertStatus(429)
    assert.match(refused.body().message, /^Too many sign-in link requests from your connection\./)
    assert.isAbove(Number(refused.headers()['retry-after']), 3000)
    ;(await askForLink(client, 'someone-5@example.my', '203.0.113.242')).assertStatus(202)
  })

  test('expired links are pruned with the sign-ins', async ({ client, assert }) => {
    const user = await createUser({ email: 'pruned-link@example.my' })
    ;(await askForLink(client, user.email, '203.0.113.250')).assertStatus(202)
    await emailedToken(user.email)
    const live = await createUser({ email: 'live-link@example.my' })
    ;(await askForLink(client, live.email, '203.0.113.251')).assertStatus(202)
    await db
      .from('device_trust_links')
      .where('user_id', user.id)
      .update({ expires_at: new Date(Date.now() - 1000) })

    const report = await new PruneSignIns().handle()
    assert.equal(report.deviceLinks, 1)
    const left = await db.from('device_trust_links').select('user_id')
    assert.deepEqual(
      left.map((row) => row.user_id),
      [live.id]
    )
  })
})
