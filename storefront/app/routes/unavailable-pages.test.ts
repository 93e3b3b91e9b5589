// @vitest-environment node
import { createRequestHandler } from '@remix-run/node'
import type { ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as entry from '~/entry.server'
import * as root from '~/root'
import * as hub from '~/routes/aero-industrial-hub'
import * as lotType from '~/routes/properties.aeroindustrial.type.$typeId'
import * as sharedProperty from '~/routes/agent-properties.$propertyId'
import * as profile from '~/routes/profile'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend, FakeRoute } from '~/test/fake-backend'
import { testLot } from '~/test/lot-fixture'

/**
 * Pages during a backend or database outage, rendered whole (entry.server.tsx, the root
 * layout, the route and its error boundary): a page that cannot load its own data answers
 * 503 with Retry-After and `no-store`, and says what it could not load and to try again.
 */
const ROUTES = {
  root: { path: '', module: root },
  'routes/aero-industrial-hub': { path: 'aero-industrial-hub', module: hub },
  'routes/properties.aeroindustrial.type.$typeId': { path: 'properties/aeroindustrial/type/:typeId', module: lotType },
  'routes/agent-properties.$propertyId': { path: 'agent-properties/:propertyId', module: sharedProperty },
  'routes/profile': { path: 'profile', module: profile },
} as const

const parentOf = (id: string) => (id === 'root' ? undefined : 'root')

const build = {
  mode: 'production',
  entry: { module: entry },
  routes: Object.fromEntries(
    Object.entries(ROUTES).map(([id, route]) => [id, { id, parentId: parentOf(id), ...route }])
  ),
  // Enough of the client manifest for the document to render its scripts.
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [] },
    routes: Object.fromEntries(
      Object.entries(ROUTES).map(([id, route]) => [
        id,
        {
          id,
          parentId: parentOf(id),
          path: route.path,
          module: `/assets/${id}.js`,
          imports: [],
          css: [],
          hasLoader: true,
          hasAction: false,
          hasClientLoader: false,
          hasClientAction: false,
          hasErrorBoundary: true,
        },
      ])
    ),
    url: '/assets/manifest.js',
    version: 'test',
  },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
  isSpaMode: false,
} as unknown as ServerBuild

const handle = createRequestHandler(build, 'production')

async function visit(path: string, headers: Record<string, string> = {}) {
  const response = await handle(new Request(`http://localhost:3000${path}`, { headers }))
  return {
    status: response.status,
    cacheControl: response.headers.get('Cache-Control'),
    retryAfter: response.headers.get('Retry-After'),
    html: await response.text(),
  }
}

const BACKEND_DOWN = 'The service is briefly unavailable. Please try again in a few moments.'
/** The backend's answer while its database is out of reach (backend/app/core/exceptions/handler.ts). */
const outage: FakeRoute = () => ({ status: 503, headers: { 'Retry-After': '5' }, body: { message: BACKEND_DOWN } })
const lots = [testLot(1, 'available'), testLot(2, 'sold')]
const availability = { available: 1, reserved: 0, booked: 0, sold: 1, total: 2, percentageAvailable: 50 }

/** The friendly error page: what could not load, that the service is out for now, and a way to try again. */
function expectTryAgainPage(html: string, path: string, what: string) {
  expect(html).toContain('<p class="error-page__status">Error <!-- -->503</p>')
  expect(html).toContain('<h1 id="error-title">Service unavailable</h1>')
  expect(html).toContain(`<p role="alert">${what}</p>`)
  expect(html).toContain('The service is temporarily unavailable. Please try again shortly.')
  expect(html).toContain(`<a class="button button--primary" href="${path}">Try again</a>`)
}

let backend: FakeBackend

beforeAll(async () => {
  backend = await startFakeBackend()
})
afterAll(async () => {
  await backend.close()
})
beforeEach(() => {
  vi.stubEnv('BACKEND_URL', backend.url)
  backend.routes.clear()
  backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
  backend.routes.set('GET /api/lots/public', () => ({ body: lots }))
  backend.routes.set('GET /api/properties/aeroindustrial', () => ({ body: { id: 1, name: 'Aero Industrial Hub' } }))
  backend.routes.set('GET /api/properties/aeroindustrial/lots/B', () => ({ body: { lots, availability } }))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

describe('the hub during an outage', () => {
  it('answers 503 with Retry-After, never cached, and asks to try again; back up, the lots show', async () => {
    backend.routes.set('GET /api/lots/public', outage)
    const down = await visit('/aero-industrial-hub?type=B')
    expect(down).toMatchObject({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
    expectTryAgainPage(down.html, '/aero-industrial-hub?type=B', 'Failed to load shoplot data. Please try again later.')

    backend.routes.set('GET /api/lots/public', () => ({ body: lots }))
    const up = await visit('/aero-industrial-hub')
    expect(up).toMatchObject({ status: 200, cacheControl: null, retryAfter: null })
    expect(up.html).not.toContain('Service unavailable')
    expect(up.html).toContain(lots[0].unitNumber)
  })

  it('answers the same 503 when the backend cannot be reached at all', async () => {
    vi.stubEnv('BACKEND_URL', 'http://127.0.0.1:9')
    const down = await visit('/aero-industrial-hub')
    expect(down).toMatchObject({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
    expectTryAgainPage(down.html, '/aero-industrial-hub', 'Failed to load shoplot data. Please try again later.')
  })

  it('still shows its lots without the information card, not kept', async () => {
    backend.routes.set('GET /api/properties/aeroindustrial', outage)
    const degraded = await visit('/aero-industrial-hub')
    expect(degraded).toMatchObject({ status: 200, cacheControl: 'no-store', retryAfter: null })
    expect(degraded.html).toContain(lots[0].unitNumber)
  })
})

describe('other pages that cannot load their data', () => {
  it("a lot type's page: 503 with the spec's load-failure text and the backend's reason", async () => {
    backend.routes.set('GET /api/properties/aeroindustrial/lots/B', outage)
    const down = await visit('/properties/aeroindustrial/type/B')
    expect(down).toMatchObject({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
    expectTryAgainPage(down.html, '/properties/aeroindustrial/type/B', `Failed to load property data. ${BACKEND_DOWN}`)
  })

  it('a shared property: 503, not the not-found page', async () => {
    backend.routes.set('GET /api/agent-properties/9/public', outage)
    const down = await visit('/agent-properties/9')
    expect(down).toMatchObject({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
    expectTryAgainPage(down.html, '/agent-properties/9', 'Failed to load property')
  })

  it('a signed-in page when the backend cannot say who is asking: 503, not the sign-in page', async () => {
    backend.routes.set('GET /api/auth/session', outage)
    const down = await visit('/profile', { Cookie: 'aero_session=s%3Aabc' })
    expect(down).toMatchObject({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
    expect(down.html).toContain('<h1 id="error-title">Service unavailable</h1>')
    expect(down.html).toContain('<a class="button button--primary" href="/profile">Try again</a>')

    backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser()) }))
    const up = await visit('/profile', { Cookie: 'aero_session=s%3Aabc' })
    expect(up.status).toBe(200)
    expect(up.retryAfter).toBeNull()
  })
})
