// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer as createTcpServer } from 'node:net'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import { Await, useLoaderData } from '@remix-run/react'
import type { RequestHandler } from 'express'
import { Suspense, createElement } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as entryServer from '../app/entry.server.tsx'
import * as root from '../app/root.tsx'
import { startFakeBackend } from '../app/test/fake-backend.ts'
import type { FakeBackend } from '../app/test/fake-backend.ts'
import { createGateway } from './gateway.ts'
import type { GatewayOptions } from './gateway.ts'
import { createPageCache } from './page-cache.ts'
import {
  BACKOFFICE_POLICY,
  CSP_REPORT_PATH,
  PERMISSIONS_POLICY,
  STRICT_TRANSPORT_SECURITY,
  createNonce,
  pagePolicy,
} from './security-headers.ts'

/** A browser's user agent: it is sent the page as a stream (crawlers get it whole). */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36'

/** A policy as directive name -> sources. */
function directives(policy: string | null): Record<string, string[]> {
  expect(policy).toBeTruthy()
  return Object.fromEntries(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources])
  )
}

/** The nonce `script-src` allows. */
function policyNonce(policy: string | null): string {
  const nonce = directives(policy)['script-src'].find((source) => source.startsWith("'nonce-"))
  expect(nonce).toBeDefined()
  return nonce!.slice("'nonce-".length, -1)
}

/** Every `<script ...>` opening tag of a document. */
function scriptTags(html: string): string[] {
  return html.match(/<script\b[^>]*>/g) ?? []
}

describe('the policies', () => {
  it('allow scripts from the origin and the nonce only: no inline or eval, no plugins, no framing, no other base or form target', () => {
    const policy = directives(pagePolicy('abc123'))
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc123'"])
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'self'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['frame-src']).toEqual(["'none'"])
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:'])
    expect(policy['report-uri']).toEqual([CSP_REPORT_PATH])
    expect(policy['report-to']).toEqual(['csp'])
  })

  it("let Vite's development client reach its HMR socket, in development only", () => {
    expect(directives(pagePolicy('n', { development: true }))['connect-src']).toEqual(["'self'", 'ws:', 'wss:'])
    expect(directives(pagePolicy('n'))['connect-src']).toEqual(["'self'"])
  })

  it('give the backoffice the same strictness without a nonce (its page has no inline script)', () => {
    const policy = directives(BACKOFFICE_POLICY)
    expect(policy['script-src']).toEqual(["'self'"])
    // MUI's emotion inserts <style> elements; the app shell in index.html is one.
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    // The preload of /api/users/me is a fetch to the origin.
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy['manifest-src']).toEqual(["'self'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
  })

  it('make a new 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()))
    expect(nonces.size).toBe(50)
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
  })
})

let backend: FakeBackend
let dist: string

/** The real entry.server.tsx and root.tsx, and a page whose loader streams a value after the shell. */
function streamedPage() {
  return {
    loader: () => ({ later: new Promise<string>((resolve) => setTimeout(() => resolve('Streamed value'), 30)) }),
    default: function StreamedPage() {
      const { later } = useLoaderData<{ later: Promise<string> }>()
      return createElement(
        Suspense,
        { fallback: createElement('p', null, 'Waiting') },
        createElement(Await<Promise<string>>, {
          resolve: later,
          children: (value: string) => createElement('p', null, value),
        })
      )
    },
  }
}

const manifestRoute = (id: string, extra: Record<string, unknown>) => ({
  id,
  module: `/assets/${id}.js`,
  imports: [],
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: id === 'root',
  ...extra,
})

const build = {
  mode: 'production',
  entry: { module: entryServer },
  routes: {
    root: { id: 'root', path: '', module: root },
    'routes/streamed': { id: 'routes/streamed', parentId: 'root', path: 'streamed', module: streamedPage() },
  },
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [] },
    routes: {
      root: manifestRoute('root', { path: '' }),
      'routes/streamed': manifestRoute('routes/streamed', { parentId: 'root', path: 'streamed' }),
    },
    url: '/assets/manifest.js',
    version: 'test',
  },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
  isSpaMode: false,
} as unknown as ServerBuild

const plainStorefront: RequestHandler = (_req, res) => {
  res.type('text/html').send('<p>storefront</p>')
}

