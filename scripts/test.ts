/**
 * `npm test`: every suite of every workspace, four steps at a time: the backend's suites in three
 * parts, the build, lint, the front ends' unit suites and, once the build is done, the cluster. The
 * browser journeys start once the cluster and the quick steps are done, beside the backend's suites:
 * a journey is hurt more by the cluster's load than by theirs. Each step's output is printed whole
 * when it ends. The backend and the browser journeys run against MySQL/MariaDB
 * (backend/.env.test); set DB_CONNECTION and MYSQL_* to point them elsewhere.
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import pLimit from 'p-limit'

type Step = { name: string; command: string; args: string[]; env?: Record<string, string>; needs?: Step[] }

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
  'core/drain': 7,
  'bookings/retention': 10,
}
const SECONDS_PER_BYTE = 0.17 / 1024

/** The backend's spec files in `count` parts of about equal length, the longest placed first. */
function backendParts(count: number): string[][] {
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
  const parts: string[][] = Array.from({ length: count }, () => [])
  const lengths: number[] = parts.map(() => 0)
  for (const spec of specs.sort((a, b) => b.seconds - a.seconds)) {
    const shortest = lengths.indexOf(Math.min(...lengths))
    parts[shortest]!.push(spec.path)
    lengths[shortest]! += spec.seconds
  }
  return parts
}

/** One part of the backend's suites; every part after the first on a database, port and folders of its own. */
function backendStep(files: string[], part: number, count: number): Step {
  const database = process.env.MYSQL_DB_NAME ?? 'aero_test'
  const port = 3334 + part - 1
  const own =
    part === 1
      ? {}
      : {
          MYSQL_DB_NAME: `${database}_part${part}`,
          PORT: String(port),
          APP_URL: `http://localhost:${port}`,
          DRIVE_PRIVATE_ROOT: `tmp/test-storage-part${part}`,
          DRIVE_PUBLIC_ROOT: `tmp/test-public-part${part}`,
          MAIL_OUTBOX: `tmp/test-mail-part${part}/outbox.jsonl`,
        }
  return {
    name: `backend (Japa, MariaDB), part ${part} of ${count}: ${files.length} files`,
    command: 'npm',
    args: ['test', '-w', 'backend', '--', `--files=${files.join(',')}`],
    env: own,
  }
}

const BACKEND_PARTS = Number(process.env.BACKEND_PARTS ?? 3)
const backendSteps = backendParts(BACKEND_PARTS).map((files, index) => backendStep(files, index + 1, BACKEND_PARTS))

const build: Step = { name: 'build for the browser journeys and the cluster', command: 'npm', args: ['run', 'build'] }
const lint: Step = { name: 'lint (ESLint, Prettier)', command: 'npm', args: ['run', 'lint'] }
const scriptsTests: Step = {
  name: 'scripts (node --test)',
  command: 'node',
  args: ['--test', 'scripts/backend-env.test.ts', 'scripts/backend-server.test.ts', 'scripts/gateway-server.test.ts'],
}
const storefront: Step = { name: 'storefront (Vitest)', command: 'npm', args: ['test', '-w', 'storefront'] }
const backoffice: Step = { name: 'backoffice (Vitest)', command: 'npm', args: ['test', '-w', 'backoffice'] }
// nginx, two backends, two gateways, Redis and s3rver: the production topology on this machine.
const cluster: Step = {
  name: 'several instances behind nginx (cluster)',
  command: 'npm',
  args: ['run', 'test:cluster'],
  needs: [build],
}
const journeys: Step = {
  name: 'browser journeys (Chromium)',
  command: 'npm',
  args: ['run', 'test:e2e', '-w', 'storefront'],
  needs: [build, cluster, lint, scriptsTests, storefront, backoffice],
}
// The longest first: a free slot goes to the next step in this order whose needs are done.
const steps: Step[] = [...backendSteps, build, lint, scriptsTests, storefront, backoffice, cluster, journeys]

/** Every step at once overloads two cores and trips the timeouts of tests that start processes; four keep both busy. */
const limit = pLimit(Number(process.env.TEST_PARALLEL ?? 4))

type Result = { name: string; ok: boolean; seconds: number }

/** CPU seconds of the children reaped so far, theirs included (cutime + cstime, 1/100 s); null off Linux. */
function childrenCpuSeconds(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[13]) + Number(fields[14])) / 100
  } catch {
    return null
  }
}
let reapedCpu = childrenCpuSeconds()

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
    // Read as it is reaped, before another step's child ends.
    let cpu = ''
    child.on('exit', () => {
      const now = childrenCpuSeconds()
      if (now !== null && reapedCpu !== null) cpu = `, ${Math.round(now - reapedCpu)} CPU-s`
      reapedCpu = now
    })
    child.on('close', (code) => {
      const result = { name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 }
      console.log(`\n=== ${step.name} (${result.ok ? 'ok' : 'FAILED'}, ${result.seconds}s${cpu})`)
      process.stdout.write(Buffer.concat(output))
      resolve(result)
    })
  })
}

console.log(`npm test on Node ${process.version}`)
console.log(`steps: ${steps.map((step) => step.name).join('; ')}`)
const started = Date.now()
const running = new Map<Step, Promise<Result>>()
/** Runs `step` once, after the steps it needs; not at all if one of them failed. */
function start(step: Step): Promise<Result> {
  if (!running.has(step)) {
    running.set(
      step,
      (async () => {
        const failed = (await Promise.all((step.needs ?? []).map(start))).find((needed) => !needed.ok)
        if (failed) return { name: `${step.name} (not run: ${failed.name} failed)`, ok: false, seconds: 0 }
        return limit(() => run(step))
      })()
    )
  }
  return running.get(step)!
}
const results = await Promise.all(steps.map(start))

console.log('\n=== summary')
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`)
const cpuTotal = childrenCpuSeconds()
console.log(
  `npm test took ${Math.round((Date.now() - started) / 1000)}s` +
    (cpuTotal === null ? '' : `, ${Math.round(cpuTotal)} CPU-s of its steps`)
)
process.exit(results.every((result) => result.ok) ? 0 : 1)
