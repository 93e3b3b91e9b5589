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
