import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import { anonymiseAccount, User } from '#identity'
import { ACCESS_ENDED_CHANNEL } from '#core/live'
import { bearerFor, browserCookies, cookieHeader, PASSWORD, xsrfToken } from '#tests/helpers/identity'
import { bookingWorld } from '#tests/helpers/bookings'
import { openStream, type Stream } from '#tests/helpers/live'

/**
 * When someone loses access (a sign-out, removal from their agency, a role change, their
 * account deleted or anonymised), the streams they opened or asked a private channel on are
 * closed at once, on this instance and, through the live updates' bus, on every other one. The
 * browser's client reconnects under the same uid and asks again, as whoever is signed in then.
 */

type Asker = { bearer?: string; cookies?: Record<string, string> }

function subscribe(client: ApiClient, stream: Stream, channel: string, asker: Asker = {}) {
  const request = client.post('/__transmit/subscribe').json({ uid: stream.uid, channel })
  if (asker.bearer) request.bearerToken(asker.bearer)
  const cookies = [stream.ownerCookie]
  if (asker.cookies) {
    cookies.push(cookieHeader(asker.cookies))
    request.header('x-xsrf-token', xsrfToken(asker.cookies))
  }
  return request.header('cookie', cookies.join('; '))
}

/** Whether the server ended the stream within `ms`. */
async function endsWithin(stream: Stream, ms = 1000) {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  const ended = await Promise.race([stream.ended.then(() => true as const), late])
  clearTimeout(timer)
  return ended
}

