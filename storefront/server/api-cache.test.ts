// @vitest-environment node
import { once } from 'node:events'
import http from 'node:http'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '../app/test/fake-backend.ts'
import type { FakeAnswer, FakeBackend } from '../app/test/fake-backend.ts'
import { createApiCache } from './api-cache.ts'
import type { ApiCache, ApiCacheOptions } from './api-cache.ts'
import { UNAVAILABLE_MESSAGE } from './api-proxy.ts'
import { createGateway, keepConnectionsAlive } from './gateway.ts'

/** What the backend marks shareable: browsers revalidate every time, shared caches keep it 5 s. */
const SHAREABLE = 'public, max-age=0, s-maxage=5'
const LOTS = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, code: `A-${i + 1}`, status: 'available' }))
const LOTS_JSON = JSON.stringify(LOTS)

let backend: FakeBackend
let cache: ApiCache
let gateway: { url: string; close: () => Promise<void> } | null = null

/** The backend answers `path` with `answer` (shareable lots by default), after `delayMs`. */
function route(path: string, answer: FakeAnswer = {}, delayMs = 0) {
  backend.routes.set(`GET ${path}`, async () => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    return { body: LOTS, ...answer, headers: { 'Cache-Control': SHAREABLE, ...answer.headers } }
  })
}

async function start(options: ApiCacheOptions = {}, backendUrl = backend.url) {
  cache = createApiCache({ ttlSeconds: 60, ...options })
  const app = createGateway({ backendUrl, backofficeDist: '/nonexistent', storefront: () => {}, apiCache: cache })
  const server = keepConnectionsAlive(app.listen(0, '127.0.0.1'))
  await once(server, 'listening')
  gateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return gateway.url
}

type Answer = Pick<IncomingMessage, 'statusCode' | 'headers'> & { body: Buffer }

/** The answer as it came over the wire: no decompression, every header. */
async function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const request = http.request(url, { method, headers }).end()
  const [response] = (await once(request, 'response')) as [IncomingMessage]
  return { statusCode: response.statusCode, headers: response.headers, body: Buffer.concat(await response.toArray()) }
}

/** How many times the backend was asked for `path` (query included). */
function backendCalls(path: string): number {
  return backend.requests.filter((request) => request.path === path).length
}

/** The cache is at work: a shareable answer is fetched once, then served from the cache. */
async function expectCached(url: string, path = '/api/properties') {
  route(path)
  const calls = backendCalls(path)
  expect((await get(`${url}${path}`)).headers['x-api-cache']).toBe('miss')
  expect((await get(`${url}${path}`)).headers['x-api-cache']).toBe('hit')
  expect(backendCalls(path)).toBe(calls + 1)
}

beforeAll(async () => {
  backend = await startFakeBackend()
})
afterAll(async () => {
  await backend.close()
})
beforeEach(() => {
  backend.requests.length = 0
  backend.routes.clear()
})
afterEach(async () => {
  await gateway?.close()
  gateway = null
})

