import compression from 'compression'
import express from 'express'
import type { Express, Request, RequestHandler } from 'express'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { appendForwardedFor, createApiProxy } from './api-proxy.ts'
import type { ProxyHandler } from './api-proxy.ts'
import { createBackofficeHandler } from './backoffice.ts'
import { capLiveStreams, clientAddressOf, DEFAULT_LIVE_STREAM_LIMITS } from './live-limits.ts'
import type { LiveStreamLimits } from './live-limits.ts'
import type { PageCache } from './page-cache.ts'
import { backofficePolicy, securityHeaders } from './security-headers.ts'

export interface GatewayOptions {
  /** The backend the `/api/*` requests go to. */
  backendUrl: string
  /** The backoffice's build output (`index.html`, `assets/`). */
  backofficeDist: string
  /** Everything else: the storefront (the Remix request handler and its assets). */
  storefront: RequestHandler
  /** Idle timeout of a proxied API call (ms). */
  apiTimeoutMs?: number
  /** The shared cache of the public pages for anonymous visitors (page-cache.ts); none when not given. */
  pageCache?: PageCache
  /**
   * The proxies in front of the gateway whose X-Forwarded-Proto is believed (Express's `trust
   * proxy`: addresses and CIDR ranges): a request is HTTPS (and gets HSTS) only over TLS or
   * through one of them. None by default.
   */
  trustProxy?: string | string[]
  /** How many live-update streams are held open, per client address and in all (live-limits.ts). */
  liveStreams?: LiveStreamLimits
}

/**
 * The one origin the browser sees: `/api` is the backend, `/backoffice` the
 * backoffice, the rest the storefront.
 */
export function createGateway(options: GatewayOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  // Whose X-Forwarded-Proto (and -For, -Host) Express believes: none unless configured.
  app.set('trust proxy', options.trustProxy ?? false)

  // `/api` is answered before Express sees the request (see answerApiFirst, at the end); the
  // backend keeps its shared reads itself (backend/config/cache.ts).
  const api = refuseUnsendable(createApiProxy({ target: options.backendUrl, timeoutMs: options.apiTimeoutMs }))
  // Live updates (the backend's server-sent events), answered before Express as `/api` is: each
  // message passed on as it comes, uncompressed, and a quiet stream is never cut (no idle timeout).
  // Each open stream holds sockets here, so they are counted here too.
  const live = capLiveStreams(
    refuseUnsendable(createApiProxy({ target: options.backendUrl, timeoutMs: 0 })),
    options.liveStreams ?? DEFAULT_LIVE_STREAM_LIMITS,
    clientAddressOf(app.get('trust proxy fn') as (address: string, hop: number) => boolean)
  )

  // Before the page cache: a page it serves gets this request's headers (HSTS over HTTPS only);
  // the storefront's pages bring their own Content Security Policy, kept with them.
  app.use(securityHeaders)
  app.use(rejectMalformedPaths)

  // A cached public page goes out from here, already compressed.
  if (options.pageCache) app.use(options.pageCache.serve)

  // Pages, scripts and styles go out compressed (the API proxy above passes the
  // backend's answers through untouched). Measured: Lighthouse performance 82-85 -> 93+.
  app.use(compression())

  app.use('/backoffice', backofficePolicy, createBackofficeHandler(options.backofficeDist))

  // The storefront calls the backend itself on the visitor's behalf; it passes the
  // visitor's address on so the backend's per-client limits see the real client.
  app.use((req, _res, next) => {
    const address = req.socket.remoteAddress
    if (address) req.headers['x-forwarded-for'] = appendForwardedFor(req.headers['x-forwarded-for'], address)
    next()
  })
  app.use(rejectCrossSiteWrites)
  if (options.pageCache) app.use(options.pageCache.capture)
  app.use(options.storefront)

  return answerApiFirst(app, api, live)
}

/** `/api`, `/api/...`, `/api?...`, in any case, as Express's mount matched it. */
const API_PATH = /^\/api(?:[/?#]|$)/i
/** The live updates' routes (@adonisjs/transmit), in any case, as Express's mount matched them. */
const TRANSMIT_PATH = /^\/__transmit(?:[/?#]|$)/i

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void

/**
 * The proxy needs nothing of Express: the API calls skip its per-request work (query
 * parsing, the request and response prototypes swapped in, the routing), about a tenth of
 * the gateway's time per API call when profiled. Everything else goes to Express as before.
 */
function answerApiFirst(app: Express, api: ProxyHandler, live: ProxyHandler): Express {
  const express = app as unknown as { handle: Handle }
  const expressHandle = express.handle.bind(app)
  express.handle = (req, res, next) => {
    const url = req.url ?? ''
    if (API_PATH.test(url)) api(req, res)
    else if (TRANSMIT_PATH.test(url)) live(req, res)
    else expressHandle(req, res, next)
  }
  return app
}

/** Answers 400 to a request the proxy cannot send on (a path with characters a request line cannot carry). */
function refuseUnsendable(proxy: ProxyHandler): ProxyHandler {
  return (req, res) => {
    try {
      proxy(req, res)
    } catch (error) {
      console.error(`API proxy: ${req.method} ${req.url} refused: ${(error as Error).message}`)
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('400 Bad Request.')
    }
  }
}

/**
 * How long an idle keep-alive connection stays open (ms). Node's default, 5 s, is shorter
 * than what clients and proxies in front of us keep theirs for (load balancers 60 s): one
 * that reuses a connection at the moment we close it gets ECONNRESET. Longer than theirs,
 * they close first, cleanly. The `Keep-Alive: timeout=65` hint tells clients that listen.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  // Must exceed keepAliveTimeout, or a reused connection can be cut while its next headers arrive.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000
  return server
}

/**
 * A path whose percent-encoding does not decode (`/%E0%A4%A`) names no page and no file: 400
 * here, before the backoffice's files, the storefront's files and Remix's routes each decode
 * it in their own way (one of them with a 500).
 */
const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path)
  } catch {
    res.status(400).type('text/plain; charset=utf-8').send('400 Bad Request. The address is malformed.')
    return
  }
  next()
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A form posted to the storefront from another site is refused with 403 before it
 * reaches an action. (Remix would abort it too, but as a bare 500.)
 */
const rejectCrossSiteWrites: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin
  if (!WRITE_METHODS.has(req.method) || origin === undefined || originHost(origin) === requestHost(req)) {
    next()
    return
  }
  res.status(403).type('text/plain; charset=utf-8').send('403 Forbidden. Cross-site form submissions are not allowed.')
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return null
  }
}

/** The host the browser addressed, as Remix reads it: X-Forwarded-Host first, then Host. */
function requestHost(req: Request): string | null {
  const forwarded = req.get('x-forwarded-host')?.split(',')[0]?.trim()
  return (forwarded || req.get('host') || '').toLowerCase() || null
}
