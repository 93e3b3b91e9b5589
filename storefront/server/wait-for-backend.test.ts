// @vitest-environment node
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { waitForBackend } from './wait-for-backend.ts'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

/** A backend whose liveness check fails `failures` times (503), then answers 200. */
async function backendReadyAfter(failures: number) {
  const calls: string[] = []
  const server = createServer((req, res) => {
    calls.push(req.url ?? '')
    res.writeHead(calls.length > failures ? 200 : 503, { 'content-type': 'application/json' })
    res.end('{"status":"ok"}')
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls }
}

/** A port nothing listens on. */
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

describe('waitForBackend', () => {
  it('returns once the liveness check answers 200, after telling once that it waits', async () => {
    const backend = await backendReadyAfter(3)
    const waiting: string[] = []
    await waitForBackend(backend.url, { intervalMs: 10, onWaiting: (url) => waiting.push(url) })
    expect(backend.calls).toEqual(['/api/health/live', '/api/health/live', '/api/health/live', '/api/health/live'])
    expect(waiting).toEqual([`${backend.url}/api/health/live`])
  })

  it('returns at once, silently, when the backend is already up', async () => {
    const backend = await backendReadyAfter(0)
    const waiting: string[] = []
    await waitForBackend(backend.url, { intervalMs: 10, onWaiting: (url) => waiting.push(url) })
    expect(backend.calls).toHaveLength(1)
    expect(waiting).toEqual([])
  })

  it('gives up with a clear error when nothing answers in time', async () => {
    const url = await closedPort()
    await expect(waitForBackend(url, { intervalMs: 10, timeoutMs: 100 })).rejects.toThrow(
      `The API at ${url} did not answer ${url}/api/health/live within 0 s`
    )
  })
})
