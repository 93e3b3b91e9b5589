// @vitest-environment node
import http from 'node:http'
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { RequestHandler } from 'express'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createGateway, keepConnectionsAlive } from './gateway.ts'
import { subscribeToLotEvents } from './lot-events.ts'
import type { LotEvents } from './lot-events.ts'
import { createPageCache, negotiate } from './page-cache.ts'
import type { PageCache, PageCacheOptions } from './page-cache.ts'

const HUB_HTML = `<!DOCTYPE html><html><body>${'<tr><td>Lot</td><td>available</td></tr>'.repeat(200)}</body></html>`

interface Render {
  url: string
  cookie?: string
}

/** What the fake storefront answers, by path; a page of HTML written in chunks, as Remix does. */
let answer: (req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]) => void
let renders: Render[]
let renderDelayMs: number

const storefront: RequestHandler = (req, res) => {
  renders.push({ url: req.originalUrl, cookie: req.headers.cookie })
  setTimeout(() => answer(req, res), renderDelayMs)
}

function htmlPage(body = HUB_HTML, headers: Record<string, string | string[]> = {}): typeof answer {
  return (_req, res) => {
    res.status(200)
    for (const [name, value] of Object.entries(headers)) res.append(name, value)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    res.write(body.slice(0, 100))
    res.write(Buffer.from(body.slice(100)))
    res.end()
  }
}

let gateway: { url: string; close: () => Promise<void> } | null = null
let cache: PageCache

async function start(options: PageCacheOptions = {}) {
  cache = createPageCache({ ttlSeconds: 60, ...options })
  const app = createGateway({
    backendUrl: 'http://127.0.0.1:9',
    backofficeDist: '/nonexistent',
    storefront,
    pageCache: cache,
  })
  const server: Server = await new Promise((resolve) => {
    const started = keepConnectionsAlive(app.listen(0, '127.0.0.1', () => resolve(started)))
  })
  const { port } = server.address() as AddressInfo
  gateway = {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return gateway.url
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A request with node:http: the bytes exactly as sent (no decompression) and every header. */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) })
        )
      })
      .on('error', reject)
      .end()
  })
}

beforeEach(() => {
  renders = []
  renderDelayMs = 0
  answer = htmlPage()
})
afterEach(async () => {
  await gateway?.close()
  gateway = null
})

