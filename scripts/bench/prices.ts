/**
 * `npm run bench -- prices`: the hub API (`GET /api/lots/public`) of a development of 1,000 lots
 * with price lists, beside the same hub API of the same lots without any (the bare baseline), in one
 * run, on MariaDB, the production way, with the current cache design (the shared public reads of
 * backend/config/cache.ts, kept about two seconds). Printed for each: req/s and p50/p95/p99 latency.
 *
 * The price lists: four versions over the 1,000 lots, three in force (the whole list, then half of
 * it, then a tenth with sen) and one scheduled for tomorrow (every lot), so the price in force of
 * each lot is read through its newest version in force and the scheduled one is skipped. The hub
 * answers at most 500 lots (the first 500 of these). The two states alternate BENCH_ROUNDS (2) times:
 * the price lists are removed for the baseline and written back, and the shared reads given time to
 * expire, so load from elsewhere falls on both alike.
 *
 * It fails only on a wrong result: a non-2xx answer, or a hub that does not show the price in force.
 * Its own database `aero_bench_prices` (BENCH_DB_NAME), backend on port 3398 (BENCH_PORT),
 * 50 connections (BENCH_CONNECTIONS), BENCH_SECONDS (10) per state in all.
 */
import mysql from 'mysql2/promise'
import { naturalSortKey } from '../../database/natural_sort.ts'
import { mysqlServer as connection, startStack } from '../stack.ts'
import { percentile } from './lib/load.ts'

const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const LOTS = 1000
const database = process.env.BENCH_DB_NAME ?? 'aero_bench_prices'
const port = Number(process.env.BENCH_PORT ?? 3398)
/** The shared public reads live about two seconds: past this, a state change shows. */
const CACHE_SETTLE_MS = 3000

const sqlTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Sample = { ms: number[]; requests: number; seconds: number; failures: Record<string, number> }

/** `connections` clients, each sending its next request when the last is answered, for `seconds`. */
async function load(url: string, seconds: number, sample: Sample) {
  const until = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const at = performance.now()
        const response = await fetch(url, { headers: { accept: 'application/json' } })
        await response.arrayBuffer()
        sample.ms.push(performance.now() - at)
        sample.requests += 1
        if (response.status < 200 || response.status >= 300) {
          sample.failures[response.status] = (sample.failures[response.status] ?? 0) + 1
        }
      }
    })
  )
  sample.seconds += (performance.now() - started) / 1000
}

