import { test } from '@japa/runner'
import { spawnSync } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import { parse } from 'yaml'

/**
 * The production topology (docker-compose.yml, deploy/, docs/deploy.md) cannot be started on
 * these machines (no Docker engine): this reads it and checks what would only fail on a real
 * deploy. `docker compose config` (or docker-compose) checks the syntax where it is installed.
 */

const repo = app.makePath('..')
const read = (path: string) => readFileSync(join(repo, path), 'utf8')

type Service = {
  image?: string
  build?: { context: string; dockerfile: string }
  command?: string[]
  working_dir?: string
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  ports?: string[]
  volumes?: string[]
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> }
const services = compose.services
const instances = ['backend-1', 'backend-2']

/** Every setting the backend declares (start/env.ts). */
const backendSettings = new Set(
  [...read('backend/start/env.ts').matchAll(/^\s+([A-Z][A-Z0-9_]*): Env\.schema/gm)].map((m) => m[1])
)

test.group('Deploy | the production topology', () => {
  test('MySQL 8, Redis 7, MinIO, the deploy step, two backend instances, the gateway and nginx', ({ assert }) => {
    assert.includeMembers(Object.keys(services), [
      'mysql',
      'redis',
      'minio',
      'minio-buckets',
      'migrate',
      ...instances,
      'gateway',
      'nginx',
    ])
    assert.match(services.mysql.image!, /^mysql:8\./)
    assert.match(services.redis.image!, /^redis:7/)
    assert.match(services.minio.image!, /^minio\/minio:/)
    // Only nginx is published.
    for (const [name, service] of Object.entries(services)) {
      if (name !== 'nginx') assert.isUndefined(service.ports, `${name} publishes no port`)
    }
  })

  test('every dependency is a service, and the instances start only after the deploy step succeeded', ({ assert }) => {
    for (const [name, service] of Object.entries(services)) {
      for (const dependency of Object.keys(service.depends_on ?? {})) {
        assert.property(services, dependency, `${name} depends on ${dependency}`)
      }
    }
    for (const name of instances) {
      const instance = services[name]
      assert.deepEqual(instance.command, ['node', 'build/bin/server.js'])
      assert.deepEqual(instance.depends_on?.migrate, { condition: 'service_completed_successfully' })
      assert.include(instance.healthcheck?.test.join(' '), '/api/health/ready')
    }
    assert.deepEqual(services.migrate.command, ['node', 'scripts/migrate.ts'])
    assert.deepEqual(services.migrate.depends_on?.['minio-buckets'], { condition: 'service_completed_successfully' })
  })

  test('the instances and the deploy step share one configuration, of settings the backend reads', ({ assert }) => {
    const settings = services['backend-1'].environment!
    assert.deepEqual(services['backend-2'].environment, settings)
    assert.deepEqual(services.migrate.environment, settings)
    for (const name of Object.keys(settings)) {
      // The *_FILE and *_GENERATE settings are the entrypoint's (deploy/entrypoint.sh), TZ Node's; the rest the backend's.
      if (!['APP_KEY_FILE', 'DOCUMENTS_MASTER_KEY_FILE', 'DOCUMENTS_MASTER_KEY_GENERATE', 'TZ'].includes(name)) {
        assert.isTrue(backendSettings.has(name), `${name} is declared in start/env.ts`)
      }
    }
    assert.containSubset(settings, {
      NODE_ENV: 'production',
      DB_CONNECTION: 'mysql',
      MYSQL_HOST: 'mysql',
      REDIS_URL: 'redis://redis:6379/0',
      DRIVE_DISK: 's3',
      S3_ENDPOINT: 'http://minio:9000',
    })
    assert.isNotEmpty(settings.TRUSTED_PROXIES)
    assert.equal(services.gateway.environment?.BACKEND_URL, 'http://nginx:8081')
  })

  test('the image: every role from one Dockerfile on Node 24, the entrypoint executable', ({ assert }) => {
    const dockerfile = read('Dockerfile')
    assert.match(dockerfile, /^FROM node:24-bookworm AS build$/m)
    assert.match(dockerfile, /^FROM node:24-bookworm-slim AS runtime$/m)
    assert.include(dockerfile, 'ENTRYPOINT ["/app/deploy/entrypoint.sh"]')
    assert.match(dockerfile, /^ENV .*MALLOC_MMAP_THRESHOLD_=131072/m)
    accessSync(join(repo, 'deploy/entrypoint.sh'), constants.X_OK)
    for (const name of ['migrate', ...instances, 'gateway']) {
      assert.deepEqual(services[name].build, { context: '.', dockerfile: 'Dockerfile' }, name)
    }
  })

  test('nginx: the upstreams are the services, live updates unbuffered and never cut while quiet', ({ assert }) => {
    const nginx = read('deploy/nginx.conf')
    assert.include(services.nginx.volumes, './deploy/nginx.conf:/etc/nginx/nginx.conf:ro')
    const upstreams = Object.fromEntries(
      [...nginx.matchAll(/upstream (\w+) \{([^}]*)\}/g)].map(([, name, body]) => [
        name,
        [...body.matchAll(/server ([\w-]+):(\d+)/g)].map(([, host, port]) => `${host}:${port}`),
      ])
    )
    assert.deepEqual(upstreams, {
      backend: ['backend-1:3333', 'backend-2:3333'],
      backend_live: ['backend-1:3333', 'backend-2:3333'],
      gateway: ['gateway:3000'],
    })
    for (const name of instances) assert.equal(services[name].environment?.PORT, '3333')
    assert.equal(services.gateway.environment?.PORT, '3000')
    // A stream and its subscriptions on one instance (Transmit keeps them in memory).
    assert.match(nginx, /upstream backend_live \{[^}]*hash \$binary_remote_addr consistent;/)

    const live = [...nginx.matchAll(/location \/__transmit\/ \{([^}]*)\}/g)].map(([, body]) => body)
    assert.lengthOf(live, 2, 'the public port and the internal one')
    for (const body of live) {
      assert.include(body, 'proxy_pass http://backend_live;')
      assert.include(body, 'proxy_buffering off;')
      assert.match(body, /proxy_read_timeout 1h;/)
    }
    assert.match(nginx, /location \/api\/ \{\s*proxy_pass http:\/\/backend;/)
    assert.match(nginx, /listen 8081;/)
  })

  const cli = ['docker compose', 'docker-compose'].find(
    (command) => spawnSync('sh', ['-c', `${command} version`], { stdio: 'ignore' }).status === 0
  )
  test('`docker compose config` accepts the file', ({ assert }) => {
    const run = spawnSync('sh', ['-c', `${cli} -f docker-compose.yml config --quiet`], { cwd: repo, encoding: 'utf8' })
    assert.equal(run.status, 0, run.stderr)
  }).skip(!cli, 'neither `docker compose` nor docker-compose is installed')
})