describe('page cache: anonymous visitors', () => {
  it('renders a public page once and serves it from the cache after, with a strong ETag and 304', async () => {
    const url = await start()
    const first = await get(`${url}/aero-industrial-hub`)
    expect(first.status).toBe(200)
    expect(first.body.toString()).toBe(HUB_HTML)
    expect(first.headers['x-page-cache']).toBe('miss')

    const second = await get(`${url}/aero-industrial-hub`)
    expect(second.status).toBe(200)
    expect(second.body.toString()).toBe(HUB_HTML)
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(renders).toHaveLength(1)

    expect(second.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(second.headers['content-length']).toBe(String(HUB_HTML.length))
    expect(second.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=10')
    expect(second.headers.vary).toBe('Accept-Encoding, Cookie')
    expect(second.headers['x-content-type-options']).toBe('nosniff')
    const etag = second.headers.etag!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.etag).toBe(etag)

    const notModified = await get(`${url}/aero-industrial-hub`, { 'If-None-Match': etag })
    expect(notModified.status).toBe(304)
    expect(notModified.body.length).toBe(0)
    expect(notModified.headers.etag).toBe(etag)
    expect((await get(`${url}/aero-industrial-hub`, { 'If-None-Match': '"other", W/' + etag })).status).toBe(304)
    expect((await get(`${url}/aero-industrial-hub`, { 'If-None-Match': '"other"' })).status).toBe(200)
    expect(renders).toHaveLength(1)
  })

  it('keeps the page compressed with brotli and gzip, each with its own ETag', async () => {
    const url = await start()
    await get(`${url}/mahkota-kampar`)
    const brotli = await get(`${url}/mahkota-kampar`, { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.body).toString()).toBe(HUB_HTML)
    const gzipped = await get(`${url}/mahkota-kampar`, { 'Accept-Encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).toString()).toBe(HUB_HTML)
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length)
    const identity = await get(`${url}/mahkota-kampar`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' })
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(new Set([brotli.headers.etag, gzipped.headers.etag, identity.headers.etag]).size).toBe(3)
    expect(
      (await get(`${url}/mahkota-kampar`, { 'Accept-Encoding': 'br', 'If-None-Match': brotli.headers.etag! })).status
    ).toBe(304)
    expect(renders).toHaveLength(1)
  })

  it('answers HEAD from the cached page: the same headers, no body', async () => {
    const url = await start()
    // A HEAD miss is left to the storefront.
    const miss = await get(`${url}/agency/4`, {}, 'HEAD')
    expect(miss.status).toBe(200)
    expect(renders).toHaveLength(1)

    const page = await get(`${url}/agency/4`)
    const head = await get(`${url}/agency/4`, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['x-page-cache']).toBe('hit')
    expect(head.headers['content-length']).toBe(String(HUB_HTML.length))
    expect(head.headers.etag).toBe(page.headers.etag)
    expect(renders).toHaveLength(2)
  })

  it('renders once for many simultaneous misses of one page', async () => {
    const url = await start()
    renderDelayMs = 100
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`${url}/properties/aeroindustrial/type/A`)))
    expect(renders).toHaveLength(1)
    for (const page of answers) {
      expect(page.status).toBe(200)
      expect(page.body.toString()).toBe(HUB_HTML)
    }
  })

  it('keeps one page per path, query and Host (the properties sub-domain shows the hub at /)', async () => {
    const url = await start()
    await get(`${url}/`)
    await get(`${url}/?contact=open`)
    await get(`${url}/`, { Host: 'properties.aero.test' })
    await get(`${url}/agent-properties/7`)
    await get(`${url}/agent-properties/8`)
    expect(renders.map((render) => render.url)).toEqual([
      '/',
      '/?contact=open',
      '/',
      '/agent-properties/7',
      '/agent-properties/8',
    ])
    await get(`${url}/`, { Host: 'properties.aero.test' })
    await get(`${url}/?contact=open`)
    expect(renders).toHaveLength(5)
  })

  it('streams a page too big to keep through whole, and keeps nothing', async () => {
    const url = await start({ maxBodyBytes: 1_000 })
    const page = await get(`${url}/aero-industrial-hub`)
    expect(page.status).toBe(200)
    expect(page.body.toString()).toBe(HUB_HTML)
    const compressed = await get(`${url}/aero-industrial-hub`, { 'Accept-Encoding': 'gzip' })
    expect(gunzipSync(compressed.body).toString()).toBe(HUB_HTML)
    expect(renders).toHaveLength(2)
    expect(cache.size).toBe(0)
  })

  it('leaves other pages, other methods and other statuses alone', async () => {
    const url = await start()
    await get(`${url}/login`)
    await get(`${url}/login`)
    await get(`${url}/aero-industrial-hub.data`)
    await get(`${url}/aero-industrial-hub.data`)
    expect(renders).toHaveLength(4)

    await get(`${url}/mahkota-kampar`, {}, 'POST')
    await get(`${url}/mahkota-kampar`, {}, 'POST')
    expect(renders).toHaveLength(6)

    answer = (_req, res) => {
      res.status(404).type('text/html').send('<p>No such agency</p>')
    }
    const missing = await get(`${url}/agency/999`)
    expect(missing.status).toBe(404)
    expect(missing.body.toString()).toBe('<p>No such agency</p>')
    await get(`${url}/agency/999`)
    expect(renders).toHaveLength(8)
    expect(cache.size).toBe(0)
  })
})

