/**
 * `npm test`: every suite of every workspace, in three stages, stopping after the first that fails.
 * The steps of a stage run side by side so both cores of a small machine work; each step's
 * output is printed whole when it ends. The backend and the browser journeys run against
 * MySQL/MariaDB (backend/.env.test); set DB_CONNECTION and MYSQL_* to point them elsewhere.
 */
import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

type Step = { name: string; command: string; args: string[]; env?: Record<string, string> }

const root = join(import.meta.dirname, '..')

/**
 * The backend's spec files in two halves of about equal weight, heaviest first: a file's size, three
 * times over when it starts processes of its own (an instance, Redis, the backup commands).
 */
function backendHalves(): [string[], string[]] {
  const specs: Array<{ path: string; size: number }> = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, 'backend', dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.spec.ts')) {
        const file = join(root, 'backend', path)
        const spawns = /startInstance\(|spawn\(|execFile/.test(readFileSync(file, 'utf8'))
        specs.push({ path, size: statSync(file).size * (spawns ? 3 : 1) })
      }
    }
  }
  walk('tests/unit')
  walk('tests/functional')
  const halves: [string[], string[]] = [[], []]
  const sizes = [0, 0]
  for (const spec of specs.sort((a, b) => b.size - a.size)) {
    const lighter = sizes[0]! <= sizes[1]! ? 0 : 1
    halves[lighter].push(spec.path)
    sizes[lighter]! += spec.size
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
const stages: Step[][] = [
  [
    { name: 'lint (ESLint, Prettier)', command: 'npm', args: ['run', 'lint'] },
    { name: 'scripts (node --test)', command: 'node', args: ['--test', 'scripts/backend-env.test.ts'] },
    backendStep(firstHalf, 1),
    backendStep(secondHalf, 2),
    { name: 'build for the browser journeys and the cluster', command: 'npm', args: ['run', 'build'] },
  ],
  [
    { name: 'storefront (Vitest)', command: 'npm', args: ['test', '-w', 'storefront'] },
    { name: 'backoffice (Vitest)', command: 'npm', args: ['test', '-w', 'backoffice'] },
    // nginx, two backends, two gateways, Redis and s3rver: the production topology on this machine (needs
    // the build). Not beside the journeys: there its document upload once answered 500 on the loaded machine.
    { name: 'several instances behind nginx (cluster)', command: 'npm', args: ['run', 'test:cluster'] },
  ],
  [{ name: 'browser journeys (Chromium)', command: 'npm', args: ['run', 'test:e2e', '-w', 'storefront'] }],
]

type Result = { name: string; ok: boolean; seconds: number }

function run(step: Step, alone: boolean): Promise<Result> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const result = { name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 100) / 10 }
      if (!alone) {
        console.log(`\n=== ${step.name} (${result.ok ? 'ok' : 'FAILED'}, ${result.seconds}s)`)
        process.stdout.write(Buffer.concat(output))
      }
      resolve(result)
    })
  })
}

console.log(`npm test on Node ${process.version}`)
const results: Result[] = []
const started = Date.now()
for (const stage of stages) {
  if (stage.length === 1) console.log(`\n=== ${stage[0]!.name}`)
  else console.log(`\n=== side by side: ${stage.map((step) => step.name).join('; ')}`)
  results.push(...(await Promise.all(stage.map((step) => run(step, stage.length === 1)))))
  if (results.some((result) => !result.ok)) break
}

console.log('\n=== summary')
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`)
console.log(`npm test took ${Math.round((Date.now() - started) / 1000)}s`)
const steps = stages.flat().length
process.exit(results.some((result) => !result.ok) || results.length < steps ? 1 : 0)
