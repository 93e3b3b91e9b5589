/**
 * The production topology (docker-compose.yml, docs/deploy.md) on this machine, without Docker,
 * for `npm run test:cluster` and `npm run bench -- cluster`:
 *
 *   nginx (deploy/nginx.conf, names and ports replaced) ─┬─ /api, /__transmit ─► backend-1 … backend-N
 *                                                      └─ everything else ───► gateway-1 … gateway-M
 *   gateways ─► nginx's internal port ─► backends
 *   backends ─► MariaDB (a fresh database, prepared by the deploy step `npm run migrate`)
 *            ─► Redis (the server already running, a logical database and key prefix of their own)
 *            ─► s3rver (S3 protocol, a temporary folder; the same Drive S3 driver production uses)
 *
 *   const cluster = await startCluster({ database: 'aero_cluster' })
 *   await fetch(`${cluster.baseURL}/api/lots/public`)        // through the balancer
 *   await cluster.instances[1].kill()                         // SIGKILL one backend
 *   await cluster.stop()
 *
 * `node scripts/cluster.ts` starts one (database CLUSTER_DB_NAME, default aero_cluster) and keeps
 * it up until Ctrl-C. Settings: MYSQL_* (the MariaDB server, as scripts/stack.ts reads them),
 * CLUSTER_REDIS_URL (default redis://127.0.0.1:6379/9), NGINX_BIN (default /usr/sbin/nginx or
 * `nginx` on the PATH). The gateways need the storefront build (`npm run build`).
 *
 * nginx runs as a process of ours (its own prefix, config, pid and logs in a temporary folder,
 * `daemon off`), never the system's service. Only erasable TypeScript: Node's type stripping runs it.
 */
import { spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import { naturalSortKey } from '../database/natural_sort.ts'
import { assertBackendBuilt, backendServer } from './backend-server.ts'
import { gatewayServer } from './gateway-server.ts'
import { freePort, launch, mysqlServer, resetMysqlDatabase, stopChild, stopChildrenOnExit, waitFor } from './stack.ts'

const root = join(import.meta.dirname, '..')
const backendDir = join(root, 'backend')
const storefrontDir = join(root, 'storefront')

/** The demo data's approved agency member: the cluster's members join its agency, with its password. */
export const DEMO_PASSWORD = 'Demo@2024'
const DEMO_MEMBER_EMAIL = 'member@aero-demo.my'

export interface ClusterOptions {
  /** The MariaDB database, dropped and created again. */
  database: string
  /** How many backend instances (2). */
  instances?: number
  /** How many storefront gateways (1); 0 for none (no build needed). */
  gateways?: number
  /** Also a second nginx, in front of only the first backend and the first gateway (the bench's "one instance"). */
  single?: boolean
  /** More environment for the backends and the deploy step. */
  env?: Record<string, string>
  /** Runs after the deploy step, before the backends start (extra rows). */
  prepare?: (db: mysql.Connection) => Promise<void>
}

export interface ClusterInstance {
  /** backend-1, backend-2, ...: its `X-Instance` header. */
  name: string
  /** The instance itself, http://127.0.0.1:<port>. */
  url: string
  /** What it printed so far. */
  output: () => string
  /** SIGKILL, as a machine that dies: no graceful stop. */
  kill: () => Promise<void>
  /** A deploy's restart: SIGTERM, its exit awaited, then the same instance started again until it is ready. */
  restart: () => Promise<void>
}

export interface Cluster {
  /** Where clients go: nginx, http://127.0.0.1:<port>. */
  baseURL: string
  /** nginx's internal port (the gateways' BACKEND_URL). */
  internalURL: string
  /** With `single`: the nginx in front of backend-1 and gateway-1 only. */
  singleURL: string | null
  instances: ClusterInstance[]
  /** The storefront's gateways, gateway-1 …: the same handles (no X-Instance header of their own). */
  gateways: ClusterInstance[]
  database: string
  /** s3rver's folder: the objects stored, per bucket. */
  s3Directory: string
  redis: { url: string; prefix: string }
  /** nginx's error log so far. */
  nginxErrors: () => string
  stop: () => Promise<void>
}

/** Names nginx and what the balancer is built from, with a clear error when one is missing here. */
function nginxBinary(): string {
  const configured = process.env.NGINX_BIN
  if (configured) return configured
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx'
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim()
  throw new Error('nginx is not installed (apt-get install nginx-light, or set NGINX_BIN); .ci/run installs it')
}

/** One Redis command's first reply line over a plain socket (no client library needed). */
async function redisPing(url: string): Promise<void> {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port || 6379) })
  socket.setTimeout(3_000, () => socket.destroy(new Error('timed out')))
  try {
    await once(socket, 'connect')
    socket.write('PING\r\n')
    const [reply] = (await once(socket, 'data')) as [Buffer]
    if (!reply.toString().startsWith('+PONG')) throw new Error(`answered ${reply.toString().trim()}`)
  } catch (error) {
    throw new Error(`Redis at ${url} does not answer (${(error as Error).message}); .ci/run starts one`)
  } finally {
    socket.destroy()
  }
}

