/**
 * The whole product started for one run (a bench, Lighthouse, the browser journeys), the
 * production way: a fresh database migrated and filled with the demo data, the backend
 * (NODE_ENV=production, LOG_LEVEL=warn, a new APP_KEY) and, when asked, the storefront's
 * gateway, which serves the storefront build, the backoffice build (`/backoffice`) and
 * proxies `/api` to the backend.
 *
 *   const stack = await startStack({ database: { client: 'mysql', name: 'aero_bench' } })
 *   await fetch(`${stack.baseURL}/api/lots/public`)
 *   await stack.stop()
 *
 * A start that fails stops what it had started before throwing; whatever is still running
 * when the process exits is sent SIGINT. Only erasable TypeScript here: scripts run it with
 * Node's type stripping, and storefront/tests/e2e/stack.ts imports it through Vitest.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { assertBackendBuilt, backendServer } from './backend-server.ts'
import { gatewayServer } from './gateway-server.ts'

const root = join(import.meta.dirname, '..')
const backendDir = join(root, 'backend')

/** The MariaDB server, from MYSQL_* (default root@127.0.0.1:3306, no password). */
export const mysqlServer = {
  host: process.env.MYSQL_HOST ?? '127.0.0.1',
  port: Number(process.env.MYSQL_PORT ?? 3306),
  user: process.env.MYSQL_USER ?? 'root',
  password: process.env.MYSQL_PASSWORD ?? '',
}

/** A MariaDB database (dropped and created again on `mysqlServer`), or a throwaway SQLite file. */
export type StackDatabase = { client: 'mysql'; name: string } | { client: 'sqlite' }

/** DB_CONNECTION (default mysql) chooses: the MariaDB database `name`, or a throwaway SQLite file. */
export function databaseFromEnv(name: string): StackDatabase {
  return (process.env.DB_CONNECTION ?? 'mysql') === 'mysql' ? { client: 'mysql', name } : { client: 'sqlite' }
}

export interface StackOptions {
  database: StackDatabase
  /** The backend's port on 127.0.0.1; a free one when not given. */
  backendPort?: number
  /** Also start the storefront's gateway on a free port (needs `npm run build`). */
  gateway?: boolean
  /** More environment for the backend and its migrations, e.g. DRIVE_PRIVATE_ROOT. */
  env?: Record<string, string>
  /** Runs after the migrations and the demo seed, before the backend starts (extra rows). */
  prepare?: () => Promise<void>
}

export interface Stack {
  /** The backend, http://127.0.0.1:<port>. */
  backendURL: string
  /** Where a client goes (also the backend's APP_URL): the gateway, http://localhost:<port>, or the backend. */
  baseURL: string
  /** The process ids, for the benchmarks' memory figures (/proc/<pid>/status). */
  pids: { backend: number; gateway?: number }
  /** Stops the gateway and the backend (SIGINT, SIGKILL after 5 s) and removes a SQLite file. */
  stop: () => Promise<void>
}

const running = new Set<ChildProcess>()
let exitHookInstalled = false

/** Whatever `launch` started and is still running when this process exits is sent SIGINT. */
export function stopChildrenOnExit() {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const child of running) if (child.exitCode === null) child.kill('SIGINT')
  })
}

export async function startStack(options: StackOptions): Promise<Stack> {
  stopChildrenOnExit()
  const children: ChildProcess[] = []
  let sqliteDir: string | undefined
  const stop = async () => {
    await Promise.all(children.map(stopChild))
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true })
  }

  try {
    const backendPort = options.backendPort ?? (await freePort())
    const gatewayPort = options.gateway ? await freePort() : undefined
    const backendURL = `http://127.0.0.1:${backendPort}`
    const baseURL = gatewayPort ? `http://localhost:${gatewayPort}` : backendURL

    const databaseEnv: Record<string, string> = {}
    if (options.database.client === 'mysql') {
      const { name } = options.database
      await resetMysqlDatabase(name)
      Object.assign(databaseEnv, {
        DB_CONNECTION: 'mysql',
        MYSQL_HOST: mysqlServer.host,
        MYSQL_PORT: String(mysqlServer.port),
        MYSQL_USER: mysqlServer.user,
        MYSQL_PASSWORD: mysqlServer.password,
        MYSQL_DB_NAME: name,
      })
    } else {
      sqliteDir = mkdtempSync(join(tmpdir(), 'aero-stack-'))
      Object.assign(databaseEnv, { DB_CONNECTION: 'sqlite', SQLITE_PATH: join(sqliteDir, 'stack.sqlite3') })
    }

    const backendEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...databaseEnv,
      NODE_ENV: 'production',
      TZ: 'UTC',
      PORT: String(backendPort),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      APP_KEY: randomBytes(32).toString('base64url'),
      DOCUMENTS_MASTER_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      SESSION_DRIVER: 'database',
      LIMITER_STORE: 'database',
      ...options.env,
    }
    // Lucid's migration lock is one name for the whole server (GET_LOCK('1')), so stacks on
    // databases of their own (browser journeys, benchmarks, test runs side by side) would block
    // or fail each other; this stack's database is its own, nothing else migrates it.
    ace(['migration:run', '--force', '--disable-locks'], backendEnv)
    ace(['db:seed'], backendEnv)
    await options.prepare?.()

    assertBackendBuilt()
    const backend = launch(backendServer.args, backendServer.cwd, backendServer.env(backendEnv), children)
    await waitFor(`${backendURL}/api/health`, 'backend', backend, (status) => status >= 200 && status < 300)

    const pids: Stack['pids'] = { backend: backend.pid! }
    if (gatewayPort) {
      const gatewayEnv: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(gatewayPort),
        HOST: '127.0.0.1',
        BACKEND_URL: backendURL,
      }
      const gateway = launch(gatewayServer.args, gatewayServer.cwd, gatewayServer.env(gatewayEnv), children)
      await waitFor(`http://127.0.0.1:${gatewayPort}/`, 'gateway', gateway, (status) => status < 500)
      pids.gateway = gateway.pid
    }
    return { backendURL, baseURL, pids, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export async function resetMysqlDatabase(name: string) {
  if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name "${name}"`)
  const mysql = await import('mysql2/promise')
  const connection = await mysql.createConnection(mysqlServer)
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
  await connection.end()
}

function ace(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync('node', ['ace', ...args], { cwd: backendDir, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`node ace ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

/** Starts `node <args>` (or `command`; output shown here, or piped), kept in `children` and SIGINT on exit. */
export function launch(
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  children: ChildProcess[],
  stdio: 'inherit' | 'pipe' = 'inherit',
  command = 'node'
) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', stdio, stdio] })
  children.push(child)
  running.add(child)
  child.on('exit', () => running.delete(child))
  return child
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      resolve()
    }, 5000)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGINT')
  })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))
      )
    })
  })
}

/**
 * Polls `url` every 200 ms until `ready(status)`, for 60 s at most, failing at once if `child` exits.
 * Each request gives up after 5 s (a port held by something that never answers).
 */
export async function waitFor(url: string, label: string, child: ChildProcess, ready: (status: number) => boolean) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${label} exited with ${child.exitCode ?? child.signalCode}`)
    try {
      if (ready((await fetch(url, { signal: AbortSignal.timeout(5_000) })).status)) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${label} did not answer ${url} within 60 s`)
}
