import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import transmit from '@adonisjs/transmit/services/main'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import type { ApiClient } from '@japa/api-client'
import type { User } from '#identity'
import { bearerFor, browserCookies, cookieHeader, PASSWORD, xsrfToken } from '#tests/helpers/identity'
import { bookingWorld } from '#tests/helpers/bookings'
import { openStream, type Stream } from '#tests/helpers/live'
import { LIVE_OWNER_COOKIE } from '#core/live_streams'
import { TWO_FACTOR_SETUP_REQUIRED } from '#identity/services/two_factor'

/**
 * Who may hear what (start/transmit.ts): `lots` is anyone's; a user's booking channel is
 * that user's only; an agency's is its agent admins'; `admin/bookings` is the super admins'.
 * A refusal is Transmit's 400, and the stream hears nothing of that channel.
 */

type Credentials = {
  bearer?: string
  cookies?: Record<string, string>
  csrf?: boolean
  /** The stream opener's cookie: the stream's own unless given (an empty string sends none). */
  ownerCookie?: string
}

function subscribe(
  client: ApiClient,
  stream: Stream,
  channel: string,
  credentials: Credentials = {},
  action: 'subscribe' | 'unsubscribe' = 'subscribe'
) {
  const request = client.post(`/__transmit/${action}`).json({ uid: stream.uid, channel })
  if (credentials.bearer) request.bearerToken(credentials.bearer)
  const cookies = [credentials.ownerCookie ?? stream.ownerCookie]
  if (credentials.cookies) {
    cookies.push(cookieHeader(credentials.cookies))
    if (credentials.csrf !== false) request.header('x-xsrf-token', xsrfToken(credentials.cookies))
  }
  const header = cookies.filter(Boolean).join('; ')
  if (header) request.header('cookie', header)
  return request
}

async function answers(client: ApiClient, stream: Stream, channels: string[], credentials: Credentials = {}) {
  const statuses: Record<string, number> = {}
  for (const channel of channels) statuses[channel] = (await subscribe(client, stream, channel, credentials)).status()
  return statuses
}

