import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import app from '@adonisjs/core/services/app'
import env from '#start/env'

/** The project root (the backend's parent): where `npm run migrate` runs. */
export const projectRoot = app.makePath('..')

/** A port nothing listens on now, on 127.0.0.1. */
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
 * The environment of a backend process run as production runs it: NODE_ENV=production, a fresh
 * APP_KEY, the test run's MySQL server, database `database`, no SMTP, the default job queue; `extra` wins.
 */
export function productionEnv(database: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = { ...process.env }
  for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USERNAME', 'SMTP_PASSWORD', 'QUEUE_DRIVER'])
    delete inherited[name]
  return {
    ...inherited,
    NODE_ENV: 'production',
    TZ: 'UTC',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    APP_KEY: randomBytes(32).toString('base64url'),
    DOCUMENTS_MASTER_KEY: randomBytes(32).toString('base64'),
    DB_CONNECTION: 'mysql',
    MYSQL_HOST: env.get('MYSQL_HOST') ?? '127.0.0.1',
    MYSQL_PORT: String(env.get('MYSQL_PORT') ?? 3306),
    MYSQL_USER: env.get('MYSQL_USER') ?? 'root',
    MYSQL_PASSWORD: env.get('MYSQL_PASSWORD') ?? '',
    MYSQL_DB_NAME: database,
    ...extra,
  }
}

export type Finished = { status: number | null; output: string }

/** Runs `node <args>` to its end without blocking this process (servers in it keep answering). */
export function runNode(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, output }))
  })
}

/** How long a started backend may take to answer its liveness check. */
export const BOOT_WAIT_MS = 120_000

export type RunningBackend = { url: string; output: () => string; stop: () => Promise<void> }

/** Starts `bin/server.ts` from source, the code under test, and waits until it answers its liveness check. */
export async function startBackend(processEnv: NodeJS.ProcessEnv): Promise<RunningBackend> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn('node', ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: app.makePath(),
    env: { ...processEnv, PORT: String(port), APP_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const backend = { url, output: () => output, stop: () => stop(child) }
  // A boot takes seconds; on a machine busy with other suites, far longer.
  const deadline = Date.now() + BOOT_WAIT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The backend exited with ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${url}/api/health/live`, { signal: AbortSignal.timeout(2_000) })).ok) return backend
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await backend.stop()
  throw new Error(`The backend did not answer within ${BOOT_WAIT_MS / 1000} s:\n${output}`)
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGINT')
  })
}
