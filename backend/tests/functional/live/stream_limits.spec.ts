import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { liveStreamLimits } from '#config/transmit'
import { bearerFor, browserCookies, cookieHeader, createUser, PASSWORD } from '#tests/helpers/identity'
import { openStream, serverUrl, type Stream } from '#tests/helpers/live'

/**
 * How many event streams are held open (config/transmit.ts `liveStreamLimits`): per client
 * address, per signed-in opener, and in all. A stream beyond a cap is refused with a JSON
 * answer before it opens; a closed stream frees its place at once. Pages and the API are
 * served whatever the streams.
 */

const from = (address: string, headers: Record<string, string> = {}) => ({
  headers: { 'x-forwarded-for': address, ...headers },
})

/** Opens a stream until it is let in (the server notices a closed stream's end a moment after the client). */
async function openOnceFreed(options: ReturnType<typeof from>, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const stream = await openStream(serverUrl(), options)
    if (stream.response.status === 200 || Date.now() > deadline) return stream
    await stream.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

test.group('Live | open streams are capped', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  let streams: Stream[]
  group.each.setup(() => {
    streams = []
    return async () => {
      await Promise.all(streams.map((stream) => stream.close()))
    }
  })
  const open = async (options: ReturnType<typeof from>) => {
    const stream = await openStream(serverUrl(), options)
    streams.push(stream)
    return stream
  }

  test('one address holds at most its share; other addresses are not held back', async ({ assert }) => {
    const address = '198.51.100.20'
    for (let i = 0; i < liveStreamLimits.perAddress; i++) {
      assert.equal((await open(from(address))).response.status, 200, `stream ${i + 1}`)
    }
    const refused = await open(from(address))
    assert.equal(refused.response.status, 429)
    assert.include(refused.response.headers.get('content-type') ?? '', 'json')
    assert.equal(
      refused.refusal?.message,
      `Too many live-update streams are open from your address (${liveStreamLimits.perAddress} at most). Close some pages, then try again.`
    )
    assert.equal(refused.response.headers.get('retry-after'), '30')
    assert.equal((await open(from('198.51.100.21'))).response.status, 200)

    // A closed stream gives its place back.
    await streams[0].close()
    const freed = await openOnceFreed(from(address))
    streams.push(freed)
    assert.equal(freed.response.status, 200)
  })

  test('a signed-in person holds at most their share, from any address', async ({ client, assert }) => {
    const member = await createUser()
    const bearer = await bearerFor(client, member)
    const signed = (i: number) => from(`203.0.113.${i + 1}`, { authorization: `Bearer ${bearer}` })
    for (let i = 0; i < liveStreamLimits.perUser; i++) {
      assert.equal((await open(signed(i))).response.status, 200, `stream ${i + 1}`)
    }
    const refused = await open(signed(50))
    assert.equal(refused.response.status, 429)
    assert.equal(
      refused.refusal?.message,
      `Too many live-update streams are open for your account (${liveStreamLimits.perUser} at most). Close some pages, then try again.`
    )
    // Someone else, and a visitor at the same address, still open theirs.
    const other = await bearerFor(client, await createUser())
    assert.equal((await open(from('203.0.113.51', { authorization: `Bearer ${other}` }))).response.status, 200)
    assert.equal((await open(from('203.0.113.51'))).response.status, 200)
  })

  test('a browser signed in with its cookie session counts as that person too', async ({ client, assert }) => {
    const member = await createUser()
    const login = await client.post('/api/auth/login').json({ email: member.email, password: PASSWORD })
    login.assertStatus(200)
    const cookie = cookieHeader(browserCookies(login))
    for (let i = 0; i < liveStreamLimits.perUser; i++) {
      const stream = await open(from(`203.0.113.${i + 101}`, { cookie }))
      assert.equal(stream.response.status, 200, `stream ${i + 1}`)
      assert.include(stream.response.headers.get('content-type') ?? '', 'text/event-stream')
    }
    const refused = await open(from('203.0.113.200', { cookie }))
    assert.equal(refused.response.status, 429)
    // The session is still good for the API.
    ;(await client.get('/api/users/me').header('cookie', cookie)).assertStatus(200)
  })

  test('beyond the process-wide cap a stream is refused with 503, and the API still answers', async ({
    client,
    assert,
  }) => {
    const total = liveStreamLimits.total
    liveStreamLimits.total = 3
    try {
      for (let i = 0; i < 3; i++) assert.equal((await open(from(`192.0.2.${i + 1}`))).response.status, 200)
      const refused = await open(from('192.0.2.9'))
      assert.equal(refused.response.status, 503)
      assert.equal(refused.refusal?.message, 'Live updates are at capacity right now. Please try again shortly.')
      assert.equal(refused.response.headers.get('retry-after'), '30')
      ;(await client.get('/api/lots/public')).assertStatus(200)

      await streams[1].close()
      const freed = await openOnceFreed(from('192.0.2.9'))
      streams.push(freed)
      assert.equal(freed.response.status, 200)
    } finally {
      liveStreamLimits.total = total
    }
  })
})
