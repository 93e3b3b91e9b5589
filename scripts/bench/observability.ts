/**
 * `npm run bench -- observability`: what the Prometheus metrics and OpenTelemetry tracing cost
 * (backend/start/metrics.ts and the API middleware: a latency histogram per request, a counter per
 * booking transition; backend/otel.ts: a trace per request with its queries). Three backends on the
 * demo data: as deployed without OTEL_* (metrics on, tracing off), with METRICS_ENABLED=false, and
 * with tracing on too, exporting OTLP/HTTP (protobuf, batched) to a receiver in this process that
 * counts what it is sent. Loaded side by side in alternating rounds, 50 connections: the hub API
 * (GET /api/lots/public) and a booking request (POST /api/bookings/request by a signed-in member for
 * a lot already taken: the whole path of sign-in, validation, the lot's row lock and the refusal,
 * answered 409). Printed: each side's req/s and p99, metrics/none and tracing/none (1.00 = free).
 *
 * MariaDB (MYSQL_*), databases aero_bench_metrics_on, _off and _traced (recreated). BENCH_SECONDS
 * (10) per side in BENCH_ROUNDS (2) rounds. Exits non-zero only on a wrong answer.
 */
import { once } from 'node:events'
import { createServer } from 'node:http'
import autocannon from 'autocannon'
import { signInDemo } from '../demo-sign-in.ts'
import { startStack, type Stack } from '../stack.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50

type Request = { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }
type Result = { rps: number; p99: number; unexpected: number }

async function prepare(stack: Stack) {
  const { token } = await signInDemo(stack.backendURL, 'member@aero-demo.my')
  const lots = (await (await fetch(`${stack.backendURL}/api/lots/public`)).json()) as Array<{
    id: number
    status: string
  }>
  const lot = lots.find((candidate) => candidate.status === 'available')
  if (!lot) throw new Error('No available lot in the demo data')
  const booking: Request = {
    url: `${stack.backendURL}/api/bookings/request`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      lotId: lot.id,
      name: 'Bench Member',
      email: 'member@aero-demo.my',
      phone: '0123456789',
      consent: true,
    }),
  }
  const first = await fetch(booking.url, { method: 'POST', headers: booking.headers, body: booking.body })
  if (first.status !== 201) throw new Error(`The first booking request answered ${first.status}: ${await first.text()}`)
  return {
    hub: { url: `${stack.backendURL}/api/lots/public` } satisfies Request,
    booking,
    expected: { hub: 200, booking: 409 },
  }
}

/** Each request in turn, ROUNDS times over; answers other than `expected` are counted. */
async function sideBySide(requests: Request[], expected: number): Promise<Result[]> {
  const results = requests.map(() => ({ rps: 0, p99: 0, unexpected: 0 }))
  for (const request of requests) await autocannon({ ...request, connections: 10, duration: 2 })
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, request] of requests.entries()) {
      const run = await autocannon({ ...request, connections: CONNECTIONS, duration: SECONDS / ROUNDS })
      results[i].rps += run.requests.average / ROUNDS
      results[i].p99 = Math.max(results[i].p99, run.latency.p99)
      const answered = Object.entries(run.statusCodeStats ?? {})
      results[i].unexpected +=
        run.errors + answered.filter(([code]) => Number(code) !== expected).reduce((n, [, { count }]) => n + count, 0)
    }
  }
  return results
}

// One member asks again and again: the per-minute booking limits are lifted on both sides alike.
const unlimited = { BOOKING_ATTEMPTS_PER_USER: '100000000', BOOKING_ATTEMPTS_PER_ADDRESS: '100000000' }
const on = await startStack({ database: { client: 'mysql', name: 'aero_bench_metrics_on' }, env: unlimited })
const off = await startStack({
  database: { client: 'mysql', name: 'aero_bench_metrics_off' },
  env: { ...unlimited, METRICS_ENABLED: 'false' },
})
// A collector stand-in: it takes every export (and counts the bytes) so the traced side pays the export.
let exported = { posts: 0, bytes: 0 }
const collector = createServer((request, response) => {
  exported.posts++
  request.on('data', (chunk: Buffer) => (exported.bytes += chunk.length))
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end())
})
collector.listen(0, '127.0.0.1')
await once(collector, 'listening')
const traced = await startStack({
  database: { client: 'mysql', name: 'aero_bench_metrics_traced' },
  env: {
    ...unlimited,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as { port: number }).port}`,
  },
})
let wrong = 0
try {
  const [withMetrics, without, withTracing] = [await prepare(on), await prepare(off), await prepare(traced)]
  const metricsAnswer = await fetch(`${on.backendURL}/metrics`)
  const offAnswer = await fetch(`${off.backendURL}/metrics`)
  if (metricsAnswer.status !== 200 || offAnswer.status !== 404) {
    throw new Error(`/metrics answered ${metricsAnswer.status} with metrics on and ${offAnswer.status} with them off`)
  }
  console.log(
    `\n== none, metrics, metrics and tracing: ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`
  )
  const column = (rps: number, p99: number) => `${rps.toFixed(0).padStart(7)} ${`${p99}`.padStart(5)}`
  console.log(
    `${'request (req/s, p99 ms)'.padEnd(34)} ${'none'.padStart(13)} ${'metrics'.padStart(13)} ${'+tracing'.padStart(13)}  metrics/none  tracing/none`
  )
  exported = { posts: 0, bytes: 0 }
  for (const name of ['hub', 'booking'] as const) {
    const [none, metrics, tracing] = await sideBySide(
      [without[name], withMetrics[name], withTracing[name]],
      withMetrics.expected[name]
    )
    wrong += none.unexpected + metrics.unexpected + tracing.unexpected
    const label = name === 'hub' ? 'GET /api/lots/public' : 'POST /api/bookings/request (409)'
    console.log(
      `${label.padEnd(34)} ${column(none.rps, none.p99)} ${column(metrics.rps, metrics.p99)} ${column(tracing.rps, tracing.p99)}  ${(metrics.rps / none.rps).toFixed(2).padStart(12)}  ${(tracing.rps / none.rps).toFixed(2).padStart(12)}`
    )
  }
  console.log(`The traced backend exported ${exported.posts} batches, ${(exported.bytes / 1e6).toFixed(1)} MB`)
  if (exported.posts === 0) throw new Error('The traced backend exported nothing: was tracing on?')
  if (wrong > 0) console.error(`${wrong} answers were not the expected status`)
} finally {
  await Promise.all([on.stop(), off.stop(), traced.stop()])
  collector.close()
}
process.exit(wrong > 0 ? 1 : 0)
