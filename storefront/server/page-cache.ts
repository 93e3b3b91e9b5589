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
import { createHash } from 'node:crypto'
import { ServerResponse } from 'node:http'
import type { OutgoingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'

const gzip = promisify(zlib.gzip)
const brotliCompress = promisify(zlib.brotliCompress)

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

type Encoding = 'br' | 'gzip' | 'identity'

interface Variant {
  body: Buffer
  etag: string
  headers: OutgoingHttpHeaders
}

interface Entry {
  created: number
  freshUntil: number
  staleUntil: number
  bytes: number
  variants: Record<Encoding, Variant>
}

interface Flight {
  key: string
  generation: number
  promise: Promise<Entry | null>
  settle: (entry: Entry | null) => void
  settled: boolean
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

/** Smaller than this, a page is not worth compressing (as the compression middleware judges). */
const COMPRESS_THRESHOLD = 1024

const writeHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  status: number,
  headers?: OutgoingHttpHeaders
) => ServerResponse
const end = ServerResponse.prototype.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse

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

  const entries = new Map<string, Entry>()
  const flights = new Map<string, Flight>()
  const leaders = new WeakMap<Response, Flight>()
  let bytes = 0
  let generation = 0

  function signedIn(req: Request): boolean {
    if (req.headers.authorization !== undefined) return true
    const cookie = req.headers.cookie
    return cookie !== undefined && sessionCookies.some((name) => hasCookie(cookie, name))
  }

  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function store(key: string, entry: Entry) {
    drop(key)
    entries.set(key, entry)
    bytes += entry.bytes
    // Oldest first: the expired ones, then as many as the limits ask.
    const now = Date.now()
    for (const [oldKey, old] of entries) {
      if (old.staleUntil > now && entries.size <= maxEntries && bytes <= maxBytes) break
      drop(oldKey)
    }
  }

  function settle(flight: Flight, entry: Entry | null) {
    if (flight.settled) return
    flight.settled = true
    if (flights.get(flight.key) === flight) flights.delete(flight.key)
    flight.settle(entry)
  }

  const serve: RequestHandler = (req, res, next) => {
    const method = req.method
    if (ttlMs === 0 || (method !== 'GET' && method !== 'HEAD')) return next()
    const url = req.url
    const queryAt = url.indexOf('?')
    if (!publicPage(queryAt === -1 ? url : url.slice(0, queryAt))) return next()
    if (signedIn(req)) {
      // What a signed-in visitor gets depends on their cookie: shared caches downstream must not mix the two.
      res.vary('Cookie')
      return next()
    }

    const key = cacheKey(req)
    const now = Date.now()
    const entry = entries.get(key)
    const flight = flights.get(key)
    if (entry !== undefined) {
      if (now < entry.freshUntil) return send(req, res, entry, 'hit')
      // One request renders the page anew; meanwhile the others get the one before.
      if (now < entry.staleUntil && flight !== undefined) return send(req, res, entry, 'stale')
      if (now >= entry.staleUntil) drop(key)
    }
    if (flight !== undefined) {
      flight.promise.then(
        (rendered) => (rendered ? send(req, res, rendered, 'hit') : next()),
        () => next()
      )
      return
    }
    // A HEAD miss is answered by the storefront on its own (a HEAD render has no body to keep).
    if (method === 'HEAD') return next()

    let settleFlight!: (entry: Entry | null) => void
    const promise = new Promise<Entry | null>((resolve) => (settleFlight = resolve))
    const leader: Flight = { key, generation, promise, settle: settleFlight, settled: false }
    flights.set(key, leader)
    leaders.set(res, leader)
    // Whatever happens to this request (an error page, a closed connection), the waiters go on.
    res.once('close', () => settle(leader, null))
    next()
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
      settle(flight, null)
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
        settle(flight, null)
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
        settle(flight, null)
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
    const vary = String(res.getHeader('vary') ?? '')
    let entry: Entry | null = null
    try {
      entry = await createEntry(headers, vary, body)
    } catch (error) {
      console.error(`Page cache: could not compress ${req.originalUrl}: ${(error as Error).message}`)
    }
    // Not kept when the lots changed while it rendered, or the visitor left half-way (a cut render).
    if (entry !== null && flight.generation === generation && !res.destroyed) store(flight.key, entry)
    settle(flight, entry)
    for (const name of res.getHeaderNames()) res.removeHeader(name)
    if (entry !== null) send(req, res, entry, 'miss')
    else {
      writeHead.call(res, 200, { ...headers, 'cache-control': 'no-cache', 'content-length': body.length })
      end.call(res, req.method === 'HEAD' ? undefined : body)
    }
  }

  async function createEntry(headers: OutgoingHttpHeaders, vary: string, body: Buffer): Promise<Entry> {
    const compress = body.length >= COMPRESS_THRESHOLD
    const [gzipped, brotli] = compress
      ? await Promise.all([
          gzip(body, { level: 9 }),
          brotliCompress(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ])
      : [body, body]
    const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
    const varyHeader = [...new Set(['Accept-Encoding', 'Cookie', ...splitList(vary)])].join(', ')
    const variant = (encoded: Buffer, encoding: Encoding, etag: string): Variant => ({
      body: encoded,
      etag,
      headers: {
        ...headers,
        'cache-control': cacheControl,
        vary: varyHeader,
        etag,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': encoded.length,
      },
    })
    const identity = variant(body, 'identity', `"${tag}"`)
    const now = Date.now()
    return {
      created: now,
      freshUntil: now + ttlMs,
      staleUntil: now + ttlMs + staleMs,
      bytes: body.length + (compress ? gzipped.length + brotli.length : 0),
      variants: {
        identity,
        gzip: compress ? variant(gzipped, 'gzip', `"${tag}-gz"`) : identity,
        br: compress ? variant(brotli, 'br', `"${tag}-br"`) : identity,
      },
    }
  }

  return {
    serve,
    capture,
    invalidate() {
      generation++
      entries.clear()
      flights.clear()
      bytes = 0
    },
    get size() {
      return entries.size
    },
  }
}

/** Sends a stored page: 304 when the browser has it, headers only for HEAD. */
function send(req: Request, res: Response, entry: Entry, state: 'hit' | 'miss' | 'stale') {
  const variant = entry.variants[negotiate(req.headers['accept-encoding'])]
  const age = String(Math.floor((Date.now() - entry.created) / 1000))
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, variant.etag)) {
    const { 'cache-control': control, vary, etag } = variant.headers
    writeHead.call(res, 304, { 'cache-control': control, vary, etag, age, 'x-page-cache': state })
    end.call(res)
    return
  }
  writeHead.call(res, 200, { ...variant.headers, age, 'x-page-cache': state })
  end.call(res, req.method === 'HEAD' ? undefined : variant.body)
}

