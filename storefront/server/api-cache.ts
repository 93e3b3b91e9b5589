/**
 * A short-lived shared cache of the backend's answers that say they may be shared, in front
 * of the API proxy. The public lot reads say so (`Cache-Control: public, max-age=0,
 * s-maxage=5`): on a launch everybody asks for them at once, and the proxy hop alone halved
 * what the backend's own port serves.
 *
 * HTTP's rules, no list of paths: a GET or HEAD without an Authorization header or the
 * sign-in cookie, answered 200 with Cache-Control `public` and an `s-maxage` (or `max-age`)
 * above 0, neither private, no-store nor no-cache, with no Set-Cookie, no Content-Encoding
 * and no Vary but on Accept-Encoding. It is kept for the shorter of its s-maxage and the
 * gateway's own time to live, per address (path, query, scheme, Host and X-Forwarded-Host;
 * GET and HEAD share it), as its bytes plus their gzip and brotli compressions, and sent
 * with the backend's own headers (its Cache-Control unchanged), an Age and a strong ETag
 * (304 on If-None-Match). Misses of one address wait for a single backend call.
 * `invalidate()` drops everything at once (a lot's status changed, see lot-events.ts).
 *
 * Everything else goes through the proxy as without the cache, streamed: only an answer the
 * cache keeps is read whole before it is sent.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { passOn, responseHeaders } from './api-proxy.ts'
import type { AnswerInterceptor, ProxyHandler } from './api-proxy.ts'
import { createAnswerCache, createCachedAnswer, isSignedIn, requestOrigin, sendUncached } from './cached-response.ts'
import type { CachedAnswer, Flight } from './cached-response.ts'

export interface ApiCacheOptions {
  /** The longest an answer is served (s), whatever its s-maxage. 5 by default; 0 or less: nothing is cached. */
  ttlSeconds?: number
  /** After that, how long it may still be served while one request asks the backend anew (s). */
  staleSeconds?: number
  /** The cookies that sign a visitor in: a request carrying one is never served from or stored in the cache. */
  sessionCookies?: string[]
  /** At most this many answers are kept (the oldest go first). */
  maxEntries?: number
  /** Nor more than this many bytes, all variants counted. */
  maxBytes?: number
  /** A longer answer is passed through uncached. */
  maxBodyBytes?: number
}

export interface ApiCache {
  /**
   * The proxy with the cache in front: hits are answered here, misses and what the cache can
   * never answer (a write, a signed-in read) go through it.
   */
  inFrontOf: (proxy: ProxyHandler) => ProxyHandler
  /** Given to that proxy (its `intercept` option): keeps a storable answer a miss asked for on its way back. */
  intercept: AnswerInterceptor
  /** Drops every stored answer at once; answers under way are not stored. */
  invalidate: () => void
  /** How many answers are stored (tests, diagnostics). */
  readonly size: number
}

/** Headers of the backend's answer that are not kept: the cache sets its own, Node the connection's. */
const NOT_STORED = new Set(['age', 'content-length', 'date', 'etag', 'vary', 'x-api-cache'])