test.group('Live | access ended', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let streams: Stream[]
  group.each.setup(() => {
    streams = []
    return async () => {
      await Promise.all(streams.map((stream) => stream.close()))
    }
  })
  const open = async () => {
    const stream = await openStream()
    streams.push(stream)
    return stream
  }

  test('a sign-out closes the streams that heard that person: nothing private is heard after it', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const login = await client.post('/api/auth/login').json({ email: world.memberA.email, password: PASSWORD })
    login.assertStatus(200)
    const cookies = browserCookies(login)
    const theirs = `users/${world.memberA.id}/notifications`

    // Opened before the sign-in, as a visitor's page does; the channel asked for signed in.
    const stream = await open()
    ;(await subscribe(client, stream, theirs, { cookies })).assertStatus(204)
    const someoneElse = await open()
    const otherBearer = await bearerFor(client, world.memberB)
    ;(
      await subscribe(client, someoneElse, `users/${world.memberB.id}/notifications`, { bearer: otherBearer })
    ).assertStatus(204)

    const logout = await client
      .post('/api/auth/logout')
      .header('cookie', cookieHeader(cookies))
      .header('x-xsrf-token', xsrfToken(cookies))
    assert.isBelow(logout.status(), 300)

    assert.isTrue(await endsWithin(stream), 'the signed-out stream is closed')
    assert.notInclude(transmit.getSubscribersFor(theirs), stream.uid)
    transmit.broadcast(theirs, { type: 'notification', id: 1 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    assert.deepEqual(stream.messages, [])

    // Someone else's stream goes on.
    assert.isFalse(await endsWithin(someoneElse, 100))
    assert.include(transmit.getSubscribersFor(`users/${world.memberB.id}/notifications`), someoneElse.uid)
  })

  test('an agent admin taken off their agency stops hearing its bookings, and cannot ask again', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const agencyChannel = `agencies/${world.agencyA.id}/bookings`
    const bearer = await bearerFor(client, world.agentA)
    const stream = await open()
    ;(await subscribe(client, stream, agencyChannel, { bearer })).assertStatus(204)

    const removal = await client
      .delete(`/api/agencies/${world.agencyA.id}/agent-admins/${world.agentA.id}`)
      .bearerToken(await bearerFor(client, world.superAdmin))
    removal.assertStatus(200)

    assert.isTrue(await endsWithin(stream), "the removed agent admin's stream is closed")
    assert.notInclude(transmit.getSubscribersFor(agencyChannel), stream.uid)
    // The reconnection asks again, and is refused.
    const again = await open()
    ;(await subscribe(client, again, agencyChannel, { bearer })).assertStatus(400)
  })

  test('a member removed from their agency by its agent admin: their streams are closed', async ({
    client,
    assert,
  }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.memberA)
    const stream = await open()
    ;(await subscribe(client, stream, `users/${world.memberA.id}/bookings`, { bearer })).assertStatus(204)

    const removal = await client
      .delete(`/api/agencies/${world.agencyA.id}/users/${world.memberA.id}`)
      .bearerToken(await bearerFor(client, world.agentA))
    removal.assertStatus(200)
    assert.isTrue(await endsWithin(stream))
  })

  test('a role change closes what the old role heard', async ({ client, assert }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.admin)
    const stream = await open()
    ;(await subscribe(client, stream, 'admin/bookings', { bearer })).assertStatus(204)

    const demoted = await client
      .put(`/api/users/${world.admin.id}`)
      .bearerToken(await bearerFor(client, world.superAdmin))
      .json({ name: world.admin.name, email: world.admin.email, role: 'user' })
    demoted.assertStatus(200)

    assert.isTrue(await endsWithin(stream), "the demoted admin's stream is closed")
    assert.notInclude(transmit.getSubscribersFor('admin/bookings'), stream.uid)
    const again = await open()
    ;(await subscribe(client, again, 'admin/bookings', { bearer })).assertStatus(400)
  })

  test('an edit that changes neither role nor agency closes nothing', async ({ client, assert }) => {
    const world = await bookingWorld()
    const bearer = await bearerFor(client, world.admin)
    const stream = await open()
    ;(await subscribe(client, stream, 'admin/bookings', { bearer })).assertStatus(204)
    ;(
      await client
        .put(`/api/users/${world.admin.id}`)
        .bearerToken(await bearerFor(client, world.superAdmin))
        .json({ name: 'A New Name', email: world.admin.email })
    ).assertStatus(200)
    assert.isFalse(await endsWithin(stream, 200))
  })

  test('a deleted account and an anonymised one: their streams are closed', async ({ client, assert }) => {
    const world = await bookingWorld()
    const deleted = await open()
    ;(
      await subscribe(client, deleted, `users/${world.memberB.id}/bookings`, {
        bearer: await bearerFor(client, world.memberB),
      })
    ).assertStatus(204)
    ;(
      await client.delete(`/api/users/${world.memberB.id}`).bearerToken(await bearerFor(client, world.superAdmin))
    ).assertStatus(200)
    assert.isTrue(await endsWithin(deleted), "the deleted account's stream is closed")

    const anonymised = await open()
    ;(
      await subscribe(client, anonymised, `users/${world.otherMemberA.id}/notifications`, {
        bearer: await bearerFor(client, world.otherMemberA),
      })
    ).assertStatus(204)
    await db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', world.otherMemberA.id).forUpdate().firstOrFail()
      await anonymiseAccount(trx, user)
    })
    assert.isTrue(await endsWithin(anonymised), "the anonymised account's stream is closed")
  })

  test('every other instance is told over the bus, and closes what it holds', async ({ client, assert }) => {
    const world = await bookingWorld()
    const told: unknown[] = []
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if (channel === ACCESS_ENDED_CHANNEL) told.push(payload)
    })
    try {
      const bearer = await bearerFor(client, world.memberA)
      ;(await client.post('/api/auth/logout').bearerToken(bearer)).assertStatus(200)
      assert.deepEqual(told, [{ userId: world.memberA.id }])
    } finally {
      stop()
    }

    // What another instance's announcement does here, as the Redis transport relays it.
    const stream = await open()
    ;(
      await subscribe(client, stream, `users/${world.memberB.id}/bookings`, {
        bearer: await bearerFor(client, world.memberB),
      })
    ).assertStatus(204)
    await emitter.emit('live:relayed', { channel: ACCESS_ENDED_CHANNEL, payload: { userId: world.memberA.id } })
    assert.isFalse(await endsWithin(stream, 100), "someone else's announcement closes nothing of memberB's")
    await emitter.emit('live:relayed', { channel: ACCESS_ENDED_CHANNEL, payload: { userId: world.memberB.id } })
    assert.isTrue(await endsWithin(stream))
  })

  test('nobody can subscribe to the channel the instances use', async ({ client }) => {
    const stream = await open()
    ;(await subscribe(client, stream, ACCESS_ENDED_CHANNEL)).assertStatus(400)
  })
})
