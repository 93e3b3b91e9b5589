/**
 * `npm run bench -- cluster`: the production topology on this machine (scripts/cluster.ts) with two
 * instances against one, in one run: two backends and two gateways behind nginx, and a second
 * nginx (the same configuration) in front of only the first backend and the first gateway.
 * Each comparison alternates the two sides BENCH_ROUNDS (2) times, as scripts/bench.ts does, so
 * that load from elsewhere falls on both alike:
 *   1. the hub API, GET /api/lots/public (50 connections);
 *   2. the anonymous hub page, GET /aero-industrial-hub (50 connections; the gateways' page cache);
 *   3. a 200-way race for one lot from 200 approved members, on each side: winners (must be 1),
 *      5xx (must be 0), p99.
 * Prints req/s, p99 and the two-against-one ratio; only the races' correctness decides the exit code. On a machine with fewer cores than processes
 * expect well short of 2x: the instances, nginx and the load generator share them.
 *
 * MYSQL_* as scripts/stack.ts reads them; database BENCH_CLUSTER_DB_NAME (aero_cluster_bench),
 * recreated on every run; Redis CLUSTER_REDIS_URL; BENCH_SECONDS (10) per side per comparison.
 * Needs the storefront build (`npm run build`) and nginx.
 */
import autocannon from 'autocannon'
import { DEMO_PASSWORD, insertLots, insertMembers, startCluster } from '../cluster.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CONTENDERS = 200
const database = process.env.BENCH_CLUSTER_DB_NAME ?? 'aero_cluster_bench'

type Figures = { rps: number; p99: number; errors: number; statuses: Record<string, number> }

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

/** Loads each URL in turn, ROUNDS times over: the mean of the rounds' req/s, the worst p99, every error. */
async function loadSideBySide(urls: string[]): Promise<Figures[]> {
  for (const url of urls) await autocannon({ url, connections: 10, duration: Math.min(2, DURATION) })
  const figures: Figures[] = urls.map(() => ({ rps: 0, p99: 0, errors: 0, statuses: {} }))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION / ROUNDS })
      figures[i].rps += result.requests.average / ROUNDS
      figures[i].p99 = Math.max(figures[i].p99, result.latency.p99)
      figures[i].errors += result.errors + result.non2xx
      for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
        if (!code.startsWith('2')) figures[i].statuses[code] = (figures[i].statuses[code] ?? 0) + count
      }
    }
  }
  return figures
}

function printRow(label: string, figures: Figures) {
  console.log(
    `${label.padEnd(28)} ${figures.rps.toFixed(0).padStart(7)} req/s  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors} ${JSON.stringify(figures.statuses)}`
  )
}

const addressOf = (index: number) => `10.19.${Math.floor(index / 250)}.${(index % 250) + 1}`

async function main() {
  let emails: string[] = []
  let lots: number[] = []
  const cluster = await startCluster({
    database,
    gateways: 2,
    single: true,
    prepare: async (db) => {
      emails = await insertMembers(db, CONTENDERS, 'bench-member')
      lots = await insertLots(db, 2, 'BENCH-RACE')
    },
  })
  const two = cluster.baseURL
  const one = cluster.singleURL!
  let failed = false
  try {
    console.log(`\nTwo instances (2 backends, 2 gateways) behind ${two}; one (backend-1, gateway-1) behind ${one}`)
    for (const [name, path] of [
      ['hub API', '/api/lots/public'],
      ['anonymous hub page', '/aero-industrial-hub'],
    ]) {
      console.log(
        `\n== ${name}: GET ${path}, ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating rounds`
      )
      const [single, pair] = await loadSideBySide([`${one}${path}`, `${two}${path}`])
      printRow('one instance', single)
      printRow('two instances', pair)
      console.log(`  ${'two / one'.padEnd(26)} ${(pair.rps / single.rps).toFixed(2)}`)
    }

    const tokens: string[] = []
    for (let batch = 0; batch < CONTENDERS; batch += 16) {
      const signedIn = await Promise.all(
        emails.slice(batch, batch + 16).map(async (email, i) => {
          const response = await fetch(`${two}/api/auth/login`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              'x-forwarded-for': addressOf(batch + i),
            },
            body: JSON.stringify({ email, password: DEMO_PASSWORD }),
          })
          if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`)
          return ((await response.json()) as { token: string }).token
        })
      )
      tokens.push(...signedIn)
    }
    for (const [side, base, lotId] of [
      ['one instance', one, lots[0]],
      ['two instances', two, lots[1]],
    ] as const) {
      const outcomes = await Promise.all(
        tokens.map(async (token, i) => {
          const started = performance.now()
          const response = await fetch(`${base}/api/bookings/request`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              authorization: `Bearer ${token}`,
              'x-forwarded-for': addressOf(i),
            },
            body: JSON.stringify({
              lotId,
              name: `Bench Member ${i}`,
              email: emails[i],
              phone: '0123456789',
              consent: true,
            }),
          })
          await response.arrayBuffer()
          return { status: response.status, ms: performance.now() - started }
        })
      )
      const winners = outcomes.filter((o) => o.status === 201).length
      const serverErrors = outcomes.filter((o) => o.status >= 500).length
      console.log(
        `\n== 200-way race for one lot, ${side}: winners ${winners} (must be 1), 409s ${outcomes.filter((o) => o.status === 409).length}, ` +
          `5xx ${serverErrors} (must be 0), p50 ${percentile(
            outcomes.map((o) => o.ms),
            50
          ).toFixed(0)} ms, p99 ${percentile(
            outcomes.map((o) => o.ms),
            99
          ).toFixed(0)} ms`
      )
      if (winners !== 1 || serverErrors !== 0) failed = true
    }
  } finally {
    await cluster.stop()
  }
  console.log(failed ? '\nFAILED' : '\nOK')
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