describe('page cache: signed-in visitors and cookies', () => {
  it('never serves a request with the sign-in cookie or a bearer token from the cache', async () => {
    const url = await start()
    await get(`${url}/aero-industrial-hub`)
    expect(renders).toHaveLength(1)

    answer = htmlPage('<p>Signed in as Aisha</p>')
    const signedIn = await get(`${url}/aero-industrial-hub`, { Cookie: 'XSRF-TOKEN=x; aero_session=s%3Aabc' })
    expect(signedIn.body.toString()).toBe('<p>Signed in as Aisha</p>')
    expect(signedIn.headers['x-page-cache']).toBeUndefined()
    expect(signedIn.headers.vary).toMatch(/Cookie/)
    const bearer = await get(`${url}/aero-industrial-hub`, { Authorization: 'Bearer oat_1.x' })
    expect(bearer.body.toString()).toBe('<p>Signed in as Aisha</p>')
    expect(renders).toHaveLength(3)
    expect(renders[1].cookie).toBe('XSRF-TOKEN=x; aero_session=s%3Aabc')
  })

  it('never stores what a signed-in visitor was sent', async () => {
    const url = await start()
    answer = htmlPage('<p>Signed in as Aisha</p>')
    await get(`${url}/agency/3`, { Cookie: 'aero_session=s%3Aabc' })
    await get(`${url}/agency/3`, { Authorization: 'Bearer oat_1.x' })
    expect(cache.size).toBe(0)

    answer = htmlPage()
    const anonymous = await get(`${url}/agency/3`)
    expect(anonymous.body.toString()).toBe(HUB_HTML)
    expect(renders).toHaveLength(3)
    // A cookie that does not sign anyone in does not keep a visitor from the cache.
    const withOtherCookie = await get(`${url}/agency/3`, { Cookie: 'XSRF-TOKEN=x; theme=dark' })
    expect(withOtherCookie.headers['x-page-cache']).toBe('hit')
    expect(renders).toHaveLength(3)
  })

  it("drops the backend's fresh anonymous session cookies and keeps the page; any other cookie keeps it out", async () => {
    const url = await start()
    answer = htmlPage(HUB_HTML, {
      'Set-Cookie': ['XSRF-TOKEN=t1; Path=/; SameSite=Lax', 'aero_session=s1; Path=/; HttpOnly; SameSite=Lax'],
    })
    const first = await get(`${url}/aero-industrial-hub`)
    expect(first.headers['set-cookie']).toBeUndefined()
    const second = await get(`${url}/aero-industrial-hub`)
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(second.headers['set-cookie']).toBeUndefined()
    expect(renders).toHaveLength(1)

    answer = htmlPage('<p>notice</p>', { 'Set-Cookie': 'aero_notice=; Path=/; Max-Age=0' })
    const withCookie = await get(`${url}/mahkota-kampar`)
    expect(withCookie.headers['set-cookie']).toEqual(['aero_notice=; Path=/; Max-Age=0'])
    expect(withCookie.body.toString()).toBe('<p>notice</p>')
    await get(`${url}/mahkota-kampar`)
    expect(renders).toHaveLength(3)
  })

  it('keeps out an answer marked private or no-store', async () => {
    const url = await start()
    answer = htmlPage(HUB_HTML, { 'Cache-Control': 'private, no-store' })
    await get(`${url}/mahkota-kampar`)
    const again = await get(`${url}/mahkota-kampar`)
    expect(again.headers['cache-control']).toBe('private, no-store')
    expect(renders).toHaveLength(2)
  })
})

