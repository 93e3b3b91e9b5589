// @vitest-environment node
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RequestHandler } from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '../app/test/fake-backend.ts'
import type { FakeBackend } from '../app/test/fake-backend.ts'
import { createServer } from 'node:http'
import { UNAVAILABLE_MESSAGE } from './api-proxy.ts'
import { createGateway, keepConnectionsAlive } from './gateway.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** nginx's `$request_id`. */
const NGINX_ID = '0123456789abcdef0123456789abcdef'

let backend: FakeBackend
const pageIds: unknown[] = []
const storefront: RequestHandler = (req, res) => {
  pageIds.push(req.headers['x-request-id'])
  res.type('text/html').send('<p>storefront</p>')
}

async function listen(options: { backendUrl?: string; trustProxy?: string } = {}) {
  const app = createGateway({
    backendUrl: options.backendUrl ?? backend.url,
    backofficeDist: '/nonexistent',
    storefront,
    trustProxy: options.trustProxy,
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

/** The JSON lines written to the console's error stream. */
function captureErrorLines(): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = []
  vi.spyOn(console, 'error').mockImplementation((line: unknown) => void lines.push(JSON.parse(String(line))))
  return lines
}

beforeAll(async () => {
  backend = await startFakeBackend()
  backend.routes.set('GET /api/thing', () => ({ body: { ok: true } }))
})
afterAll(() => backend.close())
afterEach(() => {
  backend.requests.length = 0
  pageIds.length = 0
  vi.restoreAllMocks()
})

describe('gateway: one request id', () => {
  it('makes one for an API call, passes it to the backend and echoes it', async () => {
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/api/thing`)
      expect(response.status).toBe(200)
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(UUID)
      expect(backend.requests[0].headers['x-request-id']).toBe(id)
    } finally {
      await gateway.close()
    }
  })

  it("believes a trusted proxy's id, and only a well-formed one", async () => {
    const gateway = await listen({ trustProxy: 'loopback' })
    try {
      const kept = await fetch(`${gateway.url}/api/thing`, { headers: { 'X-Request-Id': NGINX_ID } })
      expect(kept.headers.get('x-request-id')).toBe(NGINX_ID)
      expect(backend.requests[0].headers['x-request-id']).toBe(NGINX_ID)

      for (const malformed of ['has spaces in it', 'x'.repeat(129), 'short', 'semi;colon-1234']) {
        const replaced = await fetch(`${gateway.url}/api/thing`, { headers: { 'X-Request-Id': malformed } })
        expect(replaced.headers.get('x-request-id'), malformed).toMatch(UUID)
        expect(backend.requests.at(-1)!.headers['x-request-id']).toBe(replaced.headers.get('x-request-id'))
      }
    } finally {
      await gateway.close()
    }
  })

  it('replaces the id a client that is not a trusted proxy claims', async () => {
    const gateway = await listen()
    try {
      const response = await fetch(`${gateway.url}/api/thing`, { headers: { 'X-Request-Id': NGINX_ID } })
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(UUID)
      expect(backend.requests[0].headers['x-request-id']).toBe(id)
      expect(JSON.stringify(backend.requests[0].headers)).not.toContain(NGINX_ID)
    } finally {
      await gateway.close()
    }
  })

  it("gives a page's render the id it answers with (its API calls pass it on)", async () => {
    const gateway = await listen({ trustProxy: 'loopback' })
    try {
      const page = await fetch(`${gateway.url}/some/page`, { headers: { 'X-Request-Id': NGINX_ID } })
      expect(page.headers.get('x-request-id')).toBe(NGINX_ID)
      expect(pageIds).toEqual([NGINX_ID])
    } finally {
      await gateway.close()
    }
  })

  it('answers a backend that is down with 502 naming the request, logged under the same id', async () => {
    const lines = captureErrorLines()
    const gateway = await listen({ backendUrl: 'http://127.0.0.1:9', trustProxy: 'loopback' })
    try {
      const response = await fetch(`${gateway.url}/api/thing`, { headers: { 'X-Request-Id': NGINX_ID } })
      expect(response.status).toBe(502)
      expect(await response.json()).toEqual({ message: UNAVAILABLE_MESSAGE, reference: NGINX_ID })
      expect(response.headers.get('x-request-id')).toBe(NGINX_ID)
      expect(lines).toEqual([
        expect.objectContaining({ level: 50, request_id: NGINX_ID, msg: expect.stringContaining('GET /api/thing') }),
      ])
    } finally {
      await gateway.close()
    }
  })

  it("puts one id in the gateway's and the backend's log lines of a request", async () => {
    // A backend that logs the request as the real one does (pino's JSON, `request_id`), then fails it.
    const backendLines: Array<Record<string, unknown>> = []
    const failing = createServer((req, res) => {
      backendLines.push({ level: 30, request_id: req.headers['x-request-id'], msg: `${req.method} ${req.url}` })
      res.socket?.destroy()
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    const lines = captureErrorLines()
    const gateway = await listen({ backendUrl: `http://127.0.0.1:${(failing.address() as AddressInfo).port}` })
    try {
      const response = await fetch(`${gateway.url}/api/thing`, { method: 'POST', body: '{}' })
      expect(response.status).toBe(502)
      const id = response.headers.get('x-request-id')
      expect(id).toMatch(UUID)
      expect(await response.json()).toMatchObject({ reference: id })
      expect(backendLines).toEqual([expect.objectContaining({ request_id: id })])
      expect(lines).toEqual([expect.objectContaining({ level: 50, request_id: id })])
    } finally {
      await gateway.close()
      await new Promise((resolve) => failing.close(resolve))
    }
  })
})

describe('gateway: the backends’ metrics', () => {
  it('answers /metrics itself, 404, never passing it on', async () => {
    const gateway = await listen({ trustProxy: 'loopback' })
    try {
      for (const path of ['/metrics', '/metrics/', '/METRICS']) {
        const response = await fetch(`${gateway.url}${path}`)
        expect(response.status, path).toBe(404)
      }
      expect(backend.requests).toEqual([])
      expect(pageIds).toEqual([])
    } finally {
      await gateway.close()
    }
  })
})
