/**
 * The site's one origin: `node server.ts`. Settings (defaults): PORT (3000), HOST (0.0.0.0),
 * BACKEND_URL (http://127.0.0.1:3333), BACKOFFICE_DIST (../backoffice/dist), BACKEND_WAIT_SECONDS
 * (120), PAGE_CACHE_TTL_SECONDS (5 in production, else 0: off), PAGE_CACHE_STALE_SECONDS (10),
 * TRUSTED_PROXIES (none): comma-separated addresses and CIDR ranges whose X-Forwarded-Proto is believed,
 * and SHUTDOWN_DRAIN_SECONDS (0): on SIGTERM, how long answers close their connections before the port closes.
 * NODE_ENV=production serves the build, anything else Vite. The port opens once the API answers.
 */
import { createServer } from 'node:http'
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

const server = keepConnectionsAlive(createServer(app))
server.listen(port, host, () => {
  console.log(
    `Storefront (${production ? 'production' : 'development'}) on http://${host}:${port}, API at ${backendUrl}`
  )
})

// On SIGTERM (a deploy), answers close their connections for SHUTDOWN_DRAIN_SECONDS before the port
// closes, so the balancer holds no idle connection to cut under a request; Ctrl-C stops at once.
const drainMs = Number(process.env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000
let stopping = false
function shutdown(signal: string): void {
  if (stopping) return
  stopping = true
  console.log(`${signal}: finishing open requests, then stopping`)
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'))
  setTimeout(
    () => {
      const forceExit = setTimeout(() => {
        console.error('Open connections did not finish in 10 s; stopping anyway')
        process.exit(1)
      }, 10_000)
      forceExit.unref()
      lotEvents?.close()
      server.close(async (error) => {
        await storefront.close()
        process.exit(error ? 1 : 0)
      })
      server.closeIdleConnections()
    },
    signal === 'SIGTERM' ? drainMs : 0
  )
}

process.on('SIGTERM', () => shutdown('SIGTERM'))
process.on('SIGINT', () => shutdown('SIGINT'))