describe('page cache: an outage', () => {
  /** What the storefront answers for a page that cannot load its data (app/utils/cache-control.server.ts). */
  const unavailable: typeof answer = (_req, res) => {
    res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '5' }).type('text/html')
    res.send('<h1>Service unavailable</h1><a href="/aero-industrial-hub">Try again</a>')
  }

  it("passes a page's 503 through as it is and keeps nothing: every visitor gets a fresh render", async () => {
    const url = await start()
    answer = unavailable
    renderDelayMs = 30
    const answers = await Promise.all([1, 2, 3].map(() => get(`${url}/aero-industrial-hub`)))
    for (const down of answers) {
      expect(down.status).toBe(503)
      expect(down.headers['cache-control']).toBe('no-store')
      expect(down.headers['retry-after']).toBe('5')
      expect(down.headers['x-page-cache']).toBeUndefined()
      expect(down.body.toString()).toContain('Try again')
    }
    // The misses that waited for the first render went to the storefront themselves.
    expect(renders).toHaveLength(3)
    expect(cache.size).toBe(0)

    answer = htmlPage()
    renderDelayMs = 0
    const up = await get(`${url}/aero-industrial-hub`)
    expect(up.status).toBe(200)
    expect(up.headers['x-page-cache']).toBe('miss')
    expect((await get(`${url}/aero-industrial-hub`)).headers['x-page-cache']).toBe('hit')
    expect(renders).toHaveLength(4)
  })

  it('keeps out a degraded 200 marked no-store, so the outage does not outlive itself', async () => {
    const url = await start()
    answer = htmlPage('<p>Lots without the information card</p>', { 'Cache-Control': 'no-store' })
    await get(`${url}/aero-industrial-hub`)
    answer = htmlPage()
    const after = await get(`${url}/aero-industrial-hub`)
    expect(after.body.toString()).toBe(HUB_HTML)
    expect(renders).toHaveLength(2)
  })
})

describe('page cache: lifetime', () => {
  it('renders anew once the time to live is over, serving the old page while one request renders', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const url = await start({ ttlSeconds: 5, staleSeconds: 10 })
      await get(`${url}/aero-industrial-hub`)
      vi.setSystemTime(Date.now() + 6_000)
      renderDelayMs = 300
      const [refreshed, stale] = await Promise.all([
        get(`${url}/aero-industrial-hub`),
        new Promise<Answer>((resolve) => setTimeout(() => resolve(get(`${url}/aero-industrial-hub`)), 30)),
      ])
      expect(refreshed.headers['x-page-cache']).toBe('miss')
      expect(stale.headers['x-page-cache']).toBe('stale')
      expect(renders).toHaveLength(2)
      vi.setSystemTime(Date.now() + 60_000)
      expect((await get(`${url}/aero-industrial-hub`)).headers['x-page-cache']).toBe('miss')
      expect(renders).toHaveLength(3)
    } finally {
      vi.useRealTimers()
    }
  })

  it('invalidate() drops every page at once, and a render under way is not kept', async () => {
    const url = await start()
    await get(`${url}/aero-industrial-hub`)
    await get(`${url}/mahkota-kampar`)
    expect(cache.size).toBe(2)
    cache.invalidate()
    expect(cache.size).toBe(0)
    await get(`${url}/aero-industrial-hub`)
    expect(renders).toHaveLength(3)

    renderDelayMs = 300
    const during = get(`${url}/agency/1`)
    // Dropped while the render is under way: once it has begun, however busy the machine.
    await vi.waitFor(() => expect(renders).toHaveLength(4), { interval: 5 })
    cache.invalidate()
    expect((await during).status).toBe(200)
    await get(`${url}/agency/1`)
    expect(renders).toHaveLength(5)
  })
})

describe('negotiate', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiate(undefined)).toBe('identity')
    expect(negotiate('gzip, deflate, br, zstd')).toBe('br')
    expect(negotiate('gzip;q=1.0, br;q=0')).toBe('gzip')
    expect(negotiate('deflate')).toBe('identity')
    expect(negotiate('*')).toBe('br')
  })
})

/**
 * A stand-in for the backend's Transmit endpoints: streams by uid, subscriptions by channel. As
 * the backend does, a stream's answer sets its opener's cookie, and only a subscription that
 * sends it back is taken.
 */
