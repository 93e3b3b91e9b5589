/**
 * How the gateway's cache of public pages (page-cache.ts) keeps and sends them: an answer is kept as its bytes plus their
 * gzip and brotli compressions, each with a strong ETag, and sent with 304 on If-None-Match;
 * misses of one key wait for a single request to the origin; past its time, an answer is
 * still served while one request fetches it anew; `invalidate()` drops everything at once,
 * and what is fetched while it happens is not kept.
 */
import { createHash } from 'node:crypto'
import { ServerResponse } from 'node:http'
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const gzip = promisify(zlib.gzip)
const brotliCompress = promisify(zlib.brotliCompress)

export type Encoding = 'br' | 'gzip' | 'identity'
export type CacheState = 'hit' | 'miss' | 'stale'

interface Variant {
  body: Buffer
  etag: string
  headers: OutgoingHttpHeaders
}

/** One kept answer: its encodings, and until when it is served. */
export interface CachedAnswer {
  created: number
  freshUntil: number
  staleUntil: number
  bytes: number
  variants: Record<Encoding, Variant>
}

/** The request fetching one key from the origin, which the other misses of that key wait for. */
export interface Flight {
  readonly key: string
  readonly generation: number
  readonly promise: Promise<CachedAnswer | null>
  readonly resolve: (answer: CachedAnswer | null) => void
  settled: boolean
}

export interface AnswerCacheOptions {
  /** The response header that says hit, miss or stale (diagnostics). */
  stateHeader: string
  /** At most this many answers are kept (the oldest go first). */
  maxEntries: number
  /** Nor more than this many bytes, all variants counted. */
  maxBytes: number
}

export interface AnswerCache {
  /**
   * Sends a fresh answer (or a stale one while another request fetches it), or waits for the
   * request fetching this key. Otherwise calls `fetch`: with the flight this request now leads
   * (a GET), or with null (a HEAD, or the awaited fetch kept nothing): it goes to the origin
   * and, unless it leads, keeps nothing.
   */
  serve: (req: IncomingMessage, res: ServerResponse, key: string, fetch: (flight: Flight | null) => void) => void
  /** Keeps what a flight fetched (unless invalidated since) and hands it to its waiters. */
  keep: (flight: Flight, answer: CachedAnswer) => void
  /** The flight keeps nothing: its waiters go to the origin themselves. */
  release: (flight: Flight) => void
  /** Sends a kept answer: 304 when the client has it, headers only for HEAD. */
  send: (req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, state: CacheState) => void
  invalidate: () => void
  readonly size: number
}

