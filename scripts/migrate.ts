/**
 * `npm run migrate [-- --no-seed]`: the deploy step, run once per deploy before the app
 * instances (re)start. Applies pending migrations, then fills the database with the demo data
 * when it has no account yet (`node ace db:prepare`); running it again changes nothing, and
 * two runs at once take turns on a lock of the database. The instances themselves never
 * migrate: one started before this step stays out of the balancer (readiness answers 503
 * while migrations are pending). Same settings as the backend (backend/.env, environment).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const backendDir = join(import.meta.dirname, '..', 'backend')
const run = spawnSync('node', ['ace', 'db:prepare', ...process.argv.slice(2)], {
  cwd: backendDir,
  env: { ...process.env, TZ: 'UTC' },
  stdio: 'inherit',
})
if (run.error) console.error(`[migrate] ${run.error.message}`)
process.exit(run.status ?? 1)