/**
 * deploy/nginx.conf as it runs here: the compose service names replaced by this machine's
 * ports (every backend and gateway listed), no Docker DNS (`resolver`, `resolve`), its own pid,
 * logs and temporary folders, in the foreground. Everything else (upstreams, health, retries,
 * the unbuffered and sticky /__transmit) is the production file's.
 */
export function nginxConfig(
  template: string,
  options: { dir: string; publicPort: number; internalPort: number; backends: string[]; gateways: string[] }
): string {
  let config = template
  const replace = (pattern: RegExp, by: (...groups: string[]) => string) => {
    if (!pattern.test(config)) throw new Error(`deploy/nginx.conf: nothing matches ${pattern}`)
    config = config.replace(pattern, (...match) => by(...(match as string[])))
  }
  replace(/^\s*resolver [^;]*;\n/m, () => '')
  replace(/access_log \/dev\/stdout[^;]*;/, () => 'access_log off;')
  replace(/error_log \/dev\/stderr (\w+);/, (_, level) => `error_log ${options.dir}/error.log ${level};`)
  replace(/^(\s*)server backend-1:\d+( resolve)?([^;]*);\n/gm, (_, indent, __, params) =>
    options.backends.map((address) => `${indent}server ${address}${params};\n`).join('')
  )
  config = config.replace(/^\s*server backend-(?!1:)\d+:\d+[^;]*;\n/gm, '')
  replace(/^(\s*)server gateway:\d+( resolve)?([^;]*);\n/gm, (_, indent, __, params) =>
    options.gateways.map((address) => `${indent}server ${address}${params};\n`).join('')
  )
  replace(/listen 80;/, () => `listen 127.0.0.1:${options.publicPort};`)
  replace(/listen 8081;/, () => `listen 127.0.0.1:${options.internalPort};`)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${options.dir}/${name}_temp;`)
    .join('\n')
  replace(/^http \{\n/m, () => `http {\n${temp}\n`)
  const head = [
    '# Generated by scripts/cluster.ts from deploy/nginx.conf',
    'daemon off;',
    `pid ${options.dir}/nginx.pid;`,
    `error_log ${options.dir}/error.log warn;`,
  ]
  return `${head.join('\n')}\n${config}`
}

type Nginx = { url: string; internalURL: string; errors: () => string; stop: () => Promise<void> }

async function startNginx(
  backends: string[],
  gateways: string[],
  children: ChildProcess[],
  publicPort?: number
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'aero-nginx-'))
  // Run as root, nginx's workers are `nobody`: they must reach the temporary folders.
  chmodSync(dir, 0o755)
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, `${name}_temp`))
    chmodSync(join(dir, `${name}_temp`), 0o777)
  }
  publicPort ??= await freePort()
  const internalPort = await freePort()
  const template = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8')
  const file = join(dir, 'nginx.conf')
  writeFileSync(file, nginxConfig(template, { dir, publicPort, internalPort, backends, gateways }))
  const binary = nginxBinary()
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '')
  const test = spawnSync(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', file, '-t'], { encoding: 'utf8' })
  if (test.status !== 0) throw new Error(`nginx refused its configuration:\n${test.stderr}`)
  const child = launch(
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', file],
    dir,
    process.env,
    children,
    'pipe',
    binary
  )
  child.stdout?.resume()
  child.stderr?.resume()
  const url = `http://127.0.0.1:${publicPort}`
  await waitFor(`${url}/nginx-is-up`, 'nginx', child, () => true)
  return {
    url,
    internalURL: `http://127.0.0.1:${internalPort}`,
    errors,
    stop: async () => {
      await stopChild(child)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A child's output, kept (the last 200 kB) for a failure's message. */
/** Sends the signal and waits for the exit; a process already gone is left as it is. */
async function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill(signal)
  await exited
}

function keepOutput(child: ChildProcess) {
  let output = ''
  const add = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000)
  }
  child.stdout?.on('data', add)
  child.stderr?.on('data', add)
  return () => output
}

type S3 = { endpoint: string; directory: string; stop: () => Promise<void> }

/** s3rver (the backend's devDependency) on a free port, both buckets made. */
async function startS3(): Promise<S3> {
  type S3rver = { run: () => Promise<{ port: number }>; close: () => Promise<void> }
  const S3rverClass = createRequire(join(backendDir, 'package.json'))('s3rver') as new (
    options: Record<string, unknown>
  ) => S3rver
  const directory = mkdtempSync(join(tmpdir(), 'aero-cluster-s3-'))
  const server = new S3rverClass({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'aero-private' }, { name: 'aero-public' }],
  })
  const { port } = await server.run()
  // s3rver removes a folder with its last object, and its PutObject crashes on a folder removed under
  // it: the instances' readiness probes write and delete in health/. A file of our own keeps it.
  for (const bucket of ['aero-private', 'aero-public']) {
    mkdirSync(join(directory, bucket, 'health'), { recursive: true })
    writeFileSync(join(directory, bucket, 'health', 'kept-by-the-cluster'), '')
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    stop: async () => {
      await server.close()
      // s3rver may still be finishing a write it accepted before closing: its folder goes when this process does.
      process.once('exit', () => rmSync(directory, { recursive: true, force: true }))
    },
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  stopChildrenOnExit()
  const instanceCount = options.instances ?? 2
  const gatewayCount = options.gateways ?? 1
  if (gatewayCount > 0 && !existsSync(join(storefrontDir, 'build', 'server'))) {
    throw new Error('The gateways serve the storefront build: run `npm run build` first')
  }
  const children: ChildProcess[] = []
  const stoppers: Array<() => Promise<void>> = []
  const stop = async () => {
    await Promise.all(children.map(stopChild))
    for (const stopOne of stoppers.reverse()) await stopOne().catch(() => {})
  }

  try {
    const redisUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9'
    await redisPing(redisUrl)
    // Limiter counts expire by themselves and the bus keeps nothing: a prefix of our own is all the cleaning needed.
    const redisPrefix = `aero-cluster-${randomBytes(4).toString('hex')}:`

    const s3 = await startS3()
    stoppers.push(s3.stop)

    const publicPort = await freePort()
    const baseURL = `http://127.0.0.1:${publicPort}`
    const backendEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      TZ: 'UTC',
      HOST: '127.0.0.1',
      // The deploy step reads it too; each instance has its own.
      PORT: String(publicPort),
      APP_URL: baseURL,
      // Every instance signs and reads the same cookies.
      APP_KEY: randomBytes(32).toString('base64url'),
      // ...and reads the same encrypted booking documents (config/documents.ts).
      DOCUMENTS_MASTER_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      SESSION_DRIVER: 'database',
      DB_CONNECTION: 'mysql',
      MYSQL_HOST: mysqlServer.host,
      MYSQL_PORT: String(mysqlServer.port),
      MYSQL_USER: mysqlServer.user,
      MYSQL_PASSWORD: mysqlServer.password,
      MYSQL_DB_NAME: options.database,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      DRIVE_DISK: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'aero-private',
      S3_PUBLIC_BUCKET: 'aero-public',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      // nginx runs on this machine: only loopback peers may say who the client is.
      TRUSTED_PROXIES: '127.0.0.1,::1',
      ...options.env,
    }
    for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USERNAME', 'SMTP_PASSWORD', 'LIMITER_STORE']) {
      if (!options.env?.[name]) delete backendEnv[name]
    }

    // The deploy step, once, before any instance starts (the instances never migrate).
    await resetMysqlDatabase(options.database)
    // Not spawnSync: s3rver answers from this process while the step runs (it checks the buckets).
    const migrate = launch([join(root, 'scripts', 'migrate.ts')], root, backendEnv, children, 'pipe')
    const migrateOutput = keepOutput(migrate)
    const [status] = (await once(migrate, 'exit')) as [number | null]
    if (status !== 0) throw new Error(`npm run migrate failed:\n${migrateOutput()}`)
    if (options.prepare) {
      const db = await mysql.createConnection({ ...mysqlServer, database: options.database })
      try {
        await options.prepare(db)
      } finally {
        await db.end()
      }
    }

    assertBackendBuilt()
    const instances: ClusterInstance[] = []
    const started: Array<{ child: ChildProcess; url: string; name: string }> = []
    for (let i = 1; i <= instanceCount; i++) {
      const port = await freePort()
      const name = `backend-${i}`
      const url = `http://127.0.0.1:${port}`
      const launchBackend = () => {
        const child = launch(
          backendServer.args,
          backendServer.cwd,
          backendServer.env({ ...backendEnv, PORT: String(port), INSTANCE_NAME: name }),
          children,
          'pipe'
        )
        return { child, output: keepOutput(child) }
      }
      let backend = launchBackend()
      started.push({ child: backend.child, url, name })
      instances.push({
        name,
        url,
        output: () => backend.output(),
        kill: () => stopWith(backend.child, 'SIGKILL'),
        restart: async () => {
          await stopWith(backend.child, 'SIGTERM')
          backend = launchBackend()
          await waitFor(`${url}/api/health/ready`, name, backend.child, (status) => status === 200)
        },
      })
    }
    // Ready, not just live: database, migrations, Redis and the buckets answer.
    await Promise.all(
      started.map(({ child, url, name }, i) =>
        waitFor(`${url}/api/health/ready`, name, child, (status) => status === 200).catch((error: Error) => {
          throw new Error(`${error.message}\n${instances[i].output()}`)
        })
      )
    )

    const gatewayPorts = await Promise.all(Array.from({ length: gatewayCount }, () => freePort()))
    const backendAddresses = started.map(({ url }) => url.replace('http://', ''))
    const gatewayAddresses = gatewayPorts.length
      ? gatewayPorts.map((port) => `127.0.0.1:${port}`)
      : // nginx needs a gateway upstream: a port nothing listens on (pages answer 502 without gateways).
        [`127.0.0.1:${await freePort()}`]
    const nginx = await startNginx(backendAddresses, gatewayAddresses, children, publicPort)
    stoppers.push(nginx.stop)
    let single: Nginx | null = null
    if (options.single) {
      single = await startNginx(backendAddresses.slice(0, 1), gatewayAddresses.slice(0, 1), children)
      stoppers.push(single.stop)
    }

    const gateways: ClusterInstance[] = []
    await Promise.all(
      gatewayPorts.map(async (port, i) => {
        const name = `gateway-${i + 1}`
        const url = `http://127.0.0.1:${port}`
        const launchGateway = () => {
          const child = launch(
            gatewayServer.args,
            gatewayServer.cwd,
            gatewayServer.env({
              ...process.env,
              NODE_ENV: 'production',
              TZ: 'UTC',
              HOST: '127.0.0.1',
              PORT: String(port),
              BACKEND_URL: nginx.internalURL,
              TRUSTED_PROXIES: '127.0.0.1,::1',
              ...(options.env?.SHUTDOWN_DRAIN_SECONDS && {
                SHUTDOWN_DRAIN_SECONDS: options.env.SHUTDOWN_DRAIN_SECONDS,
              }),
            }),
            children,
            'pipe'
          )
          return { child, output: keepOutput(child) }
        }
        const ready = (child: ChildProcess) => waitFor(`${url}/`, name, child, (status) => status < 500)
        let gateway = launchGateway()
        gateways[i] = {
          name,
          url,
          output: () => gateway.output(),
          kill: () => stopWith(gateway.child, 'SIGKILL'),
          restart: async () => {
            await stopWith(gateway.child, 'SIGTERM')
            gateway = launchGateway()
            await ready(gateway.child)
          },
        }
        await ready(gateway.child).catch((error: Error) => {
          throw new Error(`${error.message}\n${gateway.output()}`)
        })
      })
    )
    await waitFor(`${baseURL}/api/health/ready`, 'nginx', started[0].child, (status) => status === 200)

    return {
      baseURL,
      internalURL: nginx.internalURL,
      singleURL: single?.url ?? null,
      instances,
      gateways,
      database: options.database,
      s3Directory: s3.directory,
      redis: { url: redisUrl, prefix: redisPrefix },
      nginxErrors: nginx.errors,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

// ----------------------------------------------------------------------------------------------
// Rows the proofs and the bench need, straight in the database (signing 200 people up is not the point).

/** `count` approved members of the demo member's agency, password DEMO_PASSWORD: their emails. */
export async function insertMembers(db: mysql.Connection, count: number, prefix = 'cluster-member'): Promise<string[]> {
  const [[member]] = (await db.query('select password, agency_id from users where email = ?', [
    DEMO_MEMBER_EMAIL,
  ])) as unknown as [[{ password: string; agency_id: number }]]
  const now = new Date()
  const emails = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}@cluster.example`)
  await db.query(
    'insert into users (name, email, password, role, position, agency_id, agency_status, agency_status_date, created_at, updated_at) values ?',
    [
      emails.map((email, i) => [
        `Cluster Member ${i + 1}`,
        email,
        member.password,
        'user',
        'Member',
        member.agency_id,
        'approved',
        now,
        now,
        now,
      ]),
    ]
  )
  return emails
}

/** `count` new available shop lots on the hub, numbered `<prefix>-1` ...: their ids, in order. */
export async function insertLots(db: mysql.Connection, count: number, prefix: string): Promise<number[]> {
  const [[hub]] = (await db.query(
    "select development_id, phase, location from lots where kind = 'lot' and type_code is not null order by id limit 1"
  )) as unknown as [[{ development_id: number; phase: number | null; location: string | null }]]
  const now = new Date()
  const numbers = Array.from({ length: count }, (_, i) => [`${prefix}-${i + 1}`, `${prefix}-U${i + 1}`])
  await db.query(
    'insert into lots (development_id, kind, lot_number, lot_number_sort, unit_number, unit_number_sort, type, type_code, property_type, price, phase, location, status, created_at, updated_at) values ?',
    [
      numbers.map(([lotNumber, unitNumber]) => [
        hub.development_id,
        'lot',
        lotNumber,
        naturalSortKey(lotNumber),
        unitNumber,
        naturalSortKey(unitNumber),
        'INTERMEDIATE (B)',
        'B',
        'Intermediate',
        468_000,
        hub.phase,
        hub.location,
        'available',
        now,
        now,
      ]),
    ]
  )
  const [lots] = (await db.query('select id from lots where lot_number like ? order by id', [
    `${prefix}-%`,
  ])) as unknown as [{ id: number }[]]
  return lots.map((lot) => lot.id)
}

if (import.meta.main) {
  const database = process.env.CLUSTER_DB_NAME ?? 'aero_cluster'
  const cluster = await startCluster({ database })
  console.log(`Cluster up on ${cluster.baseURL} (${cluster.instances.map((i) => `${i.name} ${i.url}`).join(', ')})`)
  console.log('Ctrl-C stops it')
  process.once('SIGINT', () => {
    void cluster.stop().then(() => process.exit(0))
  })
}
