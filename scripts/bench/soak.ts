/**
 * `npm run bench -- soak`: 100,000 requests through the one origin (SOAK_REQUESTS to change),
 * 4 keep-alive connections at a time (SOAK_CONCURRENCY), and counts connection resets,
 * which must be 0. The mix: the hub API, a signed-out profile read (401), a write the
 * backend refuses before reading far (422), pages now and then. Every 10,000 requests the
 * connections sit idle for 7 s, past Node's default keep-alive window (closed at 6 s), so
 * the race between a client reusing a connection and the server closing it is exercised.
 *
 * It starts the product (`scripts/start.ts`, embedded SQLite in backend/tmp/soak.sqlite3)
 * on ports 3910/3911, or uses SOAK_URL if set.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import { join } from 'node:path'

const root = join(import.meta.dirname, '../..')
const TOTAL = Number(process.env.SOAK_REQUESTS ?? 100_000)
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 4)
const IDLE_EVERY = 10_000
const IDLE_MS = 7_000

type Call = { method: 'GET' | 'POST'; path: string; body?: string }
const MIX: Call[] = [
  { method: 'GET', path: '/api/lots/public' },
  { method: 'GET', path: '/api/users/me' },
  { method: 'GET', path: '/api/lots/public' },
  { method: 'POST', path: '/api/contact', body: JSON.stringify({ name: 'Soak' }) },
  { method: 'GET', path: '/api/health/live' },
]
const PAGES: Call[] = [
  { method: 'GET', path: '/aero-industrial-hub' },
  { method: 'GET', path: '/' },
]

async function startProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.SOAK_URL) return { url: process.env.SOAK_URL, stop: async () => {} }
  const child = spawn('node', ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '3910',
      BACKEND_PORT: '3911',
      DB_CONNECTION: 'sqlite',
      SQLITE_PATH: 'tmp/soak.sqlite3',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('[start] ready on')) resolve()
    })
    child.on('exit', (code) => reject(new Error(`npm start exited (${code})`)))
  })
  child.stdout!.resume()
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return {
    url: 'http://127.0.0.1:3910',
    stop: () => {
      process.kill(-child.pid!, 'SIGINT')
      return exited
    },
  }
}

function send(agent: http.Agent, base: URL, call: Call): Promise<number | string> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = {
      accept: call.path.startsWith('/api') ? 'application/json' : 'text/html',
    }
    if (call.body)
      Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(call.body) })
    const request = http.request(
      { host: base.hostname, port: base.port, method: call.method, path: call.path, headers, agent },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
      }
    )
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    request.end(call.body)
  })
}

async function main() {
  const product = await startProduct()
  const base = new URL(product.url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const outcomes = new Map<number | string, number>()
  let next = 0
  let idleUntil = 0
  const started = Date.now()

  async function worker() {
    while (next < TOTAL) {
      const index = next++
      if (index > 0 && index % IDLE_EVERY === 0) idleUntil = Date.now() + IDLE_MS
      const wait = idleUntil - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const call = index % 50 === 0 ? PAGES[(index / 50) % PAGES.length] : MIX[index % MIX.length]
      const outcome = await send(agent, base, call)
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  agent.destroy()
  await product.stop()

  const seconds = (Date.now() - started) / 1000
  const failures = [...outcomes].filter(([outcome]) => typeof outcome === 'string' || outcome >= 500)
  console.log(
    `\n== soak: ${TOTAL} requests through ${product.url}, ${CONCURRENCY} keep-alive connections, idle ${IDLE_MS / 1000} s every ${IDLE_EVERY}`
  )
  console.log(`${seconds.toFixed(0)} s, ${(TOTAL / seconds).toFixed(0)} req/s`)
  console.log(`answers: ${[...outcomes].map(([outcome, count]) => `${outcome} x${count}`).join(', ')}`)
  console.log(`connection errors and 5xx: ${failures.reduce((sum, [, count]) => sum + count, 0)} (must be 0)`)
  process.exit(failures.length ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
