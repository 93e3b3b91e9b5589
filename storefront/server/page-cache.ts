/**
 * A short-lived shared cache of the public pages as an anonymous visitor sees them: the
 * landing page, the hub, the lot-type pages, Mahkota Kampar and the shared agent-property
 * and agency pages. A page is rendered once per few seconds per address (method, path,
 * query, scheme, Host and X-Forwarded-Host: on the properties sub-domain `/` is the hub;
 * crawlers apart, as they are sent the whole document at once) and kept as its bytes plus
 * their gzip and brotli compressions, sent with a strong ETag (304 on If-None-Match).
 *
 * Never from the cache, never into it: a request carrying the sign-in cookie or an
 * Authorization header, anything but GET/HEAD, an answer other than 200, one that sets a
 * cookie (see `bootstrapCookies` for the one exception) or says private/no-store. Misses
 * for one address wait for a single render. `invalidate()` drops everything at once (a
 * lot's status changed, see lot-events.ts).
 *
 * Two middlewares: `serve` goes early in the gateway (a hit is answered before any other
 * work) and `capture` right before the storefront (it buffers the render a miss asked for).
 */
import type { OutgoingHttpHeaders } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'
import { createAnswerCache, createCachedAnswer, isSignedIn, requestOrigin, sendUncached } from './cached-response.ts'
import type { CachedAnswer, Flight } from './cached-response.ts'

export interface PageCacheOptions {
  /** How long a render is served (s). 5 by default; 0 or less: nothing is cached. */
  ttlSeconds?: number
  /** After that, how long it may still be served while one request renders anew (s); also the Cache-Control hint. */
  staleSeconds?: number
  /** Which paths (without the query) are cached. The public pages by default. */
  isPublicPage?: (path: string) => boolean
  /** The cookies that sign a visitor in: a request carrying one is never served from or stored in the cache. */
  sessionCookies?: string[]
  /**
   * Cookies the backend starts for any visitor (an empty session and its CSRF token) and
   * that an anonymous render may therefore set: the cache drops them from the answer and
   * stores it. A visitor without a session needs neither: the backend exempts writes
   * without a session cookie from CSRF (backend/config/shield.ts), and signing in sets both.
   * Any other Set-Cookie keeps the answer out of the cache.
   */
  bootstrapCookies?: string[]
  /** At most this many pages are kept (the oldest go first). */
  maxEntries?: number
  /** Nor more than this many bytes, all variants counted. */
  maxBytes?: number
  /** A longer render is passed through uncached. */
  maxBodyBytes?: number
}

export interface PageCache {
  /** Answers hits; starts (or waits for) the render of a miss. Goes before everything but `/api`. */
  serve: RequestHandler
  /** Buffers the render a miss asked for. Goes right before the storefront. */
  capture: RequestHandler
  /** Drops every stored page at once; renders under way are not stored. */
  invalidate: () => void
  /** How many pages are stored (tests, diagnostics). */
  readonly size: number
}

/**
 * The public pages (requirements: public-site.md#routes, public-site.md#shared-property-view,
 * public-site.md#shared-agency-view).
 */
const PUBLIC_PAGE =
  /^\/(?:aero-industrial-hub|mahkota-kampar|properties\/aeroindustrial\/type\/[^/.]+|agent-properties\/[^/.]+|agency\/[^/.]+)?$/

export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGE.test(path)
}