export function createAnswerCache({ stateHeader, maxEntries, maxBytes }: AnswerCacheOptions): AnswerCache {
  const entries = new Map<string, CachedAnswer>()
  const flights = new Map<string, Flight>()
  let bytes = 0
  let generation = 0

  function drop(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  function store(key: string, entry: CachedAnswer) {
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

  function settle(flight: Flight, answer: CachedAnswer | null) {
    if (flight.settled) return
    flight.settled = true
    if (flights.get(flight.key) === flight) flights.delete(flight.key)
    flight.resolve(answer)
  }

  function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, state: CacheState) {
    const variant = answer.variants[negotiate(req.headers['accept-encoding'])]
    const age = String(Math.floor((Date.now() - answer.created) / 1000))
    const ifNoneMatch = req.headers['if-none-match']
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, variant.etag)) {
      const { 'cache-control': control, vary, etag } = variant.headers
      writeHead.call(res, 304, { 'cache-control': control, vary, etag, age, [stateHeader]: state })
      end.call(res)
      return
    }
    writeHead.call(res, 200, { ...variant.headers, age, [stateHeader]: state })
    end.call(res, req.method === 'HEAD' ? undefined : variant.body)
  }

  return {
    serve(req, res, key, fetch) {
      const now = Date.now()
      const entry = entries.get(key)
      const flight = flights.get(key)
      if (entry !== undefined) {
        if (now < entry.freshUntil) return send(req, res, entry, 'hit')
        // One request fetches the answer anew; meanwhile the others get the one before.
        if (now < entry.staleUntil && flight !== undefined) return send(req, res, entry, 'stale')
        if (now >= entry.staleUntil) drop(key)
      }
      if (flight !== undefined) {
        flight.promise.then(
          (fetched) => (fetched ? send(req, res, fetched, 'hit') : fetch(null)),
          () => fetch(null)
        )
        return
      }
      // A HEAD has no body to keep.
      if (req.method === 'HEAD') return fetch(null)

      let resolve!: (answer: CachedAnswer | null) => void
      const promise = new Promise<CachedAnswer | null>((done) => (resolve = done))
      const leader: Flight = { key, generation, promise, resolve, settled: false }
      flights.set(key, leader)
      // Whatever happens to this request (an error, a closed connection), the waiters go on.
      res.once('close', () => settle(leader, null))
      fetch(leader)
    },
    keep(flight, answer) {
      if (flight.generation === generation) store(flight.key, answer)
      settle(flight, answer)
    },
    release(flight) {
      settle(flight, null)
    },
    send,
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

/** Smaller than this, an answer is not worth compressing (as the compression middleware judges). */
const COMPRESS_THRESHOLD = 1024

export interface AnswerParts {
  body: Buffer
  /** Its headers, Cache-Control and Vary included; each variant adds its ETag, Content-Encoding and Content-Length. */
  headers: OutgoingHttpHeaders
  /** How long it is served (ms), */
  freshMs: number
  /** and after that how long it may still be while one request fetches it anew. */
  staleMs: number
}

/** Compresses the body once (brotli and gzip), and tags each variant with a hash of the body. */
export async function createCachedAnswer(parts: AnswerParts): Promise<CachedAnswer> {
  const { body, headers } = parts
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
  const variant = (encoded: Buffer, encoding: Encoding, etag: string): Variant => ({
    body: encoded,
    etag,
    headers: {
      ...headers,
      etag,
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
      'content-length': encoded.length,
    },
  })
  const identity = variant(body, 'identity', `"${tag}"`)
  const now = Date.now()
  return {
    created: now,
    freshUntil: now + parts.freshMs,
    staleUntil: now + parts.freshMs + parts.staleMs,
    bytes: body.length + (compress ? gzipped.length + brotli.length : 0),
    variants: {
      identity,
      gzip: compress ? variant(gzipped, 'gzip', `"${tag}-gz"`) : identity,
      br: compress ? variant(brotli, 'br', `"${tag}-br"`) : identity,
    },
  }
}

/** An answer that could not be kept, sent whole (a 200) with its own headers. */
export function sendUncached(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders, body: Buffer) {
  writeHead.call(res, 200, { ...headers, 'content-length': body.length })
  end.call(res, req.method === 'HEAD' ? undefined : body)
}

// Node's own methods: the page cache answers through an Express response whose methods the compression middleware wraps.
const writeHead = ServerResponse.prototype.writeHead as (
  this: ServerResponse,
  status: number,
  headers?: OutgoingHttpHeaders
) => ServerResponse
const end = ServerResponse.prototype.end as (this: ServerResponse, chunk?: Buffer) => ServerResponse

/** Whether the request is signed in: an Authorization header, or one of the session cookies. */
export function isSignedIn(req: IncomingMessage, sessionCookies: string[]): boolean {
  if (req.headers.authorization !== undefined) return true
  const cookie = req.headers.cookie
  return cookie !== undefined && sessionCookies.some((name) => hasCookie(cookie, name))
}

/** The address a request was made to, but for its path: scheme, Host and X-Forwarded-Host. */
export function requestOrigin(req: IncomingMessage): string {
  const forwardedHost = req.headers['x-forwarded-host'] ?? ''
  const scheme = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  return `${scheme} ${req.headers.host ?? ''} ${String(forwardedHost)}`
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
