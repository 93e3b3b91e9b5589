import { test } from '@japa/runner'
import { rm } from 'node:fs/promises'
import testUtils from '@adonisjs/core/services/test_utils'
import type { ApiClient, ApiResponse } from '@japa/api-client'
import { createUser, PASSWORD } from '#tests/helpers/identity'
import { outboxPath, recordedMails } from '#tests/helpers/mail'
import { accountDelaySeconds } from '#identity/services/sign_in_throttle'
import { KNOWN_DEVICE_COOKIE } from '#identity/services/known_devices'
import { TARGETED_ACCOUNT_SUBJECT } from '#identity/actions/warn_targeted_account'

/**
 * Guessing one account's password from many addresses: the per-address limit never sees more
 * than one try each, so the account has its own limit, which a browser that signed in to the
 * account before passes, and the owner is told once.
 */
const ACCOUNT_LIMITED =
  /^Too many failed login attempts on this account\. Please try again in \d+ minutes?, or sign in from a browser you have signed in with before\. You can also ask for a sign-in link by email to trust this browser\.$/
/** 20 free failures; the 21st goes through and sets the first wait. */
const LET_THROUGH = 21

const mailsTo = recordedMails

function login(
  client: ApiClient,
  email: string,
  password: string,
  { from, cookie, bearer }: { from: string; cookie?: string; bearer?: boolean }
) {
  const request = client.post('/api/auth/login').header('x-forwarded-for', from)
  if (cookie) request.header('cookie', cookie)
  if (bearer) request.header('authorization', 'Bearer oat_not-a-token')
  return request.json({ email, password })
}

/** One wrong password from each of `count` addresses (198.51.100.x, a different block per `net`). */
async function guessFromManyAddresses(client: ApiClient, email: string, count: number, net = 0) {
  const answers: ApiResponse[] = []
  for (let i = 1; i <= count; i++) {
    answers.push(await login(client, email, `guess-${i}`, { from: `198.51.${100 + net}.${i}`, bearer: i % 2 === 0 }))
  }
  return answers
}

/** Signs in and answers the `aero_device=...` pair the sign-in set, as a Cookie header. */
async function signInForDevice(client: ApiClient, email: string, from: string): Promise<string> {
  const response = await login(client, email, PASSWORD, { from })
  response.assertStatus(200)
  return knownDeviceCookie(response)
}

/** The cookie with one character of its signed content changed. */
function tampered(cookie: string): string {
  const at = Math.floor(cookie.lastIndexOf('.') / 2) + 8
  return `${cookie.slice(0, at)}${cookie[at] === 'x' ? 'y' : 'x'}${cookie.slice(at + 1)}`
}

function knownDeviceCookie(response: ApiResponse): string {
  const line = ([] as string[])
    .concat((response.headers()['set-cookie'] as string[] | string | undefined) ?? [])
    .find((cookie) => cookie.startsWith(`${KNOWN_DEVICE_COOKIE}=`))
  if (!line) throw new Error('the sign-in set no known-device cookie')
  return line.split(';')[0]
}

