import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
  }
}

const root = join(import.meta.dirname, '../../..')
const backendDir = join(root, 'backend')
const children: ChildProcess[] = []
let sqliteDir: string | undefined

function freePort(): Promise<number> {
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

async function waitFor(url: string, label: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${label} exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${label} did not answer ${url} within 60 s`)
}

function run(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync('node', args, { cwd: backendDir, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`)
}

async function resetMysqlDatabase(name: string) {
  const mysql = await import('mysql2/promise')
  const connection = await mysql.createConnection({
    host: process.env.MYSQL_HOST ?? '127.0.0.1',
    port: Number(process.env.MYSQL_PORT ?? 3306),
    user: process.env.MYSQL_USER ?? 'root',
    password: process.env.MYSQL_PASSWORD ?? '',
  })
  await connection.query(`DROP DATABASE IF EXISTS \`${name}\``)
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`)
  await connection.end()
}

/** Starts a fresh stack: own database, migrated and seeded; backend; gateway. */
export default async function setup(project: TestProject) {
  const [backendPort, gatewayPort] = [await freePort(), await freePort()]
  const baseURL = `http://localhost:${gatewayPort}`
  const useMysql = (process.env.DB_CONNECTION ?? 'mysql') === 'mysql'

  const databaseEnv: Record<string, string> = {}
  if (useMysql) {
    databaseEnv.DB_CONNECTION = 'mysql'
    // E2E_DB_NAME lets parallel runs (several developers on one machine) keep apart.
    const name = process.env.E2E_DB_NAME ?? 'aero_e2e'
    if (!/^\w+$/.test(name)) throw new Error(`Unsafe database name "${name}"`)
    databaseEnv.MYSQL_DB_NAME = name
    await resetMysqlDatabase(name)
  } else {
    sqliteDir = mkdtempSync(join(tmpdir(), 'aero-e2e-'))
    databaseEnv.DB_CONNECTION = 'sqlite'
    databaseEnv.SQLITE_PATH = join(sqliteDir, 'e2e.sqlite3')
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
    LOG_LEVEL: 'warn',
    SESSION_DRIVER: 'database',
    LIMITER_STORE: 'database',
  }
  run(['ace', 'migration:run', '--force'], backendEnv)
  run(['ace', 'db:seed'], backendEnv)

  const backend = spawn('node', ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: backendDir,
    env: backendEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(backend)
  await waitFor(`http://127.0.0.1:${backendPort}/api/health`, 'backend', backend)

  const gateway = spawn('node', ['server.ts'], {
    cwd: join(root, 'storefront'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      BACKEND_URL: `http://127.0.0.1:${backendPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(gateway)
  await waitFor(`http://127.0.0.1:${gatewayPort}/`, 'gateway', gateway)

  project.provide('baseURL', baseURL)

  return async () => {
    for (const child of children) child.kill('SIGINT')
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve()
            const timer = setTimeout(() => {
              child.kill('SIGKILL')
              resolve()
            }, 5000)
            child.on('exit', () => {
              clearTimeout(timer)
              resolve()
            })
          })
      )
    )
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true })
  }
}