test.group('Live | channel authorization', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let stream: Stream
  group.each.setup(async () => {
    stream = await openStream()
    return () => stream.close()
  })

  test('the event stream is open to anyone, unbuffered', async ({ assert }) => {
    assert.equal(stream.response.status, 200)
    assert.equal(stream.response.headers.get('content-type'), 'text/event-stream')
    assert.equal(stream.response.headers.get('x-accel-buffering'), 'no')
    assert.include(stream.response.headers.get('cache-control') ?? '', 'no-transform')
  })

  test('an anonymous visitor may watch the lots, and nothing private', async ({ client, assert }) => {
    const world = await bookingWorld()
    const statuses = await answers(client, stream, [
      'lots',
      `users/${world.memberA.id}/bookings`,
      `agencies/${world.agencyA.id}/bookings`,
      'admin/bookings',
      'anything/else',
    ])
    assert.deepEqual(statuses, {
      lots: 204,
      [`users/${world.memberA.id}/bookings`]: 400,
      [`agencies/${world.agencyA.id}/bookings`]: 400,
      'admin/bookings': 400,
      'anything/else': 400,
    })
    assert.deepEqual(transmit.getSubscribersFor('lots'), [stream.uid])
  })

  test("a member hears their own bookings, never another user's nor an agency's", async ({ client, assert }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.memberA)
    const statuses = await answers(
      client,
      stream,
      [
        `users/${world.memberA.id}/bookings`,
        `users/${world.otherMemberA.id}/bookings`,
        `users/${world.agentA.id}/bookings`,
        `agencies/${world.agencyA.id}/bookings`,
        'admin/bookings',
        'lots',
      ],
      { bearer }
    )
    assert.deepEqual(statuses, {
      [`users/${world.memberA.id}/bookings`]: 204,
      [`users/${world.otherMemberA.id}/bookings`]: 400,
      [`users/${world.agentA.id}/bookings`]: 400,
      [`agencies/${world.agencyA.id}/bookings`]: 400,
      'admin/bookings': 400,
      lots: 204,
    })
  })

  test("an agent admin hears their own agency's bookings, not another agency's", async ({ client, assert }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.agentA)
    const statuses = await answers(
      client,
      stream,
      [
        `agencies/${world.agencyA.id}/bookings`,
        `agencies/${world.agencyB.id}/bookings`,
        `users/${world.memberA.id}/bookings`,
        'admin/bookings',
      ],
      { bearer }
    )
    assert.deepEqual(statuses, {
      [`agencies/${world.agencyA.id}/bookings`]: 204,
      [`agencies/${world.agencyB.id}/bookings`]: 400,
      [`users/${world.memberA.id}/bookings`]: 400,
      'admin/bookings': 400,
    })
  })

  test('super admins and admins hear every booking; no one else does', async ({ client, assert }) => {
    const world = await bookingWorld()
    for (const user of [world.superAdmin, world.admin] as User[]) {
      const bearer = await bearerFor(client, user)
      assert.deepEqual(
        await answers(client, stream, ['admin/bookings', `users/${world.memberA.id}/bookings`], { bearer }),
        { 'admin/bookings': 204, [`users/${world.memberA.id}/bookings`]: 400 },
        user.role
      )
    }
    for (const user of [world.memberA, world.agentA, world.plainUser] as User[]) {
      const bearer = await bearerFor(client, user)
      ;(await subscribe(client, stream, 'admin/bookings', { bearer })).assertStatus(400)
    }
  })

  test('a browser asks with its cookie session and the CSRF token; without the token it is refused', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const login = await client.post('/api/auth/login').json({ email: world.memberB.email, password: PASSWORD })
    login.assertStatus(200)
    const cookies = browserCookies(login)
    const own = `users/${world.memberB.id}/bookings`

    const forged = await subscribe(client, stream, own, { cookies, csrf: false })
    forged.assertStatus(403)
    assert.notInclude(transmit.getSubscribersFor(own), stream.uid)

    ;(await subscribe(client, stream, own, { cookies })).assertStatus(204)
    ;(await subscribe(client, stream, `users/${world.memberA.id}/bookings`, { cookies })).assertStatus(400)
    // The public channel needs neither the session nor the token.
    ;(await subscribe(client, stream, 'lots', { cookies, csrf: false })).assertStatus(204)
    assert.deepEqual(transmit.getSubscribersFor(own), [stream.uid])
  })

  test('a refused channel is never heard on that stream', async ({ client, assert }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.memberB)
    const theirs = `users/${world.memberA.id}/bookings`
    ;(await subscribe(client, stream, theirs, { bearer })).assertStatus(400)
    ;(await subscribe(client, stream, 'lots', { bearer })).assertStatus(204)

    transmit.broadcast(theirs, { type: 'booking', bookingId: 1 })
    transmit.broadcast('lots', { type: 'lot', lotId: 1 })

    const heard = await stream.waitFor(1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.deepEqual(heard, [{ channel: 'lots', payload: { type: 'lot', lotId: 1 } }])
  })
})

test.group('Live | bad subscribe requests', (group) => {
  let stream: Stream
  group.each.setup(async () => {
    stream = await openStream()
    return () => stream.close()
  })

  test('{name}: a 4xx JSON answer, and the stream hears nothing more')
    .with([
      { name: 'no body', body: undefined },
      { name: 'no channel', body: () => ({ uid: stream.uid }) },
      { name: 'no uid', body: () => ({ channel: 'lots' }) },
      { name: 'an unknown uid', body: () => ({ uid: 'not-a-stream', channel: 'lots' }) },
      { name: 'a channel that is not text', body: () => ({ uid: stream.uid, channel: { $ne: 1 } }) },
      { name: 'an oversized channel', body: () => ({ uid: stream.uid, channel: `lots/${'x'.repeat(5000)}` }) },
      { name: 'a private channel pattern with junk', body: () => ({ uid: stream.uid, channel: 'users/../bookings' }) },
    ])
    .run(async ({ client, assert }, row) => {
      const request = client.post('/__transmit/subscribe')
      if (row.body) request.json(row.body())
      const response = await request
      assert.isAtLeast(response.status(), 400, row.name)
      assert.isBelow(response.status(), 500, row.name)
      assert.include(response.header('content-type') ?? '', 'json', row.name)
      assert.isString(response.body().message, row.name)
      assert.deepEqual(transmit.getSubscribersFor('lots'), [], row.name)
    })
})

