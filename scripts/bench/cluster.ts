/**
 * `npm run bench -- cluster`: the production topology on this machine (scripts/cluster.ts) with two
 * instances against one, in one run: two backends and two gateways behind nginx, and a second
 * nginx (the same configuration) in front of only the first backend and the first gateway.
 * Each comparison alternates the two sides BENCH_ROUNDS (2) times, as scripts/bench.ts does, so
 * that load from elsewhere falls on both alike:
 *   1. the hub API, GET /api/lots/public (50 connections);
 *   2. the anonymous hub page, GET /aero-industrial-hub (50 connections; the gateways' page cache);
 *   3. GET /api/users/me with a bearer token (50 connections) beside a bare node:http + mysql2
 *      server running the same queries on the same database (target >= 0.5x; through the
 *      gateway of `npm start`: `npm run bench -- api`);
 *   4. a 200-way race for one lot from 200 approved members, on each side: winners (must be 1),
 *      5xx (must be 0), p99.
 * Prints req/s, p99 and the two-against-one ratio; only the races' correctness decides the exit code. On a machine with fewer cores than processes
 * expect well short of 2x: the instances, nginx and the load generator share them.
 *
 * MYSQL_* as scripts/stack.ts reads them; database BENCH_CLUSTER_DB_NAME (aero_cluster_bench),
 * recreated on every run; Redis CLUSTER_REDIS_URL; BENCH_SECONDS (10) per side per comparison.
 * Needs the storefront build (`npm run build`) and nginx.
 */
import { DEMO_PASSWORD, insertLots, insertMembers, startCluster } from '../cluster.ts'
import { spawnBare } from './lib/bare.ts'
import { loadSideBySide as load, percentile, printRatio, printRow as print, type Figures } from './lib/load.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CONTENDERS = 200
/** /api/users/me through nginx against the bare server's req/s. */
const ME_TARGET = 0.5
const database = process.env.BENCH_CLUSTER_DB_NAME ?? 'aero_cluster_bench'

/** Loads the URLs side by side: DURATION seconds each over ROUNDS alternating rounds. */
const loadSideBySide = (urls: string[], headers: Record<string, string> = {}) =>
  load(urls, { headers, connections: CONNECTIONS, seconds: DURATION, rounds: ROUNDS })

const printRow = (label: string, figures: Figures) => print(label.padEnd(28), figures)

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

    // Who is signed in, with a bearer token, through nginx, beside the same queries on a bare
    // node:http + mysql2 server on the cluster's database (scripts/bench/lib/bare.ts).
    const reader = await fetch(`${two}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': '10.20.0.1' },
      body: JSON.stringify({ email: emails[0], password: DEMO_PASSWORD }),
    })
    if (reader.status !== 200) throw new Error(`sign-in of ${emails[0]} answered ${reader.status}`)
    const bearer = {
      authorization: `Bearer ${((await reader.json()) as { token: string }).token}`,
      accept: 'application/json',
    }
    const bare = await spawnBare(['--bare-api', database])
    try {
      console.log(
        `\n== /api/users/me (bearer): GET /api/users/me through nginx, ${CONNECTIONS} connections, ${DURATION} s each in ${ROUNDS} alternating rounds`
      )
      const [raw, single, pair] = await loadSideBySide(
        [`${bare.url}/me`, `${one}/api/users/me`, `${two}/api/users/me`],
        bearer
      )
      printRow('bare node:http + mysql2', raw)
      printRow('nginx, one instance', single)
      printRow('nginx, two instances', pair)
      printRatio('one instance / bare', single.rps / raw.rps, ME_TARGET)
      printRatio('two instances / bare', pair.rps / raw.rps, ME_TARGET)
    } finally {
      bare.stop()
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
