import compression from 'compression'
import express from 'express'
import type { Express, Request, RequestHandler } from 'express'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { appendForwardedFor, createApiProxy } from './api-proxy.ts'
import { createBackofficeHandler } from './backoffice.ts'
import { capLiveStreams } from './live-limits.ts'
import type { LiveStreamLimits } from './live-limits.ts'
import type { PageCache } from './page-cache.ts'
import { assignRequestId } from './request-id.ts'
import type { TrustsProxy } from './request-id.ts'
import { backofficePolicy, securityHeaders } from './security-headers.ts'

export interface GatewayOptions {
  backendUrl: string
  backofficeDist: string
  storefront: RequestHandler
  apiTimeoutMs?: number
  pageCache?: PageCache
  /** Express's `trust proxy`: the proxies whose X-Forwarded-* are believed. None by default. */
  trustProxy?: string | string[]
  liveStreams?: LiveStreamLimits
}

/** The one origin: `/api` and `/__transmit` are the backend, `/backoffice` the backoffice, the rest the storefront. */
export function createGateway(options: GatewayOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy ?? false)

  // The backends' Prometheus scrape is for the private network (backend start/metrics.ts): never from here.
  app.use('/metrics', (_req, res) => void res.status(404).type('text/plain; charset=utf-8').send('404 Not Found.'))
  // Live updates: passed on as they come, uncompressed, and never cut for being quiet.
  app.use('/__transmit', capLiveStreams(createApiProxy(options.backendUrl, 0), options.liveStreams))
  // First: a cached page goes out already compressed, with the headers of the render it keeps.
  if (options.pageCache) app.use(options.pageCache.serve)
  app.use(securityHeaders, rejectMalformedPaths)
  app.use(compression())
  app.use('/backoffice', backofficePolicy, createBackofficeHandler(options.backofficeDist))
  app.use(forwardClientAddress, rejectCrossSiteWrites)
  if (options.pageCache) app.use(options.pageCache.capture)
  app.use(options.storefront)

  // `/api` skips Express: its per-request work is about a tenth of an API call's time here.
  const api = createApiProxy(options.backendUrl, options.apiTimeoutMs)
  const gateway = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void }
  const handle = gateway.handle.bind(app)
  const trustsProxy = app.get('trust proxy fn') as TrustsProxy
  gateway.handle = (req, res, next) => {
    res.setHeader('X-Request-Id', assignRequestId(req, trustsProxy))
    if (API_PATH.test(req.url ?? '')) return api(req, res)
    handle(req, res, next)
  }
  return app
}

const API_PATH = /^\/api(?:[/?#]|$)/i

// Longer than clients and load balancers keep an idle connection (60 s), so they close it first, cleanly.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  return server
}

// Undecodable percent-encoding names nothing: 400 here, before the handlers behind decode it their own ways.
const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path)
  } catch {
    return void res.status(400).type('text/plain; charset=utf-8').send('400 Bad Request. The address is malformed.')
  }
  next()
}

// The storefront calls the backend on the visitor's behalf: the backend's per-client limits must see the visitor.
const forwardClientAddress: RequestHandler = (req, _res, next) => {
  req.headers['x-forwarded-for'] = appendForwardedFor(req.headers['x-forwarded-for'], req.socket.remoteAddress)
  next()
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

// Remix would abort a cross-site form post too, but as a bare 500.
const rejectCrossSiteWrites: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin
  if (!WRITE_METHODS.has(req.method) || origin === undefined || originHost(origin) === requestHost(req)) return next()
  res.status(403).type('text/plain; charset=utf-8').send('403 Forbidden. Cross-site form submissions are not allowed.')
}

function originHost(origin: string): string | null {
  return URL.parse(origin)?.host.toLowerCase() ?? null
}

/** The host the browser addressed, as Remix reads it. */
function requestHost(req: Request): string | null {
  const forwarded = req.get('x-forwarded-host')?.split(',')[0]?.trim()
  return (forwarded || req.get('host') || '').toLowerCase() || null
}
