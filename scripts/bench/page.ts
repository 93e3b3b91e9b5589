/**
 * `npm run bench -- page`: the hub page for an anonymous visitor, GET /aero-industrial-hub through
 * the one origin as `npm start` runs it (the gateway and its shared page cache, the backend
 * behind it), side by side with a bare node:http server sending the very bytes the origin sent,
 * 50 connections, BENCH_SECONDS (10) per side in BENCH_ROUNDS (2) alternating rounds.
 * Targets: origin / bare >= 0.8, p99 through the origin <= 50 ms.
 *
 * Each comparison twice: with nothing changing, and while a lot changes: a super admin changes
 * a hub lot's status through the API (PUT /api/lots/:id) every 250 ms for the whole comparison
 * (both sides), so the gateway drops its page cache on every `lot:status_changed` and renders
 * the page again. Each once without Accept-Encoding and once as a browser asks (br).
 *
 * MariaDB (MYSQL_*), its own database BENCH_PAGE_DB_NAME (aero_bench_page), recreated; the
 * backend on a free port (BENCH_PAGE_PORT to choose); needs the storefront build. Exits
 * non-zero only on a wrong answer (a failed write, a non-2xx page), never on a figure.
 */
import mysql from 'mysql2/promise'
import { signInDemo } from '../demo-sign-in.ts'
import { mysqlServer, startStack } from '../stack.ts'
import { rawGet, spawnBare } from './lib/bare.ts'
import { loadSideBySide, printP99, printRatio, printRow, type Figures } from './lib/load.ts'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const CHANGE_EVERY_MS = 250
const RATIO_TARGET = 0.8
const P99_BUDGET_MS = 50
const database = process.env.BENCH_PAGE_DB_NAME ?? 'aero_bench_page'
const backendPort = process.env.BENCH_PAGE_PORT ? Number(process.env.BENCH_PAGE_PORT) : undefined
const PAGE = '/aero-industrial-hub'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A super admin changing one hub lot's status back and forth through the API, one change every
 * `CHANGE_EVERY_MS`, until stopped: how many changes it made, and any that failed.
 */
function startLotWriter(backend: string, token: string, lotId: number) {
  let stopped = false
  const outcome = { changes: 0, failures: [] as string[] }
  const statuses = ['reserved', 'available']
  const running = (async () => {
    while (!stopped) {
      const started = Date.now()
      const response = await fetch(`${backend}/api/lots/${lotId}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ status: statuses[outcome.changes % 2] }),
      })
      const body = await response.text()
      if (response.status === 200) outcome.changes += 1
      else outcome.failures.push(`${response.status} ${body.slice(0, 200)}`)
      await sleep(Math.max(0, CHANGE_EVERY_MS - (Date.now() - started)))
    }
  })()
  return {
    stop: async () => {
      stopped = true
      await running
      return outcome
    },
  }
}

async function main() {
  let lotId = 0
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
    // An available lot the hub page lists (its shop lots are the MKS- units).
    prepare: async () => {
      const db = await mysql.createConnection({ ...mysqlServer, database })
      const [[lot]] = (await db.query(
        "select id from lots where kind = 'lot' and unit_number like 'MKS-%' and status = 'available' order by id limit 1"
      )) as unknown as [[{ id: number }]]
      await db.end()
      lotId = lot.id
    },
  })
  const origin = stack.baseURL.replace('//localhost:', '//127.0.0.1:')
  const { token } = await signInDemo(stack.backendURL, 'admin@aero-demo.my')
  let failed = false
  const table: string[] = []
  try {
    for (const [label, headers] of [
      ['no Accept-Encoding', {}],
      ['Accept-Encoding: br, gzip', { 'accept-encoding': 'gzip, deflate, br' }],
    ] as const) {
      const page = await rawGet(`${origin}${PAGE}`, headers)
      if (page.status !== 200) throw new Error(`GET ${PAGE} answered ${page.status}`)
      const bare = await spawnBare(['--bare-bytes', `${origin}${PAGE}`, JSON.stringify(headers)])
      const size = `${page.body.length} bytes${page.headers['content-encoding'] ? `, ${page.headers['content-encoding']}` : ''}`
      for (const changing of [false, true]) {
        const when = changing ? `while a lot changes every ${CHANGE_EVERY_MS} ms` : 'nothing changing'
        console.log(
          `\n== anonymous GET ${PAGE}, ${label} (${size}), ${when}: ${CONNECTIONS} connections, ${SECONDS} s each in ${ROUNDS} alternating rounds`
        )
        const writer = changing ? startLotWriter(stack.backendURL, token, lotId) : undefined
        let served: Figures
        let raw: Figures
        try {
          ;[served, raw] = await loadSideBySide([`${origin}${PAGE}`, bare.url], {
            headers,
            connections: CONNECTIONS,
            seconds: SECONDS,
            rounds: ROUNDS,
          })
        } finally {
          const outcome = await writer?.stop()
          if (outcome) {
            console.log(`lot ${lotId}: ${outcome.changes} status changes, ${outcome.failures.length} failed`)
            if (outcome.failures.length > 0 || outcome.changes === 0) {
              console.error(`failed writes: ${outcome.failures.slice(0, 3).join('; ')}`)
              failed = true
            }
          }
        }
        printRow('through the origin (gateway)', served)
        printRow('bare node:http, same bytes', raw)
        const ratio = served.rps / raw.rps
        printRatio('origin / bare', ratio, RATIO_TARGET)
        printP99('p99 through the origin', served.p99, P99_BUDGET_MS)
        if (served.errors > 0) failed = true
        table.push(
          `${label.padEnd(26)} ${when.padEnd(34)} ${served.rps.toFixed(0).padStart(7)} ${raw.rps.toFixed(0).padStart(7)} ` +
            `${ratio.toFixed(2).padStart(5)}${ratio < RATIO_TARGET ? '!' : ' '} ${String(served.p99).padStart(5)}${served.p99 > P99_BUDGET_MS ? '!' : ' '} ${served.errors}`
        )
      }
      bare.stop()
    }
  } finally {
    await stack.stop()
  }
  console.log(
    `\nGET ${PAGE}, anonymous (! marks a missed target: ratio >= ${RATIO_TARGET}, p99 <= ${P99_BUDGET_MS} ms)\n` +
      `${'request'.padEnd(26)} ${'load'.padEnd(34)} ${'origin'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)} ${'p99'.padStart(6)} errors\n` +
      table.join('\n')
  )
  console.log(failed ? '\nFAILED' : '\nOK')
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