test.group('Live | two-step sign-in required for super admins', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    env.set('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS', 'true')
    return () => env.set('TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS', 'false')
  })

  let stream: Stream
  group.each.setup(async () => {
    stream = await openStream()
    return () => stream.close()
  })

  test('a super admin who has not set it up hears nothing private, as the API refuses them', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.superAdmin)
    for (const channel of ['admin/bookings', `users/${world.superAdmin.id}/notifications`]) {
      const refused = await subscribe(client, stream, channel, { bearer })
      refused.assertStatus(403)
      assert.equal(refused.body().message, TWO_FACTOR_SETUP_REQUIRED)
      assert.notInclude(transmit.getSubscribersFor(channel), stream.uid)
    }
    // The public channel asks nobody.
    ;(await subscribe(client, stream, 'lots', { bearer })).assertStatus(204)

    // Once set up, the same sign-in is heard.
    await db.table('user_two_factors').insert({
      user_id: world.superAdmin.id,
      secret: 'unused',
      enabled_at: new Date(),
      created_at: new Date(),
      updated_at: new Date(),
    })
    ;(await subscribe(client, stream, 'admin/bookings', { bearer })).assertStatus(204)
  })
})

test.group("Live | a stream is its opener's", (group) => {
  let stream: Stream
  group.each.setup(async () => {
    stream = await openStream()
    return () => stream.close()
  })

  test('the events response names the opener in a cookie kept to /__transmit', async ({ assert }) => {
    const line = stream.response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${LIVE_OWNER_COOKIE}=`))
    assert.isString(line)
    assert.match(line!, /; Path=\/__transmit/)
    assert.match(line!, /; HttpOnly/)
    assert.match(line!, /; SameSite=Strict/)
    assert.notMatch(line!, /Max-Age|Expires/)
  })

  test("subscribe and unsubscribe for its uid are refused without the opener's cookie", async ({ client, assert }) => {
    const other = await openStream()
    try {
      for (const ownerCookie of ['', other.ownerCookie, `${LIVE_OWNER_COOKIE}=forged`]) {
        const refused = await subscribe(client, stream, 'lots', { ownerCookie })
        refused.assertStatus(403)
        assert.equal(
          refused.body().message,
          'This stream was opened by someone else: only its opener may choose what it hears.'
        )
      }
      assert.deepEqual(transmit.getSubscribersFor('lots'), [])

      ;(await subscribe(client, stream, 'lots')).assertStatus(204)
      ;(await subscribe(client, stream, 'lots', { ownerCookie: other.ownerCookie }, 'unsubscribe')).assertStatus(403)
      assert.deepEqual(transmit.getSubscribersFor('lots'), [stream.uid])
      ;(await subscribe(client, stream, 'lots', {}, 'unsubscribe')).assertStatus(204)
      assert.deepEqual(transmit.getSubscribersFor('lots'), [])
    } finally {
      await other.close()
    }
  })

  test('nobody else opens a stream under its uid to take its next subscriptions', async ({ client, assert }) => {
    const thief = await openStream(undefined, { uid: stream.uid })
    try {
      assert.equal(thief.response.status, 409)
      assert.equal(thief.refusal?.message, 'This stream id is taken by another stream. Open yours under a new id.')
    } finally {
      await thief.close()
    }
    ;(await subscribe(client, stream, 'lots')).assertStatus(204)
    transmit.broadcast('lots', { type: 'lot', lotId: 7 })
    assert.deepEqual(await stream.waitFor(1), [{ channel: 'lots', payload: { type: 'lot', lotId: 7 } }])
  })

  test('its opener may open it again under the same uid (a reconnection): the new stream hears', async ({
    client,
    assert,
  }) => {
    const again = await openStream(undefined, { uid: stream.uid, headers: { cookie: stream.ownerCookie } })
    try {
      assert.equal(again.response.status, 200)
      await stream.ended
      ;(await subscribe(client, again, 'lots')).assertStatus(204)
      transmit.broadcast('lots', { type: 'lot', lotId: 8 })
      assert.deepEqual(await again.waitFor(1), [{ channel: 'lots', payload: { type: 'lot', lotId: 8 } }])
    } finally {
      await again.close()
    }
  })
})
