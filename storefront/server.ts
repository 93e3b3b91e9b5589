/**
 * The site's one origin: `node server.ts`. Settings (defaults): PORT (3000), HOST (0.0.0.0),
 * BACKEND_URL (http://127.0.0.1:3333), BACKOFFICE_DIST (../backoffice/dist), BACKEND_WAIT_SECONDS
 * (120), PAGE_CACHE_TTL_SECONDS (5 in production, else 0: off), PAGE_CACHE_STALE_SECONDS (10),
 * TRUSTED_PROXIES (none): comma-separated addresses and CIDR ranges whose X-Forwarded-Proto is believed,
 * and SHUTDOWN_DRAIN_SECONDS (0): on SIGTERM, how long it drains (below) before it stops.
 * NODE_ENV=production serves the build, anything else Vite. The port opens once the API answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import net from 'node:net'
import path from 'node:path'
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

const storefront = await createStorefront({ root, production })
const pageCacheTtl = Number(process.env.PAGE_CACHE_TTL_SECONDS ?? (production ? 5 : 0))
const pageCache =
  pageCacheTtl > 0
    ? createPageCache({ ttlSeconds: pageCacheTtl, staleSeconds: Number(process.env.PAGE_CACHE_STALE_SECONDS ?? 10) })
    : undefined
const trustProxy = (process.env.TRUSTED_PROXIES ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter((entry) => entry !== '' && entry !== 'none')
const app = createGateway({
  backendUrl,
  backofficeDist,
  storefront: storefront.handler,
  pageCache,
  trustProxy,
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

// A lot's change drops the cached pages at once; so does each reconnection, as changes may have been missed.
const lotEvents = pageCache
  ? subscribeToLotEvents({ backendUrl, onMessage: pageCache.invalidate, onConnect: pageCache.invalidate })
  : undefined

// While draining behind a balancer, reads are refused with a 502 it retries on another gateway and counts
// against this one, so it stops routing here before the port closes (the backend's core/drain.ts does the same).
let refusingReads = false
const refuseRead = (req: IncomingMessage, res: ServerResponse) => {
  if (!refusingReads || (req.method !== 'GET' && req.method !== 'HEAD')) return false
  res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '1', Connection: 'close' })
  res.end(JSON.stringify({ message: 'This server is stopping. Please try again.' }))
  return true
}
const server = keepConnectionsAlive(createServer((req, res) => refuseRead(req, res) || app(req, res)))
server.listen(port, host, () => {
  console.log(
    `Storefront (${production ? 'production' : 'development'}) on http://${host}:${port}, API at ${backendUrl}`
  )
})

// On SIGTERM (a deploy), for SHUTDOWN_DRAIN_SECONDS: answers close their connections, reads are refused,
// and the port closes a second in, so neither an idle connection nor a request in the port's queue is
// cut under the balancer; then the open requests finish. Ctrl-C stops at once.
const drainMs = Number(process.env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000
const PORT_OPEN_INTO_DRAIN_MS = 1_000
let stopping = false
function shutdown(signal: string): void {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing open requests, then stopping`)
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'))
  const waitMs = signal === 'SIGTERM' ? drainMs : 0
  if (waitMs > 0) {
    refusingReads = true
    // The listening socket only: http.Server's own close would also cut the idle keep-alive connections.
    setTimeout(
      () => server.listening && net.Server.prototype.close.call(server),
      Math.min(PORT_OPEN_INTO_DRAIN_MS, waitMs)
    )
  }
  setTimeout(() => {
    const forceExit = setTimeout(() => {
      console.error('Open connections did not finish in 10 s; stopping anyway')
      process.exit(1)
    }, 10_000)
    forceExit.unref()
    lotEvents?.close()
    server.close(async (error) => {
      await storefront.close()
      // A port closed earlier in the drain is no failure.
      process.exit(error && (error as NodeJS.ErrnoException).code !== 'ERR_SERVER_NOT_RUNNING' ? 1 : 0)
    })
    server.closeIdleConnections()
  }, waitMs)
}

process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
