// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { RequestHandler } from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '../app/test/fake-backend.ts'
import type { FakeBackend } from '../app/test/fake-backend.ts'
import { createConnection } from 'node:net'
import { createServer, request as httpRequest } from 'node:http'
import { UNAVAILABLE_MESSAGE } from './api-proxy.ts'
import { createGateway, keepConnectionsAlive } from './gateway.ts'
import { createBackofficeHandler } from './backoffice.ts'
import express from 'express'
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib'
import type { IncomingHttpHeaders } from 'node:http'

/** A script big enough for the gateway to compress (over 1 kB). */
const BIG_SCRIPT = `console.log(${JSON.stringify('backoffice '.repeat(400))})`
/** Its brotli copy as the build writes it (best quality; on-the-fly compression sends other bytes). */
const BIG_SCRIPT_BROTLI = brotliCompressSync(BIG_SCRIPT, {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_LGWIN]: 10 },
})

/** A GET as it came over the wire: status, headers and the body still encoded. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
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

let backend: FakeBackend
let dist: string
const storefrontCalls: { url: string; forwardedFor: unknown }[] = []
const storefront: RequestHandler = (req, res) => {
  storefrontCalls.push({ url: req.originalUrl, forwardedFor: req.headers['x-forwarded-for'] })
  res.type('text/html').send('<p>storefront</p>')
}

async function listen(options: { backendUrl?: string; backofficeDist?: string } = {}) {
  const app = createGateway({
    backendUrl: options.backendUrl ?? backend.url,
    backofficeDist: options.backofficeDist ?? dist,
    storefront,
  })
  const server: Server = await new Promise((resolve) => {
    const started = keepConnectionsAlive(app.listen(0, '127.0.0.1', () => resolve(started)))
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

beforeAll(async () => {
  backend = await startFakeBackend()
  dist = await mkdtemp(path.join(tmpdir(), 'backoffice-dist-'))
  await mkdir(path.join(dist, 'assets'))
  await writeFile(path.join(dist, 'index.html'), '<div id="root"></div>')
  await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("backoffice")')
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT)
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), BIG_SCRIPT_BROTLI)
})
afterAll(async () => {
  await backend.close()
  await rm(dist, { recursive: true, force: true })
})
beforeEach(() => {
  backend.requests.length = 0
  backend.routes.clear()
  storefrontCalls.length = 0
})

/** Sends each request on one raw connection, waiting `idleMs` between them; returns each status line. */
async function onOneConnection(url: string, paths: string[], idleMs: number): Promise<string[]> {
  const { hostname, port } = new URL(url)
  const socket = createConnection({ host: hostname, port: Number(port) })
  const statuses: string[] = []
  let buffer = ''
  let waiting: ((line: string) => void) | null = null
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffer += chunk
    const end = buffer.indexOf('\r\n\r\n')
    const length = Number(/content-length: (\d+)/i.exec(buffer)?.[1] ?? 0)
    if (end >= 0 && buffer.length >= end + 4 + length) {
      const line = buffer.slice(0, buffer.indexOf('\r\n'))
      buffer = ''
      waiting?.(line)
    }
  })
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve('closed by the server')))
  try {
    for (const [index, path] of paths.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, idleMs))
      const answered = new Promise<string>((resolve) => (waiting = resolve))
      if (socket.writable) socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n\r\n`)
      statuses.push(await Promise.race([answered, closed]))
    }
  } finally {
    socket.destroy()
  }
  return statuses
}

describe('gateway: connections', () => {
  // Node advertises its default as 5 s and closes at 6 s (its own 1 s buffer): idle for 7 s.
  it("keeps an idle keep-alive connection open past Node's 5 s default, so clients close first", async () => {
    backend.routes.set('GET /api/lots/public', () => ({ body: [] }))
    const gateway = await listen()
    try {
      const statuses = await onOneConnection(gateway.url, ['/api/lots/public', '/api/lots/public'], 7_000)
      expect(statuses).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK'])
    } finally {
      await gateway.close()
    }
  }, 20_000)
})

describe('gateway: /api', () => {
  it('passes path, query, method, headers and body through, and every Set-Cookie back', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 201,
      headers: {
        'Set-Cookie': ['aero_session=s1; Path=/; HttpOnly', 'XSRF-TOKEN=x1; Path=/'],
        'X-Request-Id': 'r-1',
      },
      body: { ok: true },
    }))
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/api/auth/login?next=%2Fa`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: 'aero_session=old; XSRF-TOKEN=t',
          Authorization: 'Bearer oat_1',
          'X-XSRF-TOKEN': 't',
        },
        body: JSON.stringify({ email: 'member@aero-demo.my', password: 'Demo@2024' }),
      })
      expect(response.status).toBe(201)
      expect(response.headers.getSetCookie()).toEqual(['aero_session=s1; Path=/; HttpOnly', 'XSRF-TOKEN=x1; Path=/'])
      expect(response.headers.get('x-request-id')).toBe('r-1')
      expect(await response.json()).toEqual({ ok: true })

      const [sent] = backend.requests
      expect(sent.method).toBe('POST')
      expect(sent.path).toBe('/api/auth/login?next=%2Fa')
      expect(sent.headers.cookie).toBe('aero_session=old; XSRF-TOKEN=t')
      expect(sent.headers.authorization).toBe('Bearer oat_1')
      expect(sent.headers['x-xsrf-token']).toBe('t')
      expect(sent.headers['x-forwarded-for']).toBe('127.0.0.1')
      expect(JSON.parse(sent.body)).toEqual({ email: 'member@aero-demo.my', password: 'Demo@2024' })
    } finally {
      await gateway.close()
    }
  })

  it('streams a large upload through unchanged', async () => {
    backend.routes.set('POST /api/uploads/document', (request) => ({ body: { received: request.body.length } }))
    const gateway = await listen()
    try {
      const payload = 'x'.repeat(3 * 1024 * 1024)
      const response = await fetch(`${gateway.url}/api/uploads/document`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/octet-stream' },
        body: payload,
      })
      expect(await response.json()).toEqual({ received: payload.length })
    } finally {
      await gateway.close()
    }
  })

  it('passes error statuses through as they are', async () => {
    backend.routes.set('GET /api/users/me', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/api/users/me`)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'Unauthorized access' })
    } finally {
      await gateway.close()
    }
  })

  it('answers 502 JSON when the backend stays silent past the timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const app = createGateway({
      backendUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      backofficeDist: dist,
      storefront,
      apiTimeoutMs: 200,
    })
    const server: Server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started))
    })
    try {
      const started = Date.now()
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/lots/public`)
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({
        message: UNAVAILABLE_MESSAGE,
        reference: response.headers.get('x-request-id'),
      })
      expect(Date.now() - started).toBeLessThan(2_000)
    } finally {
      server.closeAllConnections()
      silent.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('waits the whole timeout on a kept-alive connection, whatever keep-alive time the backend announced', async () => {
    // Node's default server announces `Keep-Alive: timeout=N`; here N is 2, so a pooled connection idles for 1 s at most.
    let answered = 0
    const slow = createServer((_req, res) => {
      answered += 1
      setTimeout(() => res.end(`answer ${answered}`), answered === 1 ? 0 : 1_500)
    })
    slow.keepAliveTimeout = 2_000
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    const app = createGateway({
      backendUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      backofficeDist: dist,
      storefront,
      apiTimeoutMs: 10_000,
    })
    const server: Server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started))
    })
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/lots/public`
      expect(await (await fetch(url)).text()).toBe('answer 1')
      // The second request goes on the first's connection and takes longer than it may idle in the pool.
      const second = await fetch(url)
      expect(second.status).toBe(200)
      expect(await second.text()).toBe('answer 2')
    } finally {
      server.closeAllConnections()
      slow.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await new Promise((resolve) => slow.close(resolve))
    }
  })

  it('sends a header the client repeated on as it came, and names this hop in X-Forwarded-*', async () => {
    backend.routes.set('GET /api/lots/public', () => ({ body: [] }))
    const gateway = await listen()
    try {
      const { port } = new URL(gateway.url)
      const answer = await new Promise<number>((resolve, reject) => {
        httpRequest(
          `${gateway.url}/api/lots/public`,
          {
            headers: [
              ['Accept-Language', 'ms'],
              ['X-Forwarded-For', '203.0.113.9'],
              ['X-Forwarded-For', '198.51.100.2'],
              ['Host', `127.0.0.1:${port}`],
            ] as never,
          },
          (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          }
        )
          .on('error', reject)
          .end()
      })
      expect(answer).toBe(200)
      const [sent] = backend.requests
      expect(sent.headers['accept-language']).toBe('ms')
      expect(sent.headers['x-forwarded-for']).toBe('203.0.113.9, 198.51.100.2, 127.0.0.1')
      expect(sent.headers['x-forwarded-proto']).toBe('http')
      expect(sent.headers['x-forwarded-host']).toBe(`127.0.0.1:${port}`)
      expect(sent.headers.host).toBe(`127.0.0.1:${port}`)
    } finally {
      await gateway.close()
    }
  })

  it('answers 502 JSON when the backend is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const gateway = await listen({ backendUrl: 'http://127.0.0.1:9' })
    try {
      const response = await fetch(`${gateway.url}/api/x`)
      expect(response.status).toBe(502)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      expect(await response.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
        reference: response.headers.get('x-request-id'),
      })
    } finally {
      await gateway.close()
    }
  })
})

describe('gateway: /backoffice', () => {
  it('serves the app page for its routes, never cached', async () => {
    const gateway = await listen()
    try {
      for (const page of ['/backoffice/', '/backoffice/admin/users', '/backoffice/agent-dashboard?tab=x']) {
        const response = await fetch(`${gateway.url}${page}`)
        expect(response.status).toBe(200)
        expect(response.headers.get('cache-control')).toBe('no-cache')
        expect(await response.text()).toBe('<div id="root"></div>')
      }
      expect(storefrontCalls).toEqual([])
    } finally {
      await gateway.close()
    }
  })

  it('serves built assets with a long cache, and 404s missing ones', async () => {
    const gateway = await listen()
    try {
      const asset = await fetch(`${gateway.url}/backoffice/assets/index-abc123.js`)
      expect(asset.status).toBe(200)
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await asset.text()).toBe('console.log("backoffice")')

      expect((await fetch(`${gateway.url}/backoffice/assets/missing.js`)).status).toBe(404)
      expect((await fetch(`${gateway.url}/backoffice/logo.png`)).status).toBe(404)
    } finally {
      await gateway.close()
    }
  })

  it("sends the build's brotli copy of an asset to browsers that accept brotli, the plain file to others", async () => {
    const gateway = await listen()
    try {
      const url = `${gateway.url}/backoffice/assets/big-abc123.js`
      const asBrotli = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' })
      expect(asBrotli.headers['content-encoding']).toBe('br')
      expect(asBrotli.body.equals(BIG_SCRIPT_BROTLI)).toBe(true)
      expect(asBrotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
      expect(asBrotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(asBrotli.headers.vary).toMatch(/Accept-Encoding/)
      expect(brotliDecompressSync(asBrotli.body).toString()).toBe(BIG_SCRIPT)

      const asGzip = await rawGet(url, { 'Accept-Encoding': 'gzip' })
      expect(asGzip.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(asGzip.body).toString()).toBe(BIG_SCRIPT)

      const plain = await rawGet(url, { 'Accept-Encoding': 'identity' })
      expect(plain.headers['content-encoding']).toBeUndefined()
      expect(plain.body.toString()).toBe(BIG_SCRIPT)

      // No way out of the assets folder through the brotli lookup.
      expect(
        (await rawGet(`${gateway.url}/backoffice/assets/..%2findex.html`, { 'Accept-Encoding': 'br' })).status
      ).toBe(404)
    } finally {
      await gateway.close()
    }
  })

  it('answers 404 when the backoffice has not been built', async () => {
    const gateway = await listen({ backofficeDist: path.join(dist, 'does-not-exist') })
    try {
      const response = await fetch(`${gateway.url}/backoffice`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('not been built')
    } finally {
      await gateway.close()
    }
  })
})

describe('gateway: everything else', () => {
  it("goes to the storefront, with the visitor's address passed on", async () => {
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/login?redirectTo=%2Fprofile`, {
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      })
      expect(await response.text()).toBe('<p>storefront</p>')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(storefrontCalls).toEqual([{ url: '/login?redirectTo=%2Fprofile', forwardedFor: '203.0.113.9, 127.0.0.1' }])
      // Not a backoffice path, only a similar name.
      await fetch(`${gateway.url}/backoffice-news`)
      expect(storefrontCalls.at(-1)?.url).toBe('/backoffice-news')
    } finally {
      await gateway.close()
    }
  })
})

