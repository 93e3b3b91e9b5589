/**
 * The storefront's server and the site's one origin: `node server.ts`.
 * PORT (3000), HOST (0.0.0.0), BACKEND_URL (http://127.0.0.1:3333), BACKOFFICE_DIST
 * (../backoffice/dist), BACKEND_WAIT_SECONDS (120: how long to wait for the API before giving up);
 * NODE_ENV=production serves the build, anything else Vite. The port opens once the API answers.
 * TRUSTED_PROXIES (none): the proxies in front whose X-Forwarded-Proto says a request came over
 * HTTPS, comma-separated addresses and CIDR ranges (`none`: none), as the backend reads them; HSTS needs it.
 * API_IN_PROCESS=1 (an option for one host; two processes by default): the backend runs in this process, listens on BACKEND_URL's
 * port as it would on its own, reads the same environment as `node bin/server.ts` would, and answers the
 * site's `/api` calls without a loopback hop (docs/decisions/api-in-process.md). BACKEND_DIR (../backend).
 * HAND_OFF_API_CLIENTS=1 (set by scripts/start.ts, which relays): an API client's connection (its first
 * request for `/api` with a bearer token) is handed to the backend through the parent (server/api-handoff.ts).
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createApiCache } from './server/api-cache.ts'
import { handOffThroughParent, routeConnections } from './server/api-handoff.ts'
import { createGateway, keepConnectionsAlive } from './server/gateway.ts'
import { subscribeToLotEvents } from './server/lot-events.ts'
import { createPageCache } from './server/page-cache.ts'
import { createStorefront } from './server/storefront.ts'
import { waitForBackend } from './server/wait-for-backend.ts'

const root = import.meta.dirname
const production = process.env.NODE_ENV === 'production'
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
const backendUrl = process.env.BACKEND_URL ?? 'http://127.0.0.1:3333'
const backofficeDist = path.resolve(root, process.env.BACKOFFICE_DIST ?? '../backoffice/dist')

const inProcessApi = process.env.API_IN_PROCESS === '1' ? await startBackendHere(backendUrl) : undefined
const storefront = await createStorefront({ root, production })
const pageCacheTtl = Number(process.env.PAGE_CACHE_TTL_SECONDS ?? (production ? 5 : 0))
const pageCache =
  pageCacheTtl > 0
    ? createPageCache({ ttlSeconds: pageCacheTtl, staleSeconds: Number(process.env.PAGE_CACHE_STALE_SECONDS ?? 10) })
    : undefined
const apiCacheTtl = Number(process.env.API_CACHE_TTL_SECONDS ?? (production ? 5 : 0))
const apiCache = apiCacheTtl > 0 ? createApiCache({ ttlSeconds: apiCacheTtl }) : undefined
const trustProxy = (process.env.TRUSTED_PROXIES ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter((entry) => entry !== '' && entry !== 'none')
const app = createGateway({
  backendUrl,
  backofficeDist,
  storefront: storefront.handler,
  pageCache,
  apiCache,
  trustProxy,
  inProcessApi: inProcessApi?.handle,
})

try {
  await waitForBackend(backendUrl, {
    timeoutMs: Number(process.env.BACKEND_WAIT_SECONDS ?? 120) * 1000,
    onWaiting: (url) => console.log(`Waiting for the API (${url}) before opening port ${port}`),
  })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

// Every change of a lot drops the cached pages and API answers at once (each reconnection too: changes may have been missed).
function invalidateCaches(): void {
  pageCache?.invalidate()
  apiCache?.invalidate()
}
const lotEvents =
  pageCache || apiCache
    ? subscribeToLotEvents({ backendUrl, onMessage: invalidateCaches, onConnect: invalidateCaches })
    : undefined

const server = keepConnectionsAlive(createServer(app))
// With two processes started by one parent (scripts/start.ts), API clients' connections go to
// the backend itself (server/api-handoff.ts); the rest, and every connection otherwise, are served here.
const handOff = inProcessApi ? undefined : handOffThroughParent(server)
const listener = handOff ? routeConnections(server, handOff) : server
listener.listen(port, host, () => {
  console.log(
    `Storefront (${production ? 'production' : 'development'}) on http://${host}:${port}, API at ${backendUrl}${handOff ? " (API clients' connections handed to it)" : ''}`
  )
})

let stopping = false
function shutdown(signal: string): void {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing open requests, then stopping`)
  // Keep-alive connections would hold the server open; requests in flight may finish.
  const forceExit = setTimeout(() => {
    console.error('Open connections did not finish in 10 s; stopping anyway')
    process.exit(1)
  }, 10_000)
  forceExit.unref()
  lotEvents?.close()
  listener.close(async (error) => {
    await storefront.close()
    await inProcessApi?.stop()
    process.exit(error ? 1 : 0)
  })
  // The pages' server when another listener takes the connections: its idle ones closed too.
  if (listener !== server) server.close()
  server.closeIdleConnections()
}

process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))

interface InProcessBackend {
  handle: (req: IncomingMessage, res: ServerResponse) => void
  stop: () => Promise<void>
}

/**
 * The backend in this process (backend/bin/in_process.ts), listening on BACKEND_URL's port as it
 * would on its own; its request handler answers the gateway's API calls without the loopback hop.
 */
async function startBackendHere(url: string): Promise<InProcessBackend> {
  const address = new URL(url)
  // The backend reads where it listens from PORT and HOST, as bin/server.ts does.
  process.env.PORT = address.port || '80'
  process.env.HOST = address.hostname
  // The backend's TypeScript (decorators) loads the backend's way, with its tsconfig, which
  // names its files .js.
  const backendDir = path.resolve(root, process.env.BACKEND_DIR ?? '../backend')
  process.env.TS_EXEC_PWD = backendDir
  await import('@poppinss/ts-exec')
  const entry = pathToFileURL(path.join(backendDir, 'bin/in_process.js')).href
  try {
    const backend = (await import(entry)) as { startBackendInProcess: () => Promise<InProcessBackend> }
    return await backend.startBackendInProcess()
  } catch (error) {
    console.error(`The backend did not start: ${(error as Error).stack ?? error}`)
    process.exit(1)
  }
}
