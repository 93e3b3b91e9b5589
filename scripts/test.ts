/**
 * `npm test`: every suite of every workspace, in two rounds. First, side by side: lint, the
 * backend's suites in two halves, the front ends' unit suites, the build and, once the build is
 * done, the cluster; the backend's suites and the cluster wait on processes of their own much of
 * the time, and those waits are the other steps' CPU on a small machine. Then, once all of that
 * passed, the browser journeys alone: they are the suite a loaded machine hurts most. Each step's
 * output is printed whole when it ends. The backend and the browser journeys run against
 * MySQL/MariaDB (backend/.env.test); set DB_CONNECTION and MYSQL_* to point them elsewhere.
 */
import { spawn } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

type Step = { name: string; command: string; args: string[]; env?: Record<string, string>; needs?: Step }

const root = join(import.meta.dirname, '..')

/**
 * Seconds a backend suite takes during `npm test` on a 2-core machine, where its size says too
 * little: those that start processes of their own (application boots) or walk long workflows.
 * Any other suite counts about 0.17 s per kB of its source. Worth refreshing when a suite grows.
 */
const SLOW_SUITES: Record<string, number> = {
  'operators/backup': 40,
  'core/redis_outage': 35,
  'core/mail_queue': 32,
  'operators/deploy': 28,
  'core/redis': 21,
  'bookings/document_review': 17,
  'operators/mail_queue_migration': 16,
  'bookings/transitions': 15,
  'core/schedules': 14,
  'bookings/workflow': 14,
  'core/openapi': 12,
  'core/database_stall': 12,
  'bookings/retention': 10,
}
const SECONDS_PER_BYTE = 0.17 / 1024

/** The backend's spec files in two halves of about equal length, the longest placed first. */
function backendHalves(): [string[], string[]] {
  const specs: Array<{ path: string; seconds: number }> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, 'backend', dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.spec.ts')) {
        const name = path.replace(/^tests\/(functional|unit)\//, '').replace(/\.spec\.ts$/, '')
        const seconds = SLOW_SUITES[name] ?? statSync(join(root, 'backend', path)).size * SECONDS_PER_BYTE
        specs.push({ path, seconds })
      }
    }
  }
  walk('tests/unit')
  walk('tests/functional')
  const halves: [string[], string[]] = [[], []]
  const lengths = [0, 0]
  for (const spec of specs.sort((a, b) => b.seconds - a.seconds)) {
    const shorter = lengths[0]! <= lengths[1]! ? 0 : 1
    halves[shorter].push(spec.path)
    lengths[shorter]! += spec.seconds
  }
  return halves
}

/** Half of the backend's suites; the second half on a database, port and folders of its own. */
function backendStep(files: string[], half: 1 | 2): Step {
  const database = process.env.MYSQL_DB_NAME ?? 'aero_test'
  const port = 3334 + half - 1
  const own =
    half === 1
      ? {}
      : {
          MYSQL_DB_NAME: `${database}_half2`,
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          DRIVE_PRIVATE_ROOT: 'tmp/test-storage-half2',
          DRIVE_PUBLIC_ROOT: 'tmp/test-public-half2',
          MAIL_OUTBOX: 'tmp/test-mail-half2/outbox.jsonl',
        }
  return {
    name: `backend (Japa, MariaDB), half ${half} of ${files.length} files`,
    command: 'npm',
    args: ['test', '-w', 'backend', '--', `--files=${files.join(',')}`],
    env: own,
  }
}

const [firstHalf, secondHalf] = backendHalves()
const build: Step = { name: 'build for the browser journeys and the cluster', command: 'npm', args: ['run', 'build'] }
const rounds: Step[][] = [
  [
    { name: 'lint (ESLint, Prettier)', command: 'npm', args: ['run', 'lint'] },
    { name: 'scripts (node --test)', command: 'node', args: ['--test', 'scripts/backend-env.test.ts'] },
    backendStep(firstHalf, 1),
    backendStep(secondHalf, 2),
    build,
    { name: 'storefront (Vitest)', command: 'npm', args: ['test', '-w', 'storefront'] },
    { name: 'backoffice (Vitest)', command: 'npm', args: ['test', '-w', 'backoffice'] },
    // nginx, two backends, two gateways, Redis and s3rver: the production topology on this machine.
    { name: 'several instances behind nginx (cluster)', command: 'npm', args: ['run', 'test:cluster'], needs: build },
  ],
  [{ name: 'browser journeys (Chromium)', command: 'npm', args: ['run', 'test:e2e', '-w', 'storefront'] }],
]

type Result = { name: string; ok: boolean; seconds: number }

function run(step: Step): Promise<Result> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const result = { name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 }
      console.log(`\n=== ${step.name} (${result.ok ? 'ok' : 'FAILED'}, ${result.seconds}s)`)
      process.stdout.write(Buffer.concat(output))
      resolve(result)
    })
  })
}

console.log(`npm test on Node ${process.version}`)
const results: Result[] = []
const started = Date.now()
for (const round of rounds) {
  const running = new Map<Step, Promise<Result>>()
  /** Runs `step` once, after the step it needs; not at all if that one failed. */
  const start = (step: Step): Promise<Result> => {
    if (!running.has(step)) {
      running.set(
        step,
        (async () => {
          const needed = step.needs ? await start(step.needs) : null
          if (needed && !needed.ok)
            return { name: `${step.name} (not run: ${needed.name} failed)`, ok: false, seconds: 0 }
          return run(step)
        })()
      )
    }
    return running.get(step)!
  }
  console.log(`\n=== side by side: ${round.map((step) => step.name).join('; ')}`)
  results.push(...(await Promise.all(round.map(start))))
  if (results.some((result) => !result.ok)) break
}

console.log('\n=== summary')
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`)
console.log(`npm test took ${Math.round((Date.now() - started) / 1000)}s`)
const steps = rounds.flat().length
process.exit(results.some((result) => !result.ok) || results.length < steps ? 1 : 0)
