import { setTimeout as sleep } from 'node:timers/promises'
import { test } from '@japa/runner'
import { DRAINING_MESSAGE } from '#core/middleware/api_request_middleware'
import { startInstance } from '#tests/helpers/instances'
import { openStream } from '#tests/helpers/live'

/** A real process stopped with SIGTERM, as a deploy stops it behind nginx (core/drain.ts). */

const DRAIN_SECONDS = 3

async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url)
    return false
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED'
  }
}

test.group('A stop asked for with SIGTERM', () => {
  test('refuses reads, serves writes and the health checks, and closes its port before its streams end', async ({
    assert,
  }) => {
    const instance = await startInstance({ SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) })
    try {
      const stream = await openStream(instance.url)
      assert.isTrue(stream.response.ok)
      let streamEndedAt = 0
      void stream.ended.then(() => (streamEndedAt = Date.now()))

      const stoppedAt = Date.now()
      instance.terminate()
      for (let attempt = 0; ; attempt++) {
        const ready = await fetch(`${instance.url}/api/health/ready`)
        if (ready.status === 503 && ((await ready.json()) as { status: string }).status === 'draining') break
        if (attempt === 50) assert.fail('readiness never said draining')
        await sleep(20)
      }

      const read = await fetch(`${instance.url}/api/lots/public`)
      assert.equal(read.status, 502)
      assert.deepEqual(await read.json(), { message: DRAINING_MESSAGE })
      assert.equal(read.headers.get('retry-after'), '1')
      assert.equal(read.headers.get('connection'), 'close')
      const newStream = await fetch(`${instance.url}/__transmit/events?uid=${crypto.randomUUID()}`)
      assert.equal(newStream.status, 502)
      await newStream.body?.cancel()

      const write = await fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.my', password: 'not-the-password' }),
      })
      assert.equal(write.status, 401)
      assert.equal((await fetch(`${instance.url}/api/health/live`)).status, 200)

      // The port closes about a second in; the stream opened before goes on to the drain's end.
      let closedAt = 0
      while (!closedAt && Date.now() - stoppedAt < DRAIN_SECONDS * 1000) {
        if (await refused(`${instance.url}/api/health/live`)) closedAt = Date.now()
        else await sleep(50)
      }
      assert.isAbove(closedAt, 0, 'the port closed during the drain')
      assert.isBelow(closedAt - stoppedAt, 2_000)
      assert.equal(streamEndedAt, 0, 'the open stream outlived the port')

      await instance.exited
      assert.isAtLeast(streamEndedAt - stoppedAt, DRAIN_SECONDS * 1000 - 200)
    } finally {
      await instance.stop()
    }
  }).timeout(150_000)
})
