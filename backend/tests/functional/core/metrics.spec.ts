import { tracingChannel } from 'node:diagnostics_channel'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import env from '#start/env'
import { broadcastLotChange } from '#core/live'
import { metricsSettings } from '#core/metrics'
import { dropPublicLotReads } from '#inventory'
import { openStream } from '#tests/helpers/live'
import { queueJobsTable } from '#core/queue/failed_jobs'
import { METRICS_REFUSED } from '#start/metrics'
import { bearerFor } from '#tests/helpers/identity'
import { bookingWorld, createDevelopment, createLot } from '#tests/helpers/bookings'
import { requestBooking } from '#tests/helpers/booking_requests'

/** A visitor's address as nginx or the gateway (trusted, on loopback) relays it. */
const PUBLIC_VISITOR = '203.0.113.7'

/** One sample's value in the exposition text, 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

test.group('Core | /metrics: who may read them', (group) => {
  const settings = { ...metricsSettings }
  group.each.teardown(() => void Object.assign(metricsSettings, settings))

  test('the private network reads them, as Prometheus text', async ({ client, assert }) => {
    const response = await client.get('/metrics')
    response.assertStatus(200)
    assert.match(response.header('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
    for (const name of [
      'aero_http_request_duration_seconds',
      'aero_db_pool_connections',
      'aero_database_up',
      'aero_live_streams_open',
      'aero_booking_transitions_total',
      'process_resident_memory_bytes',
    ]) {
      assert.include(response.text(), `# TYPE ${name} `, name)
    }
    assert.equal(sample(response.text(), 'aero_database_up'), 1)
    assert.equal(sample(response.text(), 'aero_live_streams_open'), 0)
    assert.match(response.text(), /^aero_db_pool_connections\{connection="\w+",state="used"\} \d+$/m)
    assert.match(response.text(), /^aero_db_pool_connections\{connection="\w+",state="waiting"\} 0$/m)
  })

  test('a public visitor relayed by a trusted proxy is refused, and without the token', async ({ client, assert }) => {
    const relayed = await client.get('/metrics').header('X-Forwarded-For', PUBLIC_VISITOR)
    relayed.assertStatus(403)
    assert.deepEqual(relayed.body(), { message: METRICS_REFUSED })

    metricsSettings.token = 'scrape-token-0123456789'
    const wrong = await client
      .get('/metrics')
      .header('X-Forwarded-For', PUBLIC_VISITOR)
      .header('Authorization', 'Bearer not-the-token')
    wrong.assertStatus(403)
    const none = await client.get('/metrics').header('X-Forwarded-For', PUBLIC_VISITOR)
    none.assertStatus(403)
  })

  test('with METRICS_TOKEN as a Bearer, from anywhere', async ({ client, assert }) => {
    metricsSettings.token = 'scrape-token-0123456789'
    const response = await client
      .get('/metrics')
      .header('X-Forwarded-For', PUBLIC_VISITOR)
      .header('Authorization', 'Bearer scrape-token-0123456789')
    response.assertStatus(200)
    assert.include(response.text(), 'aero_http_request_duration_seconds')
  })

  test('an API path of the same name is no way in', async ({ client }) => {
    ;(await client.get('/api/metrics')).assertStatus(404)
  })
})

test.group('Core | /metrics: the numbers move', (group) => {
  const settings = { ...metricsSettings }
  group.each.teardown(() => void Object.assign(metricsSettings, settings))

  test('requests are counted by route pattern and status', async ({ client, assert }) => {
    const live = 'aero_http_request_duration_seconds_count{method="GET",route="/api/health/live",status="200"}'
    const missing = 'aero_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'
    const before = (await client.get('/metrics')).text()
    await client.get('/api/health/live')
    await client.get('/api/health/live')
    await client.get('/api/lots/no/such/path/at/all')
    const after = (await client.get('/metrics')).text()
    assert.equal(sample(after, live) - sample(before, live), 2)
    assert.equal(sample(after, missing) - sample(before, missing), 1)
    assert.notInclude(after, '/api/lots/no/such', 'a path is never a label')
  })

  test("the worker's runs are counted by outcome, whichever driver", async ({ client, assert }) => {
    const series = 'aero_queue_jobs_executed_total{queue="metrics-test",name="SendMail",status="failed"}'
    const before = sample((await client.get('/metrics')).text(), series)
    // As the queue library's worker reports a run whose last attempt failed.
    const run: Record<string, unknown> = { job: { name: 'SendMail' }, queue: 'metrics-test' }
    await tracingChannel('boringqueue.job.execute').tracePromise(async () => {
      run.status = 'failed'
    }, run)
    assert.equal(sample((await client.get('/metrics')).text(), series) - before, 1)
  })

  test('jobs waiting and failed in the database queue are counted', async ({ client, assert, cleanup }) => {
    metricsSettings.queueInDatabase = true
    const ids = ['h5-metrics-pending', 'h5-metrics-failed-1', 'h5-metrics-failed-2']
    cleanup(() => queueJobsTable().whereIn('id', ids).delete())
    await queueJobsTable().insert(
      ids.map((id) => ({
        id,
        queue: 'metrics-test',
        status: id.includes('failed') ? 'failed' : 'pending',
        data: JSON.stringify({ name: 'SendMail' }),
      }))
    )
    const text = (await client.get('/metrics')).text()
    assert.equal(sample(text, 'aero_queue_jobs{queue="metrics-test",status="pending"}'), 1)
    assert.equal(sample(text, 'aero_queue_jobs{queue="metrics-test",status="failed"}'), 2)
  })
})

test.group('Core | /metrics: live messages and the shared lot reads', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('each stream written a live message counts one, by channel kind', async ({ client, assert }) => {
    const series = 'aero_live_messages_sent_total{channel="lots"}'
    const stream = await openStream()
    try {
      const subscribed = await client
        .post('/__transmit/subscribe')
        .header('cookie', stream.ownerCookie)
        .json({ uid: stream.uid, channel: 'lots' })
      subscribed.assertStatus(204)
      const before = sample((await client.get('/metrics')).text(), series)
      const at = new Date().toISOString()
      const change = { lotId: 1, developmentId: 1, typeCode: 'A', lotNumber: 'PT 1', unitNumber: null }
      broadcastLotChange({ ...change, status: 'reserved', previous: 'available', cause: 'booking', at })
      await stream.waitFor(1)
      const after = (await client.get('/metrics')).text()
      // Every stream on `lots` counts, this one among them (another test's may still be closing).
      assert.isAtLeast(sample(after, series) - before, 1)
      assert.notMatch(after, /aero_live_messages_sent_total\{channel="[^"]*\d/, 'no person or agency is a label')
    } finally {
      await stream.close()
    }
  })

  test("the visitors' lot reads count a miss, then hits until a change drops them", async ({ client, assert }) => {
    const hit = 'aero_public_reads_total{read="hub",result="hit"}'
    const miss = 'aero_public_reads_total{read="hub",result="miss"}'
    env.set('PUBLIC_READS_TTL_MS', '60000')
    try {
      await dropPublicLotReads()
      const before = (await client.get('/metrics')).text()
      for (let read = 0; read < 3; read += 1) (await client.get('/api/lots/public')).assertStatus(200)
      await dropPublicLotReads()
      ;(await client.get('/api/lots/public')).assertStatus(200)
      const after = (await client.get('/metrics')).text()
      assert.equal(sample(after, miss) - sample(before, miss), 2)
      assert.equal(sample(after, hit) - sample(before, hit), 2)
    } finally {
      env.set('PUBLIC_READS_TTL_MS', '0')
    }
  })
})

test.group('Core | /metrics: bookings by transition', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('a booking request is counted by its transition', async ({ client, assert }) => {
    const world = await bookingWorld()
    const lot = await createLot(await createDevelopment())
    const before = (await client.get('/metrics')).text()
    ;(await requestBooking(client, await bearerFor(client, world.memberA), lot.id)).assertStatus(201)
    const after = (await client.get('/metrics')).text()
    const moved = after
      .split('\n')
      .filter((line) => line.startsWith('aero_booking_transitions_total{'))
      .map((line) => line.slice(0, line.lastIndexOf(' ')))
      .filter((series) => sample(after, series) > sample(before, series))
    assert.lengthOf(moved, 1, after)
    assert.match(moved[0], /from="none",to="/)
  })
})