/** Text worth compressing: JSON above all. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.-]+\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/i

interface Freshness {
  freshMs: number
  staleMs: number
  ageMs: number
}

export function createApiCache(options: ApiCacheOptions = {}): ApiCache {
  const ttlMs = Math.max(0, (options.ttlSeconds ?? 5) * 1000)
  const staleMs = Math.max(0, (options.staleSeconds ?? 10) * 1000)
  const sessionCookies = options.sessionCookies ?? ['aero_session']
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
  const cache = createAnswerCache({
    stateHeader: 'x-api-cache',
    maxEntries: options.maxEntries ?? 500,
    maxBytes: options.maxBytes ?? 32 * 1024 * 1024,
  })
  /** The misses whose answer may be kept, by response. */
  const leaders = new WeakMap<ServerResponse, Flight>()

  function inFrontOf(proxy: ProxyHandler): ProxyHandler {
    if (ttlMs === 0) return proxy
    return (req, res) => {
      const method = req.method
      if ((method !== 'GET' && method !== 'HEAD') || isSignedIn(req, sessionCookies)) return proxy(req, res)
      cache.serve(req, res, `${requestOrigin(req)} ${req.url}`, (flight) => {
        if (flight !== null) leaders.set(res, flight)
        // A client that left while it waited asks the backend nothing.
        else if (res.destroyed) return
        proxy(req, res)
      })
    }
  }

  /** The answer a miss asked for: read whole when it may be kept, else handed back to the proxy as it came. */
  const intercept: AnswerInterceptor = (req, res, answer) => {
    const flight = leaders.get(res)
    if (flight === undefined) return false
    leaders.delete(res)
    const freshness = sharedFreshness(answer)
    if (freshness === null || Number(answer.headers['content-length'] ?? 0) > maxBodyBytes) {
      cache.release(flight)
      return false
    }
    const chunks: Buffer[] = []
    let length = 0
    const collect = (chunk: Buffer) => {
      chunks.push(chunk)
      length += chunk.length
      if (length <= maxBodyBytes) return
      // Too big to keep: out with what came so far, and let the rest stream.
      answer.off('data', collect).off('end', complete)
      cache.release(flight)
      passOn(res, answer, chunks)
    }
    const complete = () => {
      keep(req, res, flight, answer, freshness, Buffer.concat(chunks, length)).catch((error: unknown) => {
        console.error(`API cache: ${req.url}: ${(error as Error).message}`)
        cache.release(flight)
        res.destroy()
      })
    }
    answer.on('data', collect).once('end', complete)
    // The backend (or the client, through the proxy) cut the answer short.
    answer.on('error', () => res.destroy())
    answer.once('close', () => {
      if (answer.complete) return
      cache.release(flight)
      res.destroy()
    })
    return true
  }

  /** How long the answer may be shared: null when it may not be at all. */
  function sharedFreshness(answer: IncomingMessage): Freshness | null {
    const headers = answer.headers
    if (answer.statusCode !== 200 || headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined)
      return null
    // The cache tells answers apart by address alone (and serves each encoding itself).
    if (headers.vary !== undefined && !/^[\s,]*(?:accept-encoding[\s,]*)*$/i.test(headers.vary)) return null
    const control = cacheControl(headers['cache-control'])
    if (!control.has('public') || control.has('private') || control.has('no-store') || control.has('no-cache'))
      return null
    const ageMs = (Number(headers.age) || 0) * 1000
    const freshMs = Math.min(Number(control.get('s-maxage') ?? control.get('max-age')) * 1000 - ageMs, ttlMs)
    if (!(freshMs > 0)) return null
    const revalidate = control.has('must-revalidate') || control.has('proxy-revalidate')
    return { freshMs, staleMs: revalidate ? 0 : staleMs, ageMs }
  }

  async function keep(
    req: IncomingMessage,
    res: ServerResponse,
    flight: Flight,
    answer: IncomingMessage,
    freshness: Freshness,
    body: Buffer
  ) {
    const headers: OutgoingHttpHeaders = {}
    const raw = responseHeaders(answer.rawHeaders)
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i].toLowerCase()
      if (NOT_STORED.has(name)) continue
      const before = headers[name]
      headers[name] = before === undefined ? raw[i + 1] : [before, raw[i + 1]].flat().map(String)
    }
    let kept: CachedAnswer | null = null
    try {
      kept = await createCachedAnswer({
        body,
        headers: { ...headers, vary: 'Accept-Encoding' },
        compressible: COMPRESSIBLE.test(String(headers['content-type'] ?? '')),
        ...freshness,
      })
    } catch (error) {
      console.error(`API cache: could not compress ${req.url}: ${(error as Error).message}`)
    }
    if (kept === null) {
      cache.release(flight)
      sendUncached(req, res, headers, body)
      return
    }
    cache.keep(flight, kept)
    cache.send(req, res, kept, 'miss')
  }

  return {
    inFrontOf,
    intercept,
    invalidate: cache.invalidate,
    get size() {
      return cache.size
    },
  }
}

/** Cache-Control's directives by name (lower case), each with its value if it has one. */
function cacheControl(header: string | undefined): Map<string, string | undefined> {
  const directives = new Map<string, string | undefined>()
  for (const part of (header ?? '').split(',')) {
    const [name, value] = part.split('=', 2)
    if (name.trim() !== '') directives.set(name.trim().toLowerCase(), value?.trim().replace(/^"|"$/g, ''))
  }
  return directives
}
