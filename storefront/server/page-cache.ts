import { createHash } from 'node:crypto'
import { ServerResponse } from 'node:http'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request, RequestHandler, Response } from 'express'
import { isbot } from 'isbot'

// Public pages as a signed-out visitor sees them, precompressed with strong ETags: only a 200 that sets no
// cookie of its own and allows shared caching. `serve` goes before compression, `capture` before the storefront.
export interface PageCacheOptions {
  ttlSeconds?: number
  /** After the ttl, how long a page is still served while one request renders it anew. */
  staleSeconds?: number
  isPublicPage?: (path: string) => boolean
  maxBodyBytes?: number
}

export interface PageCache {
  serve: RequestHandler
  capture: RequestHandler
  /** Drops every page at once; renders under way are not kept. */
  invalidate: () => void
  readonly size: number
}

type Encoding = 'br' | 'gzip' | 'identity'

interface Entry {
  created: number
  freshUntil: number
  staleUntil: number
  bytes: number
  variants: Record<Encoding, { body: Buffer; headers: OutgoingHttpHeaders }>
}

/** The render of a missed page, which the other misses of that page wait for. */
interface Flight {
  key: string
  generation: number
  settled: boolean
  done: Promise<Entry | null>
  resolve: (entry: Entry | null) => void
}

const PUBLIC_PAGE =
  /^\/(?:aero-industrial-hub|mahkota-kampar|properties\/aeroindustrial\/type\/[^/.]+|agent-properties\/[^/.]+|agency\/[^/.]+)?$/
const SESSION_COOKIE = /(?:^|;)\s*aero_session\s*=/
// The backend starts these for any visitor; a signed-out visitor needs neither, so the page is kept without them.
const BOOTSTRAP_COOKIES = new Set(['aero_session', 'XSRF-TOKEN'])
const MAX_ENTRIES = 200
const MAX_BYTES = 64 * 1024 * 1024
const COMPRESS_THRESHOLD = 1024
// The visitor who missed waits for the compression, so cheap levels: for the 58 kB hub page brotli 10 costs ~15 ms
// of CPU, 5 ~1 ms for 12% more bytes; gzip 9 saves 1% over 6 for 50% more time. Static assets compress at build.
const PAGE_BROTLI_QUALITY = 5
const PAGE_GZIP_LEVEL = 6

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
// Node's own methods: a miss is answered through a response whose methods the compression middleware wrapped.
const writeHead = ServerResponse.prototype.writeHead as (status: number, headers: OutgoingHttpHeaders) => void
const end = ServerResponse.prototype.end as (body?: Buffer) => void

