import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { createServer, type Server } from 'node:http'
import { test } from '@japa/runner'
import { tracing, tracingWanted } from '#core/tracing'
import { startInstance, type Instance } from '#tests/helpers/instances'

/**
 * OpenTelemetry (otel.ts, config/otel.ts): a real backend process with the standard OTEL_* variables
 * pointed at an OTLP/HTTP receiver made here (a node:http server keeping what is POSTed), and the
 * check that without them no SDK starts.
 */

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number; arrayValue?: any } }
type Span = {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: Attribute[]
}

/** An OTLP/HTTP JSON receiver on a free local port: every span posted to /v1/traces. */
async function otlpReceiver() {
  const spans: Span[] = []
  const server: Server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: Span[] }> }>
        }
        for (const resource of payload.resourceSpans) {
          for (const scope of resource.scopeSpans) spans.push(...scope.spans)
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function attribute(span: Span, key: string) {
  const value = span.attributes.find((candidate) => candidate.key === key)?.value
  if (!value) return undefined
  if (value.arrayValue) return value.arrayValue.values?.map((item: { stringValue?: string }) => item.stringValue)
  return value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue))
}

async function waitFor<T>(find: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Not within ${timeoutMs} ms: ${what()}`)
}

test.group('Core | tracing: on only when OTEL_* ask for it', () => {
  test('the variables that turn it on, and those that keep it off', ({ assert }) => {
    assert.isFalse(tracingWanted({}))
    assert.isFalse(tracingWanted({ OTEL_SERVICE_NAME: 'aero' }))
    assert.isTrue(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }))
    assert.isTrue(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }))
    assert.isTrue(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' }))
    assert.isFalse(tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }))
    assert.isFalse(tracingWanted({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }))
  })

  test('without them, otel.ts starts no SDK and registers no tracer', async ({ assert }) => {
    assert.isFalse(tracingWanted(), 'this test run has no OTEL_* exporter settings')
    await import('../../../otel.js')
    assert.isFalse(tracing.started)
    // Where @opentelemetry/api keeps a registered tracer provider, once any SDK starts.
    assert.isUndefined((globalThis as Record<symbol, unknown>)[Symbol.for('opentelemetry.js.api.1')])
  })

  test('without them, the booted app has loaded none of the SDK (config/otel.ts included)', ({ assert }) => {
    assert.isFalse(tracingWanted())
    // The SDK's packages are CommonJS: once imported from anywhere, they sit in the require cache.
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) =>
      /@opentelemetry[\\/](sdk-|auto-instrumentations|instrumentation-|exporter-)/.test(file)
    )
    assert.deepEqual(loaded.slice(0, 3), [])
  })
})

test.group('Core | tracing: a request becomes a trace', (group) => {
  let receiver: Awaited<ReturnType<typeof otlpReceiver>>
  let instance: Instance
  group.setup(async () => {
    receiver = await otlpReceiver()
    instance = await startInstance(
      {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
        OTEL_SERVICE_NAME: 'aero-backend-test',
      },
      60_000
    )
    return async () => {
      await instance.stop()
      await receiver.close()
    }
  })

  test('the server span is named by the route, carries the request id, and holds the database query', async ({
    assert,
  }) => {
    const requestId = `trace-test-${randomBytes(8).toString('hex')}`
    const response = await fetch(`${instance.url}/api/lots/public`, { headers: { 'X-Request-Id': requestId } })
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('x-request-id'), requestId)

    const server = await waitFor(
      () => receiver.spans.find((span) => attribute(span, 'http.route') === '/api/lots/public'),
      15_000,
      () => `no span with the route among ${receiver.spans.map((span) => span.name).join(', ')}\n${instance.output()}`
    )
    assert.equal(server.name, 'GET /api/lots/public')
    assert.equal(server.kind, 2, 'a server span')
    assert.equal(attribute(server, 'http.response.status_code'), 200)
    assert.deepEqual(attribute(server, 'http.request.header.x-request-id'), [requestId])

    const query = await waitFor(
      () =>
        receiver.spans.find((span) => span.traceId === server.traceId && attribute(span, 'db.system') !== undefined),
      5_000,
      () => `no database span in the trace: ${receiver.spans.map((span) => span.name).join(', ')}`
    )
    assert.isString(query.parentSpanId)
  }).timeout(90_000)

  test('an id the backend made itself is on the span too', async ({ assert }) => {
    const response = await fetch(`${instance.url}/api/lots/public`)
    const made = response.headers.get('x-request-id')
    assert.isString(made)
    const span = await waitFor(
      () => receiver.spans.find((candidate) => attribute(candidate, 'http.request.header.x-request-id')?.[0] === made),
      15_000,
      () => `no span with the request id ${made}`
    )
    assert.equal(attribute(span, 'http.route'), '/api/lots/public')
  }).timeout(30_000)
})
