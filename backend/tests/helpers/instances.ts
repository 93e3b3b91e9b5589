import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import app from '@adonisjs/core/services/app'
import { BOOT_WAIT_MS } from '#tests/helpers/processes'

/**
 * Other backend processes beside the test run's own server, on the same test database: what
 * several instances behind a load balancer share can only be proved across real processes.
 * They see committed rows only (never a test's global transaction), so the tests that use
 * them commit their data and clean it up.
 */

/** The environment of a child process: the test run's own (database included), then `overrides`. */
function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...overrides }
}

/** A local port nothing listens on (at the time of asking). */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

function capture(child: ChildProcess) {
  let output = ''
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  return () => output
}

export type Instance = {
  url: string
  /** What it printed so far (for a failing test's message). */
  output: () => string
  stop: () => Promise<void>
  /** Sends SIGTERM (a deploy's stop) without waiting; `exited` settles when the process is gone. */
  terminate: () => void
  exited: Promise<unknown>
}

/** Starts `bin/server.ts` from source with `overrides` and waits until it answers /api/health/live. */
export async function startInstance(overrides: Record<string, string>, timeoutMs = BOOT_WAIT_MS): Promise<Instance> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import=@poppinss/ts-exec', 'bin/server.ts'], {
    cwd: app.makePath(),
    env: childEnv({ ...overrides, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = capture(child)
  const url = `http://127.0.0.1:${port}`
  const exited = once(child, 'exit')
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(killer)
  }

  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break
    try {
      const response = await fetch(`${url}/api/health/live`)
      if (response.ok) return { url, output, stop, terminate: () => child.kill('SIGTERM'), exited }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`The instance on ${url} did not start:\n${output()}`)
}

/** Runs `node ace <args>` as its own process; answers its exit code and output. */
export async function runAce(args: string[], overrides: Record<string, string>) {
  const child = spawn(process.execPath, ['ace', ...args], {
    cwd: app.makePath(),
    env: childEnv(overrides),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = capture(child)
  const [code] = (await once(child, 'exit')) as [number | null]
  return { code, output: output() }
}
