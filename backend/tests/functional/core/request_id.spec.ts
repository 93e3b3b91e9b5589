import { test } from '@japa/runner'
import { HealthChecks } from '@adonisjs/core/health'
import { Logger } from '@adonisjs/core/logger'
import { trustedProxies, DEFAULT_TRUSTED_PROXIES } from '#config/app'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** nginx's `$request_id`: 32 hex digits. */
const NGINX_ID = '0123456789abcdef0123456789abcdef'

test.group('Core | one request id from the proxy through the logs', (group) => {
  group.each.teardown(() => trustedProxies.use(DEFAULT_TRUSTED_PROXIES))

  test("a trusted proxy's id is kept and echoed", async ({ client, assert }) => {
    const response = await client.get('/api/health/live').header('X-Request-Id', NGINX_ID)
    response.assertStatus(200)
    assert.equal(response.header('x-request-id'), NGINX_ID)
  })

  test('without one, a fresh id is made and echoed', async ({ client, assert }) => {
    const response = await client.get('/api/health/live')
    assert.match(response.header('x-request-id') ?? '', UUID)
  })

  test('a malformed id is replaced by a fresh one', async ({ client, assert }) => {
    for (const malformed of ['has spaces in it', 'a"quote"and-more', 'x'.repeat(129), 'short', 'ab\tcdefgh']) {
      const response = await client.get('/api/health/live').header('X-Request-Id', malformed)
      response.assertStatus(200)
      assert.match(response.header('x-request-id') ?? '', UUID, JSON.stringify(malformed))
    }
  })

  test('an id from a peer that is not a trusted proxy is replaced', async ({ client, assert }) => {
    trustedProxies.use('none')
    const response = await client.get('/api/health/live').header('X-Request-Id', NGINX_ID)
    assert.match(response.header('x-request-id') ?? '', UUID)
  })

  test("a 500 names its request in the body, the header and the error's log line", async ({
    client,
    assert,
    cleanup,
  }) => {
    const run = HealthChecks.prototype.run
    HealthChecks.prototype.run = async () => {
      throw new Error('boom')
    }
    const lines: Array<{ level: string; bindings: Record<string, unknown>; message: unknown }> = []
    const log = Logger.prototype.log
    // Recorded instead of printed: what the line would carry, its own fields and its logger's.
    Logger.prototype.log = function (this: Logger, level: string, ...rest: unknown[]) {
      lines.push({ level, bindings: this.bindings(), message: rest[1] })
    }
    cleanup(() => {
      HealthChecks.prototype.run = run
      Logger.prototype.log = log
    })

    const response = await client.get('/api/health/ready').header('X-Request-Id', NGINX_ID)
    response.assertStatus(500)
    assert.deepEqual(response.body(), {
      message: 'Something went wrong on our side. Please try again later.',
      reference: NGINX_ID,
    })
    assert.equal(response.header('x-request-id'), NGINX_ID)
    const error = lines.find((line) => line.level === 'error' && line.message === 'boom')
    assert.exists(error, 'the error is logged')
    assert.equal(error!.bindings.request_id, NGINX_ID)

    const fresh = await client.get('/api/health/ready')
    assert.match(fresh.body().reference, UUID)
    assert.equal(fresh.body().reference, fresh.header('x-request-id'))
  })

  test('a refusal (4xx) carries no reference', async ({ client, assert }) => {
    const response = await client.get('/api/no/such/route')
    response.assertStatus(404)
    assert.notProperty(response.body(), 'reference')
  })
})
