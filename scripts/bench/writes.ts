/**
 * `npm run bench -- writes`: reading writes nothing. Through the one origin (the storefront's
 * gateway, whose pages call the backend on the visitor's behalf) it makes 1,000 anonymous
 * page views (`/` and `/aero-industrial-hub`, half each) and 1,000 API reads with a bearer
 * token, counts the rows of every table before and after, prints what changed and exits
 * non-zero when any table gained a row.
 *
 * It needs the storefront build (`npm run build`). Database settings come from MYSQL_*
 * (default root@127.0.0.1:3306); it uses its own database, `aero_bench_writes`
 * (BENCH_WRITES_DB_NAME), recreated on every run. BENCH_WRITES_REQUESTS changes the 1,000.
 * The stack is started by scripts/stack.ts.
 */
import mysql from 'mysql2/promise'
import { mysqlServer, startStack } from '../stack.ts'

const REQUESTS = Number(process.env.BENCH_WRITES_REQUESTS ?? 1000)
const CONCURRENCY = 8
const database = process.env.BENCH_WRITES_DB_NAME ?? 'aero_bench_writes'
const backendPort = process.env.BENCH_WRITES_PORT ? Number(process.env.BENCH_WRITES_PORT) : undefined
const DEMO_USER = { email: 'user@aero-demo.my', password: 'Demo@2024' }

const PAGES = ['/', '/aero-industrial-hub']
/** What an API client reads: who it is, its sign-in, its bookings, the hub. */
const API_READS = ['/api/users/me', '/api/auth/session', '/api/bookings/user', '/api/lots/public']

type Counts = Map<string, number>

async function rowCounts(connection: mysql.Connection): Promise<Counts> {
  const [tables] = (await connection.query(
    "select table_name as name from information_schema.tables where table_schema = ? and table_type = 'BASE TABLE' order by table_name",
    [database]
  )) as unknown as [{ name: string }[]]
  const counts: Counts = new Map()
  for (const { name } of tables) {
    const [[row]] = (await connection.query(`select count(*) as total from \`${name}\``)) as unknown as [
      [{ total: number }],
    ]
    counts.set(name, Number(row.total))
  }
  return counts
}

/** Runs `count` requests, `CONCURRENCY` at a time; returns how many answered with an unexpected status. */
async function run(
  count: number,
  request: (index: number) => Promise<Response>,
  expected: (status: number) => boolean
) {
  let next = 0
  let unexpected = 0
  const statuses = new Map<number, number>()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++
        const response = await request(index)
        await response.arrayBuffer()
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
        if (!expected(response.status)) unexpected += 1
      }
    })
  )
  return { unexpected, statuses: Object.fromEntries(statuses) }
}

async function main() {
  const stack = await startStack({
    database: { client: 'mysql', name: database },
    backendPort,
    gateway: true,
    env: { DRIVE_PRIVATE_ROOT: 'tmp/bench-storage' },
  })
  const connection = await mysql.createConnection({ ...mysqlServer, database })
  let failed = false
  try {
    // An API client signs in once (one token, and the cookie session it is offered): before counting.
    const login = await fetch(`${stack.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(DEMO_USER),
    })
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`)
    const { token } = (await login.json()) as { token: string }

    const before = await rowCounts(connection)
    const started = performance.now()
    const pages = await run(
      REQUESTS,
      (i) => fetch(`${stack.baseURL}${PAGES[i % PAGES.length]}`, { headers: { accept: 'text/html' } }),
      (status) => status === 200
    )
    const pagesSeconds = (performance.now() - started) / 1000
    const apiStarted = performance.now()
    const reads = await run(
      REQUESTS,
      (i) =>
        fetch(`${stack.baseURL}${API_READS[i % API_READS.length]}`, {
          headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        }),
      (status) => status === 200
    )
    const readsSeconds = (performance.now() - apiStarted) / 1000
    const after = await rowCounts(connection)

    console.log(`\n== ${REQUESTS} anonymous page views (${PAGES.join(', ')}) in ${pagesSeconds.toFixed(1)} s`)
    console.log(`statuses ${JSON.stringify(pages.statuses)}`)
    console.log(`== ${REQUESTS} bearer API reads (${API_READS.join(', ')}) in ${readsSeconds.toFixed(1)} s`)
    console.log(`statuses ${JSON.stringify(reads.statuses)}`)

    const changes = [...after].filter(([table, rows]) => rows !== (before.get(table) ?? 0))
    const grown = changes.filter(([table, rows]) => rows > (before.get(table) ?? 0))
    console.log(`\n== rows of ${after.size} tables before and after`)
    if (changes.length === 0) console.log('no table changed')
    for (const [table, rows] of changes) {
      const difference = rows - (before.get(table) ?? 0)
      console.log(`${table}: ${before.get(table) ?? 0} -> ${rows} (${difference > 0 ? '+' : ''}${difference})`)
    }
    const totalAdded = grown.reduce((sum, [table, rows]) => sum + rows - (before.get(table) ?? 0), 0)
    console.log(`rows added: ${totalAdded} (must be 0)`)
    failed = totalAdded > 0 || pages.unexpected > 0 || reads.unexpected > 0
    if (pages.unexpected || reads.unexpected) console.log('some requests did not answer 200')
  } finally {
    await connection.end()
    await stack.stop()
  }
  process.exit(failed ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1) // scripts/stack.ts stops what is still running on exit
})