/** Headers of the render that are not kept: the cache sets its own, Node the connection's. */
const NOT_STORED = new Set([
  'age',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'vary',
  'x-page-cache',
])

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = Math.max(0, (options.ttlSeconds ?? 5) * 1000)
  const staleMs = Math.max(0, (options.staleSeconds ?? 10) * 1000)
  const publicPage = options.isPublicPage ?? isPublicPage
  const sessionCookies = options.sessionCookies ?? ['aero_session']
  const bootstrapCookies = new Set(options.bootstrapCookies ?? ['aero_session', 'XSRF-TOKEN'])
  const maxEntries = options.maxEntries ?? 200
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024
  const cacheControl = `public, max-age=${Math.floor(ttlMs / 1000)}, stale-while-revalidate=${Math.floor(staleMs / 1000)}`

  const cache = createAnswerCache({ stateHeader: 'x-page-cache', maxEntries, maxBytes })
  const leaders = new WeakMap<Response, Flight>()

  const serve: RequestHandler = (req, res, next) => {
    const method = req.method
    if (ttlMs === 0 || (method !== 'GET' && method !== 'HEAD')) return next()
    const url = req.url
    const queryAt = url.indexOf('?')
    if (!publicPage(queryAt === -1 ? url : url.slice(0, queryAt))) return next()
    if (isSignedIn(req, sessionCookies)) {
      // What a signed-in visitor gets depends on their cookie: shared caches downstream must not mix the two.
      res.vary('Cookie')
      return next()
    }
    // A HEAD miss is answered by the storefront on its own (a HEAD render has no body to keep).
    cache.serve(req, res, cacheKey(req), (flight) => {
      if (flight !== null) leaders.set(res, flight)
      next()
    })
  }

  const capture: RequestHandler = (req, res, next) => {
    const flight = leaders.get(res)
    if (flight !== undefined && !flight.settled) captureRender(req, res, flight)
    next()
  }

  /**
   * Holds back what the storefront writes, and decides at its status line: an answer the
   * cache may keep is buffered, compressed, stored and then sent like a hit; any other
   * goes out as it comes (through the compression middleware, as without the cache).
   */
  function captureRender(req: Request, res: Response, flight: Flight) {
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders }
    const chunks: Buffer[] = []
    let length = 0
    let decided = false

    /** At the status line: keep the answer, or hand this response back to the chain as it was. */
    const decide = (): boolean => {
      decided = true
      if (isStorable(res)) return true
      Object.assign(res, original)
      cache.release(flight)
      return false
    }

    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array)
      chunks.push(buffer)
      length += buffer.length
    }

    res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
      res.statusCode = status
      if (typeof rest[0] === 'string') res.statusMessage = rest.shift() as string
      const headers = rest[0]
      if (headers && typeof headers === 'object') applyHeaders(res, headers)
      if (!decided && !decide()) original.writeHead.call(res, status)
      return res
    } as Response['writeHead']

    res.flushHeaders = function () {}

    res.write = function (this: Response, chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!decided && !decide())
        return (original.write as (...args: unknown[]) => boolean).call(res, chunk, encoding, callback)
      collect(chunk, encoding)
      if (length > maxBodyBytes) {
        // Too big to keep: out with what came so far, and let the rest stream.
        Object.assign(res, original)
        cache.release(flight)
        for (const buffer of chunks.splice(0)) (original.write as (chunk: Buffer) => boolean).call(res, buffer)
      }
      if (typeof encoding === 'function') encoding()
      else if (typeof callback === 'function') callback()
      return true
    } as Response['write']

    res.end = function (this: Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!decided && !decide())
        return (original.end as (...args: unknown[]) => Response).call(res, chunk, encoding, callback)
      collect(chunk, encoding)
      Object.assign(res, original)
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function') as (() => void) | undefined
      if (done) res.once('finish', done)
      complete(req, res, flight, Buffer.concat(chunks, length)).catch((error: unknown) => {
        console.error(`Page cache: ${req.originalUrl}: ${(error as Error).message}`)
        cache.release(flight)
        res.destroy()
      })
      return res
    } as Response['end']
  }

  /** A 200 that sets no cookie (after the bootstrap ones are dropped) and allows shared caching. */
  function isStorable(res: Response): boolean {
    if (res.statusCode !== 200 || res.getHeader('content-encoding') !== undefined) return false
    const control = String(res.getHeader('cache-control') ?? '')
    if (/\b(?:private|no-store|no-cache)\b/i.test(control)) return false
    const cookies = res.getHeader('set-cookie')
    if (cookies !== undefined) {
      const list = Array.isArray(cookies) ? cookies : [String(cookies)]
      if (!list.every((cookie) => bootstrapCookies.has(cookieName(cookie)))) return false
      res.removeHeader('set-cookie')
    }
    return true
  }

  async function complete(req: Request, res: Response, flight: Flight, body: Buffer) {
    const headers: OutgoingHttpHeaders = {}
    for (const name of res.getHeaderNames()) {
      if (!NOT_STORED.has(name)) headers[name] = res.getHeader(name)
    }
    const vary = [...new Set(['Accept-Encoding', 'Cookie', ...splitList(String(res.getHeader('vary') ?? ''))])]
    let entry: CachedAnswer | null = null
    try {
      entry = await createCachedAnswer({
        body,
        headers: { ...headers, 'cache-control': cacheControl, vary: vary.join(', ') },
        freshMs: ttlMs,
        staleMs,
      })
    } catch (error) {
      console.error(`Page cache: could not compress ${req.originalUrl}: ${(error as Error).message}`)
    }
    // Not kept when the lots changed while it rendered, or the visitor left half-way (a cut render).
    if (entry !== null && !res.destroyed) cache.keep(flight, entry)
    else cache.release(flight)
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    if (entry !== null) cache.send(req, res, entry, 'miss')
    else sendUncached(req, res, { ...headers, 'cache-control': 'no-cache' }, body)
  }

  return {
    serve,
    capture,
    invalidate: cache.invalidate,
    get size() {
      return cache.size
    },
  }
}

function cacheKey(req: Request): string {
  return `${requestOrigin(req)} ${isCrawler(req) ? 'crawler' : 'browser'} ${req.url}`
}

const crawlers = new Map<string, boolean>()

/** Crawlers are sent the whole document at once (entry.server.tsx), browsers a stream: two renders. */
function isCrawler(req: Request): boolean {
  const agent = req.headers['user-agent'] ?? ''
  let crawler = crawlers.get(agent)
  if (crawler === undefined) {
    crawler = isbot(agent)
    if (crawlers.size >= 500) crawlers.clear()
    crawlers.set(agent, crawler)
  }
  return crawler
}

function cookieName(setCookie: string): string {
  return setCookie.slice(0, Math.max(0, setCookie.indexOf('='))).trim()
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '' && !/^(?:accept-encoding|cookie)$/i.test(item))
}

function applyHeaders(res: Response, headers: object) {
  if (Array.isArray(headers)) {
    // The raw form: [name, value, name, value, ...] or [[name, value], ...].
    const pairs: unknown[][] = Array.isArray(headers[0])
      ? (headers as unknown[][])
      : Array.from({ length: headers.length / 2 }, (_, i) => [headers[2 * i], headers[2 * i + 1]])
    for (const [name, value] of pairs) res.setHeader(String(name), value as string)
    return
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) res.setHeader(name, value as string)
  }
}
