/**
 * `npm start`: the whole product on one origin (http://localhost:3000 by default).
 *
 * On first start it writes backend/.env (embedded SQLite, a fresh APP_KEY), builds the
 * backend, the storefront and the backoffice, migrates and fills an empty database with demo
 * data (`npm run migrate`, the deploy step, run here because there is one instance). Then it
 * runs the compiled backend (internal port) and the storefront's gateway, which serves `/`, `/backoffice`
 * and the live updates and proxies `/api`: two plain processes. Set DB_CONNECTION=mysql
 * (+ MYSQL_*) to run on MySQL/MariaDB.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { prepareBackendEnv } from './backend-env.ts'
import { backendBuilt, backendServer } from './backend-server.ts'
import { gatewayServer } from './gateway-server.ts'

const root = join(import.meta.dirname, '..')
const backendDir = join(root, 'backend')
const port = process.env.PORT ?? '3000'
const backendPort = process.env.BACKEND_PORT ?? '3333'
const started = Date.now()

function step(message: string) {
  console.log(`[start] ${message}`)
}

function runOrExit(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd, env, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`[start] "${command} ${args.join(' ')}" failed`)
    process.exit(result.status ?? 1)
  }
}

step(`Node ${process.version}`)

const prepared = prepareBackendEnv(join(backendDir, '.env'), join(backendDir, '.env.example'))
if (prepared) step(prepared)

const needsBuild =
  !backendBuilt() ||
  !existsSync(join(root, 'storefront/build/server/index.js')) ||
  !existsSync(join(root, 'backoffice/dist/index.html'))
if (needsBuild || process.env.FORCE_BUILD === '1') {
  step('building the backend, the storefront and the backoffice')
  runOrExit('npm', ['run', 'build'], root, process.env)
}

const backendEnv = { ...process.env, PORT: backendPort, HOST: '127.0.0.1', TZ: 'UTC' }
// One machine, one instance: the deploy step runs here, before the backend starts (the backend
// itself never migrates; with several instances, `npm run migrate` runs once per deploy).
step(`migrating the ${backendEnv.DB_CONNECTION ?? 'configured'} database (demo data when it has no account)`)
runOrExit('node', [join(root, 'scripts/migrate.ts')], root, backendEnv)

const children: ChildProcess[] = []
function launch(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn('node', args, { cwd, env, stdio: 'inherit' })
  child.on('exit', (code, signal) => {
    step(`${name} stopped (${signal ?? code})`)
    shutdown(code ?? 1)
  })
  children.push(child)
  return child
}

let stopping = false
function shutdown(code: number) {
  if (stopping) return
  stopping = true
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT')
  setTimeout(() => process.exit(code), 3000).unref()
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))

const backendUrl = `http://127.0.0.1:${backendPort}`
launch('backend', backendServer.args, backendServer.cwd, backendServer.env(backendEnv))
launch(
  'gateway',
  gatewayServer.args,
  gatewayServer.cwd,
  gatewayServer.env({ ...process.env, NODE_ENV: 'production', PORT: port, BACKEND_URL: backendUrl })
)

// Report when the first page answers, so start-up time is visible.
const poll = setInterval(async () => {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/`)
    if (response.ok) {
      clearInterval(poll)
      step(`ready on http://localhost:${port} (first page after ${((Date.now() - started) / 1000).toFixed(1)} s)`)
    }
  } catch {
    // not up yet
  }
}, 250)