async function startFakeTransmit() {
  const streams = new Map<string, ServerResponse>()
  const openers = new Map<string, string>()
  const subscribed = new Map<string, Set<string>>()
  let refuseStreams = 0
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.method === 'GET' && url.pathname === '/__transmit/events') {
      if (refuseStreams > 0) {
        refuseStreams--
        res.writeHead(404).end()
        return
      }
      const uid = url.searchParams.get('uid') ?? ''
      const opener = `aero_live=opener-${openers.size + 1}`
      openers.set(uid, opener)
      res.writeHead(200, {
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-cache',
        'Set-Cookie': `${opener}; Path=/__transmit; HttpOnly; SameSite=Strict`,
      })
      res.write(':ok\n\n')
      streams.set(uid, res)
      res.on('close', () => streams.delete(uid))
      return
    }
    if (req.method === 'POST' && url.pathname === '/__transmit/subscribe') {
      let raw = ''
      for await (const chunk of req) raw += String(chunk)
      const { uid, channel } = JSON.parse(raw) as { uid: string; channel: string }
      if (!streams.has(uid)) {
        res.writeHead(400).end()
        return
      }
      if (req.headers.cookie !== openers.get(uid)) {
        res.writeHead(403).end()
        return
      }
      if (!subscribed.has(channel)) subscribed.set(channel, new Set())
      subscribed.get(channel)!.add(uid)
      res.writeHead(204).end()
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    refuseNext(count: number) {
      refuseStreams = count
    },
    /** Sends as @boringnode/transmit does: a JSON data line, then a blank line. */
    broadcast(channel: string, payload: unknown) {
      for (const uid of subscribed.get(channel) ?? []) {
        streams.get(uid)?.write(`data: ${JSON.stringify({ channel, payload })}\n\n`)
      }
    },
    ping() {
      for (const stream of streams.values())
        stream.write(`data: ${JSON.stringify({ channel: '$$transmit/ping', payload: {} })}\n\n`)
    },
    dropStreams() {
      for (const stream of streams.values()) stream.destroy()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function until(condition: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('lot events: the cache follows the lots', () => {
  let transmit: Awaited<ReturnType<typeof startFakeTransmit>>
  let events: LotEvents | null = null
  afterEach(async () => {
    events?.close()
    events = null
    await transmit.close()
  })

  it('drops the cached pages the moment a `lots` message arrives, and on every reconnection', async () => {
    transmit = await startFakeTransmit()
    const url = await start()
    const messages: unknown[] = []
    let connects = 0
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'log').mockImplementation(() => {})
    // The first attempt is refused (the backend is not ready): it tries again.
    transmit.refuseNext(1)
    events = subscribeToLotEvents({
      backendUrl: transmit.url,
      minDelayMs: 10,
      onMessage: (payload) => {
        messages.push(payload)
        cache.invalidate()
      },
      onConnect: () => {
        connects++
        cache.invalidate()
      },
    })
    await until(() => events!.connected)
    expect(connects).toBe(1)

    await get(`${url}/aero-industrial-hub`)
    await get(`${url}/aero-industrial-hub`)
    expect(renders).toHaveLength(1)

    // Pings and other channels change nothing.
    transmit.ping()
    transmit.broadcast('bookings', { id: 1 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(cache.size).toBe(1)

    const change = { type: 'lot', lotId: 12, status: 'booked', previous: 'available', cause: 'booking', at: 'now' }
    transmit.broadcast('lots', change)
    await until(() => messages.length === 1)
    expect(messages).toEqual([change])
    expect(cache.size).toBe(0)
    await get(`${url}/aero-industrial-hub`)
    expect(renders).toHaveLength(2)

    // The stream is lost: it reconnects, subscribes again, and drops the cache.
    expect(cache.size).toBe(1)
    transmit.dropStreams()
    await until(() => connects === 2)
    expect(cache.size).toBe(0)
    transmit.broadcast('lots', { ...change, status: 'available' })
    await until(() => messages.length === 2)
  })
})