async function listen(options: Partial<GatewayOptions> = {}) {
  const app = createGateway({ backendUrl: backend.url, backofficeDist: dist, storefront: plainStorefront, ...options })
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started))
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
  vi.stubEnv('BACKEND_URL', backend.url)
  dist = await mkdtemp(path.join(tmpdir(), 'backoffice-dist-'))
  await writeFile(
    path.join(dist, 'index.html'),
    '<div id="root"></div><script type="module" src="/backoffice/assets/index.js"></script>'
  )
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
  await rm(dist, { recursive: true, force: true })
})
beforeEach(() => {
  backend.routes.clear()
  backend.routes.set('GET /api/users/me', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
})

describe('gateway: the headers of every page and file it answers', () => {
  const expectCommonHeaders = (response: Response) => {
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY)
    expect(response.headers.get('reporting-endpoints')).toBe(`csp="${CSP_REPORT_PATH}"`)
  }

  it('sends nosniff, Referrer-Policy, Permissions-Policy (the camera for this origin only) and the reporting endpoint', async () => {
    const gateway = await listen()
    try {
      for (const page of ['/', '/aero-industrial-hub', '/backoffice/', '/backoffice/bookings']) {
        const response = await fetch(`${gateway.url}${page}`)
        expect(response.status, page).toBe(200)
        expectCommonHeaders(response)
      }
      const policy = PERMISSIONS_POLICY.split(', ')
      expect(policy).toContain('camera=(self)')
      for (const denied of ['geolocation=()', 'microphone=()', 'payment=()', 'usb=()']) expect(policy).toContain(denied)
    } finally {
      await gateway.close()
    }
  })

  it('gives the backoffice its policy, on its page and its files', async () => {
    const gateway = await listen()
    try {
      for (const page of ['/backoffice/', '/backoffice/bookings/12/show', '/backoffice/assets/missing.js']) {
        const response = await fetch(`${gateway.url}${page}`)
        expect(response.headers.get('content-security-policy'), page).toBe(BACKOFFICE_POLICY)
      }
    } finally {
      await gateway.close()
    }
  })

  it('sends HSTS over HTTPS only: behind a trusted proxy that says so, never for a spoofed header', async () => {
    const untrusting = await listen()
    try {
      const plain = await fetch(`${untrusting.url}/`)
      expect(plain.headers.get('strict-transport-security')).toBeNull()
      // Nobody is trusted by default: a client saying https is not believed.
      const spoofed = await fetch(`${untrusting.url}/`, { headers: { 'X-Forwarded-Proto': 'https' } })
      expect(spoofed.headers.get('strict-transport-security')).toBeNull()
    } finally {
      await untrusting.close()
    }

    const behindProxy = await listen({ trustProxy: ['127.0.0.1', '::1'] })
    try {
      for (const page of ['/', '/backoffice/']) {
        const secure = await fetch(`${behindProxy.url}${page}`, { headers: { 'X-Forwarded-Proto': 'https' } })
        expect(secure.headers.get('strict-transport-security'), page).toBe(STRICT_TRANSPORT_SECURITY)
        const plain = await fetch(`${behindProxy.url}${page}`, { headers: { 'X-Forwarded-Proto': 'http' } })
        expect(plain.headers.get('strict-transport-security'), page).toBeNull()
      }
    } finally {
      await behindProxy.close()
    }
  })
})

describe('gateway: the API answers it makes itself', () => {
  it('says nosniff and never to keep its 502 when the backend cannot be reached', async () => {
    // A port nothing listens on.
    const closed = createTcpServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise((resolve) => closed.close(resolve))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    const gateway = await listen({ backendUrl: `http://127.0.0.1:${port}` })
    try {
      const response = await fetch(`${gateway.url}/api/lots/public`)
      expect(response.status).toBe(502)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('cache-control')).toBe('private, no-store')
    } finally {
      await gateway.close()
    }
  })
})

describe('gateway: a storefront page rendered by Remix', () => {
  const storefront = createRequestHandler({ build, mode: 'production' })

  async function page(url: string) {
    const response = await fetch(url, { headers: { 'User-Agent': BROWSER } })
    return { response, html: await response.text() }
  }

  it('carries a policy whose nonce is on every inline script (Remix, scroll restoration, the stream, React)', async () => {
    const gateway = await listen({ storefront })
    try {
      const { response, html } = await page(`${gateway.url}/streamed`)
      expect(response.status).toBe(200)
      const policy = response.headers.get('content-security-policy')
      const nonce = policyNonce(policy)
      expect(directives(policy)['object-src']).toEqual(["'none'"])

      // The streamed value arrived after the shell: React's and single fetch's scripts came with it.
      expect(html).toContain('Streamed value')
      const scripts = scriptTags(html)
      expect(scripts.length).toBeGreaterThanOrEqual(4)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
      expect(html).toContain('window.__remixContext')
      expect(html).toContain('__remixContext.streamController')
    } finally {
      await gateway.close()
    }
  })

  it('has a new nonce for every render', async () => {
    const gateway = await listen({ storefront })
    try {
      const nonces = new Set<string>()
      for (let index = 0; index < 5; index++) {
        const { response, html } = await page(`${gateway.url}/streamed`)
        const nonce = policyNonce(response.headers.get('content-security-policy'))
        for (const tag of scriptTags(html)) expect(tag).toContain(`nonce="${nonce}"`)
        nonces.add(nonce)
      }
      expect(nonces.size).toBe(5)
    } finally {
      await gateway.close()
    }
  })

  it('keeps a cached page and its policy together: a hit sends the nonce its scripts carry', async () => {
    const pageCache = createPageCache({ ttlSeconds: 60, isPublicPage: (url) => url === '/streamed' })
    const gateway = await listen({ storefront, pageCache })
    try {
      const miss = await page(`${gateway.url}/streamed`)
      const hit = await page(`${gateway.url}/streamed`)
      expect(miss.response.headers.get('x-page-cache')).toBe('miss')
      expect(hit.response.headers.get('x-page-cache')).toBe('hit')
      const nonce = policyNonce(hit.response.headers.get('content-security-policy'))
      expect(scriptTags(hit.html).length).toBeGreaterThanOrEqual(4)
      for (const tag of scriptTags(hit.html)) expect(tag).toContain(`nonce="${nonce}"`)
      expect(hit.response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(hit.response.headers.get('permissions-policy')).toBe(PERMISSIONS_POLICY)
    } finally {
      await gateway.close()
    }
  })
})
