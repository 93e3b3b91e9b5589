/**
 * `npm test`: every suite of every workspace, in order, stopping at the first failure.
 * The backend and the browser journeys run against MySQL/MariaDB (backend/.env.test);
 * set DB_CONNECTION and MYSQL_* to point them elsewhere.
 */
import { spawnSync } from 'node:child_process'

type Step = { name: string; command: string; args: string[] }

const steps: Step[] = [
  { name: 'lint (ESLint, Prettier)', command: 'npm', args: ['run', 'lint'] },
  { name: 'scripts (node --test)', command: 'node', args: ['--test', 'scripts/backend-env.test.ts'] },
  { name: 'backend (Japa, MariaDB)', command: 'npm', args: ['test', '-w', 'backend'] },
  { name: 'storefront (Vitest)', command: 'npm', args: ['test', '-w', 'storefront'] },
  { name: 'backoffice (Vitest)', command: 'npm', args: ['test', '-w', 'backoffice'] },
  { name: 'build for the browser journeys', command: 'npm', args: ['run', 'build'] },
  { name: 'browser journeys (Chromium)', command: 'npm', args: ['run', 'test:e2e', '-w', 'storefront'] },
  // nginx, two backends, the gateway, Redis and s3rver: the production topology on this machine (needs the build).
  { name: 'several instances behind nginx (cluster)', command: 'npm', args: ['run', 'test:cluster'] },
]

console.log(`npm test on Node ${process.version}`)
const results: Array<{ name: string; ok: boolean; seconds: number }> = []
for (const step of steps) {
  console.log(`\n=== ${step.name}`)
  const started = Date.now()
  const run = spawnSync(step.command, step.args, { stdio: 'inherit', env: process.env })
  const ok = run.status === 0
  results.push({ name: step.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 })
  if (!ok) break
}

console.log('\n=== summary')
for (const result of results) console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (${result.seconds}s)`)
const failed = results.some((result) => !result.ok) || results.length < steps.length
process.exit(failed ? 1 : 0)
