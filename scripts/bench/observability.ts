/**
 * `npm run bench -- observability`: what the Prometheus metrics cost (backend/start/metrics.ts:
 * a latency histogram per request, a counter per booking transition). Two backends on the demo
 * data, one as deployed (metrics on) and one with METRICS_ENABLED=false, loaded side by side in
 * alternating rounds, 50 connections: the hub API (GET /api/lots/public) and a booking request
 * (POST /api/bookings/request by a signed-in member for a lot already taken: the whole path of
 * sign-in, validation, the lot's row lock and the refusal, answered 409). Printed: each side's
 * req/s and p99, and on/off (1.00 = free). OpenTelemetry tracing is not part of the product.
 *
 * MariaDB (MYSQL_*), databases aero_bench_metrics_on and _off (recreated). BENCH_SECONDS (10) per
 * side in BENCH_ROUNDS (2) rounds. Exits non-zero only on a wrong answer.
 */
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
let wrong = 0
try {
  const [withMetrics, without] = [await prepare(on), await prepare(off)]
  const metricsAnswer = await fetch(`${on.backendURL}/metrics`)
  const offAnswer = await fetch(`${off.backendURL}/metrics`)
  if (metricsAnswer.status !== 200 || offAnswer.status !== 404) {
    throw new Error(`/metrics answered ${metricsAnswer.status} with metrics on and ${offAnswer.status} with them off`)
  }
  console.log(`\n== metrics on and off, ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`)
  console.log(
    `${'request'.padEnd(34)} ${'on req/s'.padStart(9)} ${'p99'.padStart(6)} ${'off req/s'.padStart(10)} ${'p99'.padStart(6)}  on/off`
  )
  for (const name of ['hub', 'booking'] as const) {
    const [a, b] = await sideBySide([withMetrics[name], without[name]], withMetrics.expected[name])
    wrong += a.unexpected + b.unexpected
    const label = name === 'hub' ? 'GET /api/lots/public' : 'POST /api/bookings/request (409)'
    console.log(
      `${label.padEnd(34)} ${a.rps.toFixed(0).padStart(9)} ${`${a.p99}`.padStart(6)} ${b.rps.toFixed(0).padStart(10)} ${`${b.p99}`.padStart(6)}  ${(a.rps / b.rps).toFixed(2)}`
    )
  }
  if (wrong > 0) console.error(`${wrong} answers were not the expected status`)
} finally {
  await Promise.all([on.stop(), off.stop()])
}
process.exit(wrong > 0 ? 1 : 0)