export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const ttlMs = Math.max(0, (options.ttlSeconds ?? 5) * 1000)
  const staleMs = Math.max(0, (options.staleSeconds ?? 10) * 1000)
  const isPublicPage = options.isPublicPage ?? ((path: string) => PUBLIC_PAGE.test(path))
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024
  const cacheControl = `public, max-age=${Math.floor(ttlMs / 1000)}, stale-while-revalidate=${Math.floor(staleMs / 1000)}`
  const entries = new Map<string, Entry>()
  const flights = new Map<string, Flight>()
  const leaders = new WeakMap<Response, Flight>()
  let bytes = 0
  let generation = 0

  function drop(key: string) {
    bytes -= entries.get(key)?.bytes ?? 0
    entries.delete(key)
  }

  function store(key: string, entry: Entry) {
    drop(key)
    entries.set(key, entry)
    bytes += entry.bytes
    const now = Date.now()
    for (const [oldKey, old] of entries) {
      if (old.staleUntil > now && entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break
      drop(oldKey)
    }
  }

  /** Ends a flight: its entry is kept unless invalidated since, and its waiters are sent it (or render themselves). */
  function settle(flight: Flight, entry: Entry | null) {
    if (flight.settled) return
    flight.settled = true
    if (flights.get(flight.key) === flight) flights.delete(flight.key)
    if (entry && flight.generation === generation) store(flight.key, entry)
    flight.resolve(entry)
  }

  const serve: RequestHandler = (req, res, next) => {
    if (ttlMs === 0 || (req.method !== 'GET' && req.method !== 'HEAD') || !isPublicPage(req.path)) return next()
    if (req.headers.authorization !== undefined || SESSION_COOKIE.test(req.headers.cookie ?? '')) {
      res.vary('Cookie')
      return next()
    }
    // Crawlers are sent the whole document at once, browsers a stream: two renders.
    const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
    const agent = isCrawler(req.headers['user-agent'] ?? '') ? 'crawler' : 'browser'
    const key = `${scheme} ${req.headers.host} ${req.headers['x-forwarded-host']} ${agent} ${req.url}`
    const now = Date.now()
    const entry = entries.get(key)
    const flight = flights.get(key)
    if (entry && now < entry.freshUntil) return send(req, res, entry, 'hit')
    if (entry && now < entry.staleUntil && flight) return send(req, res, entry, 'stale')
    if (flight) return void flight.done.then((kept) => (kept ? send(req, res, kept, 'hit') : next()))
    // A HEAD render has no body to keep.
    if (req.method === 'HEAD') return next()
    let resolve!: Flight['resolve']
    const done = new Promise<Entry | null>((settled) => (resolve = settled))
    const leader: Flight = { key, generation, settled: false, done, resolve }
    flights.set(key, leader)
    leaders.set(res, leader)
    res.once('close', () => settle(leader, null))
    next()
  }

  const capture: RequestHandler = (req, res, next) => {
    const flight = leaders.get(res)
    if (flight && !flight.settled) bufferRender(req, res, flight)
    next()
  }

  /** Holds back what the storefront writes; from the status line, an answer that may not be kept streams through. */
  function bufferRender(req: Request, res: Response, flight: Flight) {
    const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders }
    const passWrite = original.write as (...args: unknown[]) => boolean
    const passEnd = original.end as (...args: unknown[]) => Response
    const chunks: Buffer[] = []
    let length = 0
    let storable: boolean | undefined
    const letGo = () => {
      Object.assign(res, original)
      settle(flight, null)
    }
    const decide = () => {
      if (storable === undefined) {
        storable = isStorable(res)
        if (!storable) letGo()
      }
      return storable
    }
    const collect = (chunk: unknown, encoding: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return
      const buffer =
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array)
      chunks.push(buffer)
      length += buffer.length
    }

    res.writeHead = function (status: number, ...rest: unknown[]) {
      res.statusCode = status
      if (typeof rest[0] === 'string') res.statusMessage = rest.shift() as string
      for (const [name, value] of Object.entries(rest[0] ?? {})) res.setHeader(name, value as string)
      if (!decide()) original.writeHead.call(res, status)
      return res
    } as Response['writeHead']
    res.flushHeaders = () => {}
    res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
      if (!decide()) return passWrite.call(res, chunk, encoding, callback)
      collect(chunk, encoding)
      if (length > maxBodyBytes) {
        letGo()
        for (const buffer of chunks.splice(0)) passWrite.call(res, buffer)
      }
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') done()
      return true
    } as Response['write']
    res.end = function (chunk?: unknown, encoding?: unknown, callback?: unknown) {
      if (!decide()) return passEnd.call(res, chunk, encoding, callback)
      collect(chunk, encoding)
      Object.assign(res, original)
      const done = [chunk, encoding, callback].find((arg) => typeof arg === 'function')
      if (done) res.once('finish', done as () => void)
      complete(req, res, flight, Buffer.concat(chunks, length)).catch((error: unknown) => {
        console.error(`Page cache: ${req.originalUrl}: ${(error as Error).message}`)
        settle(flight, null)
        res.destroy()
      })
      return res
    } as Response['end']
  }

  function isStorable(res: Response): boolean {
    if (res.statusCode !== 200 || res.hasHeader('content-encoding')) return false
    if (/\b(?:private|no-store|no-cache)\b/i.test(String(res.getHeader('cache-control') ?? ''))) return false
    const cookies = [res.getHeader('set-cookie') ?? []].flat().map(String)
    if (!cookies.every((cookie) => BOOTSTRAP_COOKIES.has(cookie.split('=')[0].trim()))) return false
    res.removeHeader('set-cookie')
    return true
  }

  async function complete(req: Request, res: Response, flight: Flight, body: Buffer) {
    const ownVary = String(res.getHeader('vary') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !/^(?:accept-encoding|cookie)$/i.test(name))
    const vary = [...new Set(['Accept-Encoding', 'Cookie', ...ownVary])].join(', ')
    // Each request has its own id (#request-id): a kept page must not replay the first one's.
    const { 'x-request-id': _requestId, ...own } = res.getHeaders()
    const headers = { ...own, 'cache-control': cacheControl, vary }
    const entry = await createEntry(body, headers, ttlMs, staleMs)
    // A render the visitor left half-way is cut: not kept.
    settle(flight, res.destroyed ? null : entry)
    send(req, res, entry, 'miss')
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

async function createEntry(body: Buffer, headers: OutgoingHttpHeaders, ttlMs: number, staleMs: number) {
  const compress = body.length >= COMPRESS_THRESHOLD
  const [gzipped, brotlied] = compress
    ? await Promise.all([
        gzip(body, { level: PAGE_GZIP_LEVEL }),
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      ])
    : [body, body]
  const tag = createHash('sha256').update(body).digest('base64url').slice(0, 27)
  const variant = (encoded: Buffer, etag: string, encoding?: Encoding) => ({
    body: encoded,
    headers: { ...headers, etag, ...(encoding && { 'content-encoding': encoding }), 'content-length': encoded.length },
  })
  const identity = variant(body, `"${tag}"`)
  const now = Date.now()
  return {
    created: now,
    freshUntil: now + ttlMs,
    staleUntil: now + ttlMs + staleMs,
    bytes: body.length + (compress ? gzipped.length + brotlied.length : 0),
    variants: {
      identity,
      gzip: compress ? variant(gzipped, `"${tag}-gz"`, 'gzip') : identity,
      br: compress ? variant(brotlied, `"${tag}-br"`, 'br') : identity,
    },
  }
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'miss' | 'stale') {
  const { body, headers } = entry.variants[negotiate(req.headers['accept-encoding'])]
  const age = String(Math.floor((Date.now() - entry.created) / 1000))
  const ifNoneMatch = req.headers['if-none-match']
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, String(headers.etag))) {
    const { 'cache-control': cacheControl, vary, etag } = headers
    writeHead.call(res, 304, { 'cache-control': cacheControl, vary, etag, age, 'x-page-cache': state })
    return end.call(res)
  }
  writeHead.call(res, 200, { ...headers, age, 'x-page-cache': state })
  end.call(res, req.method === 'HEAD' ? undefined : body)
}

export function negotiate(acceptEncoding = ''): Encoding {
  const accepted = acceptEncoding
    .split(',')
    .filter((part) => !/;\s*q\s*=\s*0(?:\.0*)?\s*(?:;|$)/i.test(part))
    .map((part) => part.split(';')[0].trim().toLowerCase())
  if (accepted.includes('br')) return 'br'
  if (accepted.includes('gzip') || accepted.includes('x-gzip')) return 'gzip'
  return accepted.includes('*') ? 'br' : 'identity'
}

// isbot's pattern costs more than the rest of a hit: each user agent is judged once.
const crawlers = new Map<string, boolean>()
function isCrawler(userAgent: string): boolean {
  let crawler = crawlers.get(userAgent)
  if (crawler === undefined) {
    if (crawlers.size >= 500) crawlers.clear()
    crawlers.set(userAgent, (crawler = isbot(userAgent)))
  }
  return crawler
}

/** If-None-Match compares weakly. */
function matchesEtag(header: string, etag: string): boolean {
  return header.trim() === '*' || header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}