describe('api cache: shareable answers', () => {
  it("answers the next anonymous GET and HEAD from the cache, with the backend's headers, an Age and a strong ETag", async () => {
    const url = await start()
    route('/api/lots/public', { headers: { 'X-Request-Id': 'r-1' } })
    const first = await get(`${url}/api/lots/public?type=A`)
    expect(first.statusCode).toBe(200)
    expect(first.headers['x-api-cache']).toBe('miss')
    expect(first.body.toString()).toBe(LOTS_JSON)

    const second = await get(`${url}/api/lots/public?type=A`)
    expect(second.headers['x-api-cache']).toBe('hit')
    expect(second.body.toString()).toBe(LOTS_JSON)
    expect(backendCalls('/api/lots/public?type=A')).toBe(1)
    expect(second.headers['cache-control']).toBe(SHAREABLE)
    expect(second.headers['content-type']).toBe('application/json')
    expect(second.headers['x-request-id']).toBe('r-1')
    expect(second.headers['content-length']).toBe(String(LOTS_JSON.length))
    expect(second.headers.age).toBe('0')
    expect(second.headers.vary).toBe('Accept-Encoding')
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.etag).toBe(second.headers.etag)

    const head = await get(`${url}/api/lots/public?type=A`, {}, 'HEAD')
    expect(head.headers['x-api-cache']).toBe('hit')
    expect(head.body.length).toBe(0)
    expect(head.headers['content-length']).toBe(String(LOTS_JSON.length))
    expect(backend.requests).toHaveLength(1)
  })

  it('keeps one answer per path, query and Host', async () => {
    const url = await start()
    route('/api/lots/public')
    route('/api/properties/aeroindustrial/lots/3')
    const addresses: [string, Record<string, string>][] = [
      ['/api/lots/public', {}],
      ['/api/lots/public?type=B', {}],
      ['/api/lots/public', { Host: 'properties.aero.test' }],
      ['/api/lots/public', { 'X-Forwarded-Host': 'properties.aero.test' }],
      ['/api/properties/aeroindustrial/lots/3', {}],
    ]
    for (const [path, headers] of addresses)
      expect((await get(`${url}${path}`, headers)).headers['x-api-cache']).toBe('miss')
    for (const [path, headers] of addresses)
      expect((await get(`${url}${path}`, headers)).headers['x-api-cache']).toBe('hit')
    expect(backend.requests).toHaveLength(5)
    expect(cache.size).toBe(5)
  })

  it('answers 304 to a client that has the answer', async () => {
    const url = await start()
    route('/api/properties/aeroindustrial')
    const { headers } = await get(`${url}/api/properties/aeroindustrial`)
    const etag = headers.etag!
    const notModified = await get(`${url}/api/properties/aeroindustrial`, { 'If-None-Match': etag })
    expect(notModified.statusCode).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers.etag).toBe(etag)
    expect(notModified.headers['cache-control']).toBe(SHAREABLE)
    expect(
      (await get(`${url}/api/properties/aeroindustrial`, { 'If-None-Match': `"other", W/${etag}` })).statusCode
    ).toBe(304)
    expect((await get(`${url}/api/properties/aeroindustrial`, { 'If-None-Match': '"other"' })).statusCode).toBe(200)
    expect(backend.requests).toHaveLength(1)
  })

  it('keeps a JSON answer of 1 KiB or more compressed with brotli and gzip, each with its own ETag', async () => {
    const url = await start()
    route('/api/lots/public')
    await get(`${url}/api/lots/public`)
    const brotli = await get(`${url}/api/lots/public`, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.body).toString()).toBe(LOTS_JSON)
    const gzipped = await get(`${url}/api/lots/public`, { 'Accept-Encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).toString()).toBe(LOTS_JSON)
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length)
    const identity = await get(`${url}/api/lots/public`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body.toString()).toBe(LOTS_JSON)
    expect(new Set([brotli.headers.etag, gzipped.headers.etag, identity.headers.etag]).size).toBe(3)
    const brotliEtag = brotli.headers.etag!
    expect(
      (await get(`${url}/api/lots/public`, { 'Accept-Encoding': 'br', 'If-None-Match': brotliEtag })).statusCode
    ).toBe(304)

    // A small answer is not worth compressing.
    route('/api/properties/mahkota-kampar', { body: { id: 2 } })
    await get(`${url}/api/properties/mahkota-kampar`)
    const small = await get(`${url}/api/properties/mahkota-kampar`, { 'Accept-Encoding': 'br' })
    expect(small.headers['x-api-cache']).toBe('hit')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.body.toString()).toBe('{"id":2}')
    expect(backend.requests).toHaveLength(2)
  })

  it('asks the backend once for many simultaneous misses of one address', async () => {
    const url = await start()
    route('/api/lots/public', {}, 100)
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${url}/api/lots/public`)))
    expect(backend.requests).toHaveLength(1)
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200)
      expect(answer.body.toString()).toBe(LOTS_JSON)
    }
  })
})

describe('api cache: lifetime', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("keeps an answer for the shorter of its s-maxage (less its Age) and the gateway's time to live", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const url = await start({ ttlSeconds: 60, staleSeconds: 0 })
    route('/api/lots/public', { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=2' } })
    await get(`${url}/api/lots/public`)
    vi.setSystemTime(Date.now() + 1_500)
    expect((await get(`${url}/api/lots/public`)).headers['x-api-cache']).toBe('hit')
    vi.setSystemTime(Date.now() + 1_000)
    expect((await get(`${url}/api/lots/public`)).headers['x-api-cache']).toBe('miss')
    expect(backend.requests).toHaveLength(2)

    // Already 3 s old at the backend: 2 s left, and said so.
    route('/api/properties', { headers: { Age: '3' } })
    await get(`${url}/api/properties`)
    const aged = await get(`${url}/api/properties`)
    expect(aged.headers.age).toBe('3')
    vi.setSystemTime(Date.now() + 2_500)
    expect((await get(`${url}/api/properties`)).headers['x-api-cache']).toBe('miss')

    // max-age stands in for a missing s-maxage; the gateway's time to live caps both.
    await gateway?.close()
    const capped = await start({ ttlSeconds: 1, staleSeconds: 0 })
    route('/api/properties/aeroindustrial', { headers: { 'Cache-Control': 'public, max-age=60' } })
    await get(`${capped}/api/properties/aeroindustrial`)
    expect((await get(`${capped}/api/properties/aeroindustrial`)).headers['x-api-cache']).toBe('hit')
    vi.setSystemTime(Date.now() + 1_500)
    expect((await get(`${capped}/api/properties/aeroindustrial`)).headers['x-api-cache']).toBe('miss')
  })

  it('serves the answer before while one request asks the backend anew', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const url = await start({ ttlSeconds: 5, staleSeconds: 10 })
    route('/api/lots/public')
    await get(`${url}/api/lots/public`)
    vi.setSystemTime(Date.now() + 6_000)
    route('/api/lots/public', {}, 300)
    const [refreshed, stale] = await Promise.all([
      get(`${url}/api/lots/public`),
      new Promise<Answer>((resolve) => setTimeout(() => resolve(get(`${url}/api/lots/public`)), 30)),
    ])
    expect(refreshed.headers['x-api-cache']).toBe('miss')
    expect(stale.headers['x-api-cache']).toBe('stale')
    expect(stale.body.toString()).toBe(LOTS_JSON)
    expect(backend.requests).toHaveLength(2)
  })

  it('invalidate() drops every answer at once, and an answer under way is not kept', async () => {
    const url = await start()
    route('/api/lots/public')
    route('/api/properties')
    await get(`${url}/api/lots/public`)
    await get(`${url}/api/properties`)
    expect(cache.size).toBe(2)
    cache.invalidate()
    expect(cache.size).toBe(0)
    expect((await get(`${url}/api/lots/public`)).headers['x-api-cache']).toBe('miss')
    expect(backend.requests).toHaveLength(3)

    route('/api/properties/aeroindustrial', {}, 100)
    const during = get(`${url}/api/properties/aeroindustrial`)
    await new Promise((resolve) => setTimeout(resolve, 20))
    cache.invalidate()
    const answer = await during
    expect(answer.statusCode).toBe(200)
    expect(answer.body.toString()).toBe(LOTS_JSON)
    expect((await get(`${url}/api/properties/aeroindustrial`)).headers['x-api-cache']).toBe('miss')
    expect((await get(`${url}/api/properties/aeroindustrial`)).headers['x-api-cache']).toBe('hit')
    expect(backendCalls('/api/properties/aeroindustrial')).toBe(2)
  })
})

describe('api cache: what is never kept', () => {
  it('sends every signed-in request to the backend, and keeps none of their answers', async () => {
    const url = await start()
    route('/api/lots/public')
    const signedIn: Record<string, string>[] = [
      { Authorization: 'Bearer oat_1.x' },
      { Cookie: 'XSRF-TOKEN=x; aero_session=s%3Aabc' },
    ]
    for (const headers of [...signedIn, ...signedIn]) {
      const answer = await get(`${url}/api/lots/public`, headers)
      expect(answer.headers['x-api-cache']).toBeUndefined()
      expect(answer.body.toString()).toBe(LOTS_JSON)
    }
    expect(backend.requests).toHaveLength(4)
    expect(backend.requests[1].headers.cookie).toBe('XSRF-TOKEN=x; aero_session=s%3Aabc')
    expect(cache.size).toBe(0)

    // Stored for the anonymous, still not served to the signed-in; a cookie that signs nobody in is anonymous.
    await get(`${url}/api/lots/public`)
    expect((await get(`${url}/api/lots/public`, { Cookie: 'XSRF-TOKEN=x; theme=dark' })).headers['x-api-cache']).toBe(
      'hit'
    )
    for (const headers of signedIn)
      expect((await get(`${url}/api/lots/public`, headers)).headers['x-api-cache']).toBeUndefined()
    expect(backend.requests).toHaveLength(7)
  })

  it.each<[string, FakeAnswer]>([
    ['sets cookies', { headers: { 'Set-Cookie': ['a=1; Path=/; HttpOnly', 'b=2; Path=/'] } }],
    ['is private', { headers: { 'Cache-Control': 'public, private, s-maxage=5' } }],
    ['says no-store', { headers: { 'Cache-Control': 'public, no-store, s-maxage=5' } }],
    ['says no-cache', { headers: { 'Cache-Control': 'public, no-cache, s-maxage=5' } }],
    ['is not public', { headers: { 'Cache-Control': 'max-age=0, s-maxage=5' } }],
    ['has no lifetime', { headers: { 'Cache-Control': 'public' } }],
    ['has a shared lifetime of 0', { headers: { 'Cache-Control': 'public, max-age=60, s-maxage=0' } }],
    ['is not a 200', { status: 404, body: { message: 'Lot type not found' } }],
    ['is encoded', { headers: { 'Content-Encoding': 'x-custom' }, body: 'encoded bytes' }],
    ['varies on Origin', { headers: { Vary: 'Origin' } }],
  ])('passes an answer that %s through unchanged, and keeps none of it', async (_, backendAnswer) => {
    const url = await start()
    route('/api/lots/public', backendAnswer)
    for (let i = 0; i < 2; i++) {
      const answer = await get(`${url}/api/lots/public`, { 'Accept-Encoding': 'br' })
      expect(answer.statusCode).toBe(backendAnswer.status ?? 200)
      expect(answer.headers['x-api-cache']).toBeUndefined()
      expect(answer.headers.etag).toBeUndefined()
      for (const [name, value] of Object.entries(backendAnswer.headers ?? { 'Cache-Control': SHAREABLE }))
        expect(answer.headers[name.toLowerCase()]).toEqual(value)
      const body = backendAnswer.body ?? LOTS
      expect(answer.body.toString()).toBe(typeof body === 'string' ? body : JSON.stringify(body))
    }
    expect(backend.requests).toHaveLength(2)
    expect(cache.size).toBe(0)
    await expectCached(url)
  })

  it('passes other methods through, and an answer too big to keep streamed whole', async () => {
    const url = await start({ maxBodyBytes: 1_000 })
    backend.routes.set('POST /api/lots/public', () => ({ headers: { 'Cache-Control': SHAREABLE }, body: LOTS }))
    await get(`${url}/api/lots/public`, {}, 'POST')
    await get(`${url}/api/lots/public`, {}, 'POST')
    // Announced by its length, then as it comes (chunked).
    route('/api/lots/public', { headers: { 'Content-Length': String(LOTS_JSON.length) } })
    route('/api/properties/aeroindustrial')
    for (const path of [
      '/api/lots/public',
      '/api/lots/public',
      '/api/properties/aeroindustrial',
      '/api/properties/aeroindustrial',
    ]) {
      const answer = await get(`${url}${path}`)
      expect(answer.headers['x-api-cache']).toBeUndefined()
      expect(answer.body.toString()).toBe(LOTS_JSON)
    }
    expect(backend.requests).toHaveLength(6)
    expect(cache.size).toBe(0)
    route('/api/properties', { body: { id: 1 } })
    await get(`${url}/api/properties`)
    expect((await get(`${url}/api/properties`)).headers['x-api-cache']).toBe('hit')
  })
})

describe('api cache: the backend and the clients', () => {
  it('answers 502 JSON for a miss when the backend is down, and keeps serving what it has', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const ownBackend = await startFakeBackend()
    ownBackend.routes.set('GET /api/lots/public', () => ({ headers: { 'Cache-Control': SHAREABLE }, body: LOTS }))
    const url = await start({}, ownBackend.url)
    await get(`${url}/api/lots/public`)
    await ownBackend.close()

    const down = await get(`${url}/api/properties`)
    expect(down.statusCode).toBe(502)
    expect(down.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(down.body.toString())).toEqual({ message: UNAVAILABLE_MESSAGE })
    expect((await get(`${url}/api/properties`)).statusCode).toBe(502)
    const kept = await get(`${url}/api/lots/public`)
    expect(kept.headers['x-api-cache']).toBe('hit')
    expect(kept.body.toString()).toBe(LOTS_JSON)
  })

  it('lets the others ask the backend themselves when the client that asked first leaves', async () => {
    const url = await start()
    route('/api/lots/public', {}, 150)
    const leaving = new AbortController()
    const first = fetch(`${url}/api/lots/public`, { signal: leaving.signal }).catch(() => null)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const waiting = get(`${url}/api/lots/public`)
    await new Promise((resolve) => setTimeout(resolve, 20))
    leaving.abort()
    expect(await first).toBeNull()
    const answer = await waiting
    expect(answer.statusCode).toBe(200)
    expect(answer.body.toString()).toBe(LOTS_JSON)
    await expectCached(url, '/api/lots/public')
  })
})