function cacheKey(req: Request): string {
  const forwardedHost = req.headers['x-forwarded-host'] ?? ''
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  return `${scheme} ${req.headers.host ?? ''} ${String(forwardedHost)} ${isCrawler(req) ? 'crawler' : 'browser'} ${req.url}`
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

const negotiated = new Map<string, Encoding>()

/** brotli when accepted, else gzip, else the bytes as they are. */
export function negotiate(acceptEncoding: string | undefined): Encoding {
  if (acceptEncoding === undefined || acceptEncoding === '') return 'identity'
  let encoding = negotiated.get(acceptEncoding)
  if (encoding !== undefined) return encoding
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';')
    const quality = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(param)).find(Boolean)
    if (quality && Number(quality[1]) === 0) continue
    accepted.add(name.trim().toLowerCase())
  }
  encoding = accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('x-gzip') ? 'gzip' : 'identity'
  if (encoding === 'identity' && accepted.has('*')) encoding = 'br'
  if (negotiated.size >= 100) negotiated.clear()
  negotiated.set(acceptEncoding, encoding)
  return encoding
}

/** If-None-Match compares weakly (RFC 9110 section 13.1.2). */
function matchesEtag(header: string, etag: string): boolean {
  if (header === etag || header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

function hasCookie(header: string, name: string): boolean {
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at !== -1 && part.slice(0, at).trim() === name) return true
  }
  return false
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