test.group('Identity | per-account sign-in limit', (group) => {
  group.each.setup(async () => {
    await rm(outboxPath(), { force: true })
    return testUtils.db().withGlobalTransaction()
  })

  test('40 wrong passwords from 40 addresses (cookie and bearer logins alike) hit the limit', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'rotating@example.my' })
    const answers = await guessFromManyAddresses(client, user.email, 40)

    assert.deepEqual(
      answers.map((answer) => answer.status()),
      [...Array(LET_THROUGH).fill(401), ...Array(40 - LET_THROUGH).fill(429)]
    )
    const blocked = answers[LET_THROUGH]
    assert.match(blocked.body().message, ACCOUNT_LIMITED)
    // Clients tell the account's limit from the address's by it, to offer the emailed link.
    assert.equal(blocked.body().reason, 'account_limit')
    const retryAfter = Number(blocked.headers()['retry-after'])
    assert.isAbove(retryAfter, 0)
    assert.isAtMost(retryAfter, accountDelaySeconds(LET_THROUGH))

    // The right password from yet another new browser and address waits too.
    const owner = await login(client, user.email, PASSWORD, { from: '203.0.113.50' })
    owner.assertStatus(429)
    assert.match(owner.body().message, ACCOUNT_LIMITED)
  })

  test('a browser that signed in before still signs in, from any address; its own wrong guesses are its own', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'owner@example.my' })
    const first = await login(client, user.email, PASSWORD, { from: '192.0.2.10' })
    first.assertStatus(200)
    const device = knownDeviceCookie(first)

    await guessFromManyAddresses(client, user.email, 40)
    ;(await login(client, user.email, PASSWORD, { from: '192.0.2.99' })).assertStatus(429)

    const typo = await login(client, user.email, 'typo', { from: '192.0.2.11', cookie: device })
    typo.assertStatus(401)
    const again = await login(client, user.email, PASSWORD, { from: '192.0.2.11', cookie: device })
    again.assertStatus(200)
    assert.equal(again.body().user.id, user.id)

    // The account stays limited for everyone else: the owner's sign-in does not lift it.
    ;(await login(client, user.email, PASSWORD, { from: '192.0.2.12' })).assertStatus(429)
  })

  test("a device cookie vouches only for the accounts it signed in to, and only when it is the server's", async ({
    client,
  }) => {
    const attacker = await createUser({ email: 'attacker@example.my' })
    const victim = await createUser({ email: 'victim@example.my' })
    const attackersDevice = await signInForDevice(client, attacker.email, '192.0.2.20')
    const victimsDevice = await signInForDevice(client, victim.email, '192.0.2.21')
    await guessFromManyAddresses(client, victim.email, LET_THROUGH)

    ;(await login(client, victim.email, PASSWORD, { from: '192.0.2.22', cookie: attackersDevice })).assertStatus(429)
    ;(
      await login(client, victim.email, PASSWORD, { from: '192.0.2.23', cookie: tampered(victimsDevice) })
    ).assertStatus(429)
    ;(await login(client, victim.email, PASSWORD, { from: '192.0.2.24', cookie: victimsDevice })).assertStatus(200)
  })

  test('a known device has a limit of its own: ten wrong passwords, then the account limit applies to it', async ({
    client,
  }) => {
    const user = await createUser({ email: 'stolen-cookie@example.my' })
    const device = await signInForDevice(client, user.email, '192.0.2.30')
    await guessFromManyAddresses(client, user.email, LET_THROUGH)
    for (let i = 1; i <= 10; i++) {
      ;(await login(client, user.email, `guess-${i}`, { from: `192.0.2.${100 + i}`, cookie: device })).assertStatus(401)
    }
    ;(await login(client, user.email, PASSWORD, { from: '192.0.2.200', cookie: device })).assertStatus(429)
  })

  test('the owner is emailed once: how many failures, from how many addresses, since when; no password', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'told@example.my', name: 'Nur Aisyah' })
    await guessFromManyAddresses(client, user.email, 20)
    assert.lengthOf(await mailsTo(user.email), 0, 'the free failures are not an episode yet')

    await guessFromManyAddresses(client, user.email, 40, 1)
    const mails = await mailsTo(user.email)
    assert.lengthOf(mails, 1)
    assert.equal(mails[0].subject, TARGETED_ACCOUNT_SUBJECT)
    assert.include(mails[0].text, 'Hello Nur Aisyah,')
    assert.include(
      mails[0].text,
      `with a wrong password ${LET_THROUGH} times, from ${LET_THROUGH} different network addresses`
    )
    assert.match(mails[0].text, /between \d{4}-\d\d-\d\d \d\d:\d\d UTC and \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
    assert.notInclude(mails[0].text, 'guess-')
    assert.include(mails[0].text, 'choose "Email me a sign-in link" on the login page')
  })

  test('a burst from many addresses at once gets no more guesses than one after another', async ({
    client,
    assert,
  }) => {
    const user = await createUser({ email: 'burst@example.my' })
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(client, user.email, `burst-${i}`, { from: `203.0.113.${i + 1}` }))
    )
    const statuses = answers.map((answer) => answer.status())
    assert.equal(statuses.filter((status) => status === 401).length, LET_THROUGH)
    assert.equal(statuses.filter((status) => status === 429).length, 40 - LET_THROUGH)
    assert.lengthOf(await mailsTo(user.email), 1)
  })

  test('other accounts and the per-address limit are unaffected', async ({ client, assert }) => {
    const target = await createUser({ email: 'target@example.my' })
    const bystander = await createUser({ email: 'bystander@example.my' })
    await guessFromManyAddresses(client, target.email, 40)
    ;(await login(client, bystander.email, PASSWORD, { from: '198.51.100.1' })).assertStatus(200)

    for (let i = 1; i <= 10; i++) {
      ;(await login(client, bystander.email, `guess-${i}`, { from: '198.51.100.77' })).assertStatus(401)
    }
    const perAddress = await login(client, bystander.email, PASSWORD, { from: '198.51.100.77' })
    perAddress.assertStatus(429)
    assert.match(perAddress.body().message, /^Too many login attempts\. Please try again in \d+ minutes?\.$/)
    assert.notProperty(perAddress.body(), 'reason')
    ;(await login(client, bystander.email, PASSWORD, { from: '198.51.100.78' })).assertStatus(200)
  })

  test('past the free failures each further attempt waits longer, never more than 15 minutes', ({ assert }) => {
    assert.deepEqual([21, 22, 23, 24, 25, 26, 27, 100].map(accountDelaySeconds), [30, 60, 120, 240, 480, 900, 900, 900])
  })
})