async function main() {
  let developmentId = 0
  const lotIds: number[] = []
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort: port,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-prices-storage' },
    prepare: async () => {
      const db = await mysql.createConnection({ ...connection, database })
      const now = sqlTime(new Date())
      const [created] = (await db.query(
        "insert into developments (slug, name, property_type, location, is_active, created_at, updated_at) values ('bench-price-lists', 'Bench Price Lists', 'Shop lot', 'Nilai, Negeri Sembilan', 1, ?, ?)",
        [now, now]
      )) as unknown as [{ insertId: number }]
      developmentId = created.insertId
      const rows = Array.from({ length: LOTS }, (_, i) => {
        const unit = `MKS-P${String(i + 1).padStart(4, '0')}`
        return [
          developmentId,
          'lot',
          `P${i + 1}`,
          naturalSortKey(`P${i + 1}`),
          unit,
          naturalSortKey(unit),
          'shoplot',
          'shoplot',
          'B',
          400_000 + i * 100,
          'available',
          now,
          now,
        ]
      })
      await db.query(
        'insert into lots (development_id, kind, lot_number, lot_number_sort, unit_number, unit_number_sort, category, type, type_code, price, status, created_at, updated_at) values ?',
        [rows]
      )
      const [ids] = (await db.query('select id from lots where development_id = ? order by id', [
        developmentId,
      ])) as unknown as [Array<{ id: number }>]
      lotIds.push(...ids.map((row) => row.id))
      await db.end()
    },
  })
  const hub = `${stack.backendURL}/api/lots/public`
  const db = await mysql.createConnection({ ...connection, database })

  const day = 24 * 3600 * 1000
  const versions = [
    {
      label: 'Launch list',
      at: new Date(Date.now() - 30 * day),
      lots: lotIds,
      sen: (i: number) => 45_000_000 + i * 10_000,
    },
    {
      label: 'Second release',
      at: new Date(Date.now() - 10 * day),
      lots: lotIds.slice(0, LOTS / 2),
      sen: (i: number) => 46_000_000 + i * 10_000,
    },
    {
      label: 'Corner lots',
      at: new Date(Date.now() - day),
      lots: lotIds.filter((_, i) => i % 10 === 0),
      sen: (i: number) => 47_000_050 + i * 10_000,
    },
    { label: 'Next month', at: new Date(Date.now() + day), lots: lotIds, sen: () => 99_900_000 },
  ]
  const publish = async () => {
    for (const version of versions) {
      const [created] = (await db.query(
        'insert into price_list_versions (development_id, label, effective_at, entry_count, created_at) values (?, ?, ?, ?, ?)',
        [developmentId, version.label, sqlTime(version.at), version.lots.length, sqlTime(new Date())]
      )) as unknown as [{ insertId: number }]
      await db.query('insert into price_list_entries (version_id, lot_id, price_sen) values ?', [
        version.lots.map((lotId, i) => [created.insertId, lotId, version.sen(i)]),
      ])
    }
  }
  const withdraw = async () => {
    await db.query(
      'delete e from price_list_entries e join price_list_versions v on v.id = e.version_id where v.development_id = ?',
      [developmentId]
    )
    await db.query('delete from price_list_versions where development_id = ?', [developmentId])
  }

  /** The first hub lot: the newest version in force lists it ("Corner lots", with sen), the scheduled one not yet. */
  const firstHubPrice = async () => {
    const lots = (await (await fetch(hub)).json()) as Array<{ id: number; priceSen: number }>
    return { count: lots.length, priceSen: lots.find((lot) => lot.id === lotIds[0])?.priceSen }
  }

  const states = [
    { name: 'hub, no price lists (baseline)', enter: withdraw, expectSen: 40_000_000 },
    { name: 'hub, 1,000 lots with price lists', enter: publish, expectSen: 47_000_050 },
  ]
  const samples: Sample[] = states.map(() => ({ ms: [], requests: 0, seconds: 0, failures: {} }))
  let wrong = false
  console.log(
    `== GET /api/lots/public, ${LOTS} lots (4 price-list versions: 3 in force, 1 scheduled), ${CONNECTIONS} connections, ${DURATION} s per state in ${ROUNDS} alternating rounds`
  )
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, state] of states.entries()) {
      await withdraw()
      if (state.enter !== withdraw) await state.enter()
      await sleep(CACHE_SETTLE_MS)
      const seen = await firstHubPrice()
      if (seen.priceSen !== state.expectSen) {
        console.error(`${state.name}: the first lot shows ${seen.priceSen} sen, expected ${state.expectSen}`)
        wrong = true
      }
      if (round === 0)
        await load(hub, Math.min(2, DURATION / ROUNDS), { ms: [], requests: 0, seconds: 0, failures: {} })
      await load(hub, DURATION / ROUNDS, samples[i])
      if (round === 0 && i === 0) console.log(`  the hub answers ${seen.count} lots`)
    }
  }
  for (const [i, state] of states.entries()) {
    const { ms, requests, seconds, failures } = samples[i]
    const figures = [50, 95, 99].map((p) => `p${p} ${percentile(ms, p).toFixed(1)} ms`).join('  ')
    const failed = Object.keys(failures).length > 0 ? `  non-2xx ${JSON.stringify(failures)}` : ''
    console.log(`  ${state.name.padEnd(36)} ${(requests / seconds).toFixed(0).padStart(6)} req/s  ${figures}${failed}`)
    if (failed) wrong = true
  }
  const ratio = samples[1].requests / samples[1].seconds / (samples[0].requests / samples[0].seconds)
  console.log(`  ${'with price lists / baseline'.padEnd(36)} ${ratio.toFixed(2)}`)

  await db.end()
  await stack.stop()
  process.exit(wrong ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