describe('gateway: a malformed percent-encoding in the path', () => {
  it('answers 400 for backoffice files and pages, storefront pages and files, never 500, and leaves nothing to the storefront', async () => {
    const gateway = await listen()
    try {
      for (const address of [
        '/backoffice/assets/%E0%A4%A',
        '/backoffice/assets/index-%E0%A4%A.js',
        '/backoffice/%E0%A4%A',
        '/backoffice/bookings/%E0%A4%A/show',
        '/%E0%A4%A',
        '/aero-industrial-hub/%E0%A4%A',
        '/assets/%E0%A4%A.js',
        '/favicon%ZZ.ico',
      ]) {
        for (const encoding of ['br', 'identity']) {
          const response = await rawGet(`${gateway.url}${address}`, { 'Accept-Encoding': encoding })
          expect({ address, encoding, status: response.status }).toEqual({ address, encoding, status: 400 })
          expect(response.headers['content-type']).toMatch(/^text\/plain/)
          expect(response.headers['x-content-type-options']).toBe('nosniff')
          expect(response.body.toString()).toContain('400 Bad Request')
        }
      }
      expect(storefrontCalls).toEqual([])

      // A percent-encoding that decodes is still an address like any other.
      expect((await rawGet(`${gateway.url}/backoffice/assets/index%2Dabc123.js`, {})).status).toBe(200)
      expect((await rawGet(`${gateway.url}/aero-industrial-hub/%E0%A4%A4`, {})).status).toBe(200)
      expect(storefrontCalls.map((call) => call.url)).toEqual(['/aero-industrial-hub/%E0%A4%A4'])
    } finally {
      await gateway.close()
    }
  })
  it("leaves the backoffice's own handler answering such a file 404, not 500, should it be reached", async () => {
    const app = express()
    app.use('/backoffice', createBackofficeHandler(dist))
    const server: Server = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started))
    })
    try {
      const { port } = server.address() as AddressInfo
      const response = await rawGet(`http://127.0.0.1:${port}/backoffice/assets/%E0%A4%A`, { 'Accept-Encoding': 'br' })
      expect(response.status).toBe(404)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('gateway: cross-site form posts', () => {
  it('refuses a storefront post whose Origin is another site, and lets same-site posts through', async () => {
    const gateway = await listen()
    try {
      const crossSite = await fetch(`${gateway.url}/logout`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example' },
      })
      expect(crossSite.status).toBe(403)
      expect(storefrontCalls).toEqual([])

      const sameSite = await fetch(`${gateway.url}/logout`, { method: 'POST', headers: { Origin: gateway.url } })
      expect(sameSite.status).toBe(200)
      const noOrigin = await fetch(`${gateway.url}/logout`, { method: 'POST' })
      expect(noOrigin.status).toBe(200)
      expect(storefrontCalls.map((call) => call.url)).toEqual(['/logout', '/logout'])
    } finally {
      await gateway.close()
    }
  })

  it('leaves /api writes to the backend', async () => {
    backend.routes.set('POST /api/contact', () => ({ status: 201, body: { ok: true } }))
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/api/contact`, {
        method: 'POST',
        headers: { Origin: 'https://evil.example' },
      })
      expect(response.status).toBe(201)
    } finally {
      await gateway.close()
    }
  })
})
