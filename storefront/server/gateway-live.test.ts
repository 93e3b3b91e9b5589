// @vitest-environment node
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, keepConnectionsAlive } from './gateway.ts'

/**
 * The backend's live updates (`/__transmit`, server-sent events) reach the browser through
 * the one origin: streamed as they come, uncompressed, and never cut for being quiet.
 */

const QUIET_MS = 300

type Listening = { url: string; close: () => Promise<void> }

async function listen(server: http.Server): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
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

/** A stand-in for Transmit: `:ok`, then a message after a quiet spell, then another. */
const subscriptions: string[] = []
function fakeTransmit() {
  return http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/__transmit/subscribe') {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        subscriptions.push(body)
        res.writeHead(204).end()
      })
      return
    }
    if (!req.url?.startsWith('/__transmit/events?uid=')) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'private, no-cache, no-store, must-revalidate, max-age=0, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.write(':ok\n\n')
    const message = (n: number) => `data: {"channel":"lots","payload":{"type":"lot","lotId":${n}}}\n\n`
    const first = setTimeout(() => res.write(message(1)), QUIET_MS)
    const second = setTimeout(() => res.write(message(2)), QUIET_MS * 2)
    res.on('close', () => {
      clearTimeout(first)
      clearTimeout(second)
    })
  })
}

let backend: Listening
let gateway: Listening

beforeAll(async () => {
  backend = await listen(fakeTransmit())
  const app = createGateway({
    backendUrl: backend.url,
    backofficeDist: '/nonexistent',
    storefront: (_req, res) => void res.type('text/html').send('<p>storefront</p>'),
    // Far shorter than the stream's quiet spells: the API's idle timeout must not apply here.
    apiTimeoutMs: 100,
  })
  gateway = await listen(keepConnectionsAlive(http.createServer(app)))
})
afterAll(async () => {
  await gateway.close()
  await backend.close()
})

describe('gateway: /__transmit', () => {
  it('streams the event stream through as it comes, uncompressed, past any idle timeout', async () => {
    const started = Date.now()
    const chunks: Array<{ at: number; text: string }> = []
    const { headers, status } = await new Promise<{ headers: http.IncomingHttpHeaders; status?: number }>(
      (resolve, reject) => {
        const request = http.get(
          `${gateway.url}/__transmit/events?uid=abc`,
          { headers: { 'Accept-Encoding': 'gzip, deflate, br', Accept: 'text/event-stream' } },
          (response) => {
            response.setEncoding('utf8')
            response.on('data', (text: string) => {
              chunks.push({ at: Date.now() - started, text })
              if (
                chunks
                  .map((chunk) => chunk.text)
                  .join('')
                  .includes('"lotId":2')
              ) {
                request.destroy()
                resolve({ headers: response.headers, status: response.statusCode })
              }
            })
            response.on('close', () => reject(new Error(`The stream ended early: ${JSON.stringify(chunks)}`)))
          }
        )
        request.on('error', reject)
      }
    )

    expect(status).toBe(200)
    expect(headers['content-type']).toBe('text/event-stream')
    expect(headers['content-encoding']).toBeUndefined()
    expect(headers['x-accel-buffering']).toBe('no')
    // `:ok` arrived at once, each message when the backend sent it: nothing held back.
    expect(chunks[0]).toMatchObject({ text: ':ok\n\n' })
    expect(chunks[0].at).toBeLessThan(QUIET_MS)
    const second = chunks.find((chunk) => chunk.text.includes('"lotId":2'))!
    const first = chunks.find((chunk) => chunk.text.includes('"lotId":1'))!
    expect(first.at).toBeLessThan(second.at)
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(
      ':ok\n\n' +
        'data: {"channel":"lots","payload":{"type":"lot","lotId":1}}\n\n' +
        'data: {"channel":"lots","payload":{"type":"lot","lotId":2}}\n\n'
    )
  })

  it('passes subscriptions on to the backend', async () => {
    const response = await fetch(`${gateway.url}/__transmit/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ uid: 'abc', channel: 'lots' }),
    })
    expect(response.status).toBe(204)
    expect(subscriptions).toContain('{"uid":"abc","channel":"lots"}')
  })
})

describe('gateway: open live-update streams are capped', () => {
  let capped: Listening
  const open: http.ClientRequest[] = []

  beforeAll(async () => {
    const app = createGateway({
      backendUrl: backend.url,
      backofficeDist: '/nonexistent',
      storefront: (_req, res) => void res.type('text/html').send('<p>storefront</p>'),
      // The test's requests come through a "proxy" on the loopback that names each client.
      trustProxy: '127.0.0.1',
      liveStreams: { perAddress: 2, total: 3 },
    })
    capped = await listen(keepConnectionsAlive(http.createServer(app)))
  })
  afterAll(async () => {
    for (const request of open) request.destroy()
    await capped.close()
  })

  /** A stream from `address`: its status, and its body when refused. */
  function stream(address: string) {
    return new Promise<{
      status?: number
      body: string
      headers: http.IncomingHttpHeaders
      request: http.ClientRequest
    }>((resolve, reject) => {
      const request = http.get(
        `${capped.url}/__transmit/events?uid=${address}-${open.length}`,
        { headers: { 'x-forwarded-for': address }, agent: false },
        (response) => {
          if (response.statusCode === 200) {
            open.push(request)
            resolve({ status: 200, body: '', headers: response.headers, request })
            return
          }
          let body = ''
          response.setEncoding('utf8')
          response.on('data', (text: string) => (body += text))
          response.on('end', () => resolve({ status: response.statusCode, body, headers: response.headers, request }))
        }
      )
      request.on('error', reject)
    })
  }

  it("refuses a stream beyond the address's share (429) and beyond the total (503); pages are still served", async () => {
    expect((await stream('198.51.100.1')).status).toBe(200)
    const second = await stream('198.51.100.1')
    expect(second.status).toBe(200)

    const refused = await stream('198.51.100.1')
    expect(refused.status).toBe(429)
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(refused.headers['retry-after']).toBe('30')
    expect(JSON.parse(refused.body)).toEqual({
      message: 'Too many live-update streams are open from your address (2 at most). Close some pages, then try again.',
    })
    // Subscribing is not a stream: it still goes through.
    const subscribed = await fetch(`${capped.url}/__transmit/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.1' },
      body: JSON.stringify({ uid: 'x', channel: 'lots' }),
    })
    expect(subscribed.status).toBe(204)

    expect((await stream('198.51.100.2')).status).toBe(200)
    const full = await stream('198.51.100.3')
    expect(full.status).toBe(503)
    expect(JSON.parse(full.body)).toEqual({
      message: 'Live updates are at capacity right now. Please try again shortly.',
    })
    const page = await fetch(`${capped.url}/`, { headers: { 'X-Forwarded-For': '198.51.100.3' } })
    expect(page.status).toBe(200)

    // A closed stream gives its place back as soon as the gateway sees it close.
    second.request.destroy()
    let again = await stream('198.51.100.3')
    for (let tries = 0; again.status !== 200 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      again = await stream('198.51.100.3')
    }
    expect(again.status).toBe(200)
  })
})
