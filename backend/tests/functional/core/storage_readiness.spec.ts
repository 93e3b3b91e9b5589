import { createServer, type AddressInfo, type Socket } from 'node:net'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { S3BucketsCheck } from '#core/health'
import { useStorage } from '#tests/helpers/storage'

/** A port of this machine that nothing listens on. */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A port that takes connections and never answers, for as long as the test runs. */
async function silentPort() {
  const sockets: Socket[] = []
  const server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise((resolve) => server.close(resolve))
    },
  }
}

test.group('Health | readiness on S3 storage', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  const storage = useStorage(group, 's3')

  test('the storage check writes, reads back and removes a probe on both buckets', async ({ client, assert }) => {
    const response = await client.get('/api/health/ready')
    response.assertStatus(200)
    const check = response.body().checks.find((item: { name: string }) => item.name === 'Storage writable')
    assert.equal(check.status, 'ok')
    assert.deepEqual(await storage.keys('private', '.health'), [])
    assert.deepEqual(await storage.keys('public', '.health'), [])
  })

  test('the S3 check passes when both buckets answer a HeadBucket', async ({ assert }) => {
    const result = await new S3BucketsCheck(storage.s3!.settings).run()
    assert.equal(result.status, 'ok')
    assert.equal(result.message, 'Buckets reachable: aero-private, aero-public')
  })

  test('the S3 check fails naming the bucket: {title}')
    .with([
      {
        title: 'a bucket that does not exist',
        change: { publicBucket: 'aero-missing' },
        bucket: 'aero-missing',
        status: 404,
        error: 'NotFound',
      },
      {
        title: 'keys the server refuses',
        change: { secretAccessKey: 'not-the-secret' },
        bucket: 'aero-private',
        status: 403,
        // A HEAD answer has no body: the SDK names no error, the status says it.
        error: undefined,
      },
      {
        title: 'an endpoint that refuses connections',
        change: 'closed-port',
        bucket: 'aero-private',
        status: null,
        error: 'ECONNREFUSED',
      },
    ] as const)
    .run(async ({ assert }, row) => {
      const settings = { ...storage.s3!.settings }
      if (row.change === 'closed-port') settings.endpoint = `http://127.0.0.1:${await closedPort()}`
      else Object.assign(settings, row.change)
      const started = Date.now()
      const result = await new S3BucketsCheck(settings).run()
      assert.equal(result.status, 'error')
      assert.equal(result.message, `The bucket "${row.bucket}" did not answer`)
      assert.containSubset(result.meta, { bucket: row.bucket, status: row.status })
      if (row.error) assert.equal(result.meta?.error, row.error)
      assert.isBelow(Date.now() - started, 4_000)
    })

  test('the S3 check gives up on an endpoint that never answers after 3 s', async ({ assert }) => {
    const silent = await silentPort()
    try {
      const started = Date.now()
      const result = await new S3BucketsCheck({
        ...storage.s3!.settings,
        endpoint: `http://127.0.0.1:${silent.port}`,
      }).run()
      assert.equal(result.status, 'error')
      assert.equal(result.meta?.error, 'AbortError')
      assert.isAtLeast(Date.now() - started, 2_900)
      assert.isBelow(Date.now() - started, 5_000)
    } finally {
      await silent.close()
    }
  }).timeout(10_000)
})
