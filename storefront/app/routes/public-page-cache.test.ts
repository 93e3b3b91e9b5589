// @vitest-environment node
import { createRequestHandler } from '@remix-run/node'
import type { ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as home from '~/routes/_index'
import * as sharedAgency from '~/routes/agency.$agencyId'
import * as sharedProperty from '~/routes/agent-properties.$propertyId'
import * as hub from '~/routes/aero-industrial-hub'
import * as lotType from '~/routes/properties.aeroindustrial.type.$typeId'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend, FakeRoute } from '~/test/fake-backend'
import { testLot } from '~/test/lot-fixture'

/**
 * The public pages as the Remix server answers them: the document's headers are the ones
 * entry.server.tsx is handed, computed from the routes' `headers` exports. A render that
 * fell back on a failed backend read must say `no-store`, so the gateway's page cache (and
 * any CDN) does not keep it; a full render sends no Cache-Control of its own. A page that
 * cannot load its own data answers 503 with Retry-After, never kept either.
 */
const build = {
  mode: 'production',
  // The document as entry.server.tsx would send it, without rendering the page.
  entry: {
    module: { default: (_: Request, status: number, headers: Headers) => new Response(null, { status, headers }) },
  },
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/_index': { id: 'routes/_index', parentId: 'root', index: true, module: home },
    'routes/aero-industrial-hub': {
      id: 'routes/aero-industrial-hub',
      parentId: 'root',
      path: 'aero-industrial-hub',
      module: hub,
    },
    'routes/properties.aeroindustrial.type.$typeId': {
      id: 'routes/properties.aeroindustrial.type.$typeId',
      parentId: 'root',
      path: 'properties/aeroindustrial/type/:typeId',
      module: lotType,
    },
    'routes/agent-properties.$propertyId': {
      id: 'routes/agent-properties.$propertyId',
      parentId: 'root',
      path: 'agent-properties/:propertyId',
      module: sharedProperty,
    },
    'routes/agency.$agencyId': {
      id: 'routes/agency.$agencyId',
      parentId: 'root',
      path: 'agency/:agencyId',
      module: sharedAgency,
    },
  },
  assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '' },
  publicPath: '/',
  assetsBuildDirectory: '',
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
  isSpaMode: false,
} as unknown as ServerBuild

const handle = createRequestHandler(build, 'production')

async function visit(path: string, host = 'localhost:3000') {
  const response = await handle(new Request(`http://${host}${path}`))
  const visited = { status: response.status, cacheControl: response.headers.get('Cache-Control') }
  const retryAfter = response.headers.get('Retry-After')
  return retryAfter === null ? visited : { ...visited, retryAfter }
}

const serverError: FakeRoute = () => ({ status: 500, body: { message: 'Server error' } })
const development = { id: 1, _id: 1, slug: 'aeroindustrial', name: 'Aero Industrial Hub', phase: 4, totalUnits: 4 }
const lots = [testLot(1, 'available'), testLot(2, 'sold')]
const availability = { available: 1, reserved: 0, booked: 0, sold: 1, total: 2, percentageAvailable: 50 }
const agency = { id: 4, _id: 4, name: 'Nilai Prime Realty', contactEmail: 'hello@nilaiprime.my' }
const property = { id: 9, name: 'Shop office, Nilai', status: 'available', facilities: [], agency: null }

let backend: FakeBackend

beforeAll(async () => {
  backend = await startFakeBackend()
  vi.stubEnv('BACKEND_URL', backend.url)
  vi.stubEnv('PROPERTIES_HOST', 'properties.localhost')
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})
beforeEach(() => {
  backend.routes.clear()
  backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
  backend.routes.set('GET /api/lots/public', () => ({ body: lots }))
  backend.routes.set('GET /api/properties/aeroindustrial', () => ({ body: development }))
  backend.routes.set('GET /api/agencies/public', () => ({ body: [agency] }))
  backend.routes.set('GET /api/properties/aeroindustrial/lots/B', () => ({ body: { lots, availability } }))
  backend.routes.set('GET /api/agent-properties/9/public', () => ({ body: property }))
  backend.routes.set('GET /api/agencies/4/public', () => ({ body: agency }))
  backend.routes.set('GET /api/agent-properties/agency/4/public', () => ({ body: [property] }))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

/** Down, the page renders its fallback uncacheable; back up, the next render is a plain one again. */
async function expectNoStoreWhileDown(path: string, failing: string, host?: string) {
  const working = backend.routes.get(failing)!
  backend.routes.set(failing, serverError)
  expect(await visit(path, host)).toEqual({ status: 200, cacheControl: 'no-store' })
  backend.routes.set(failing, working)
  expect(await visit(path, host)).toEqual({ status: 200, cacheControl: null })
}

/** Down, the page that cannot show anything without that read answers 503, uncacheable; back up, a plain render. */
async function expectUnavailableWhileDown(path: string, failing: string, host?: string) {
  const working = backend.routes.get(failing)!
  backend.routes.set(failing, serverError)
  expect(await visit(path, host)).toEqual({ status: 503, cacheControl: 'no-store', retryAfter: '5' })
  backend.routes.set(failing, working)
  expect(await visit(path, host)).toEqual({ status: 200, cacheControl: null })
}

describe('the hub', () => {
  it('answers 503, not kept, when its lots cannot be read', async () => {
    await expectUnavailableWhileDown('/aero-industrial-hub', 'GET /api/lots/public')
  })

  it('is not kept when its information card cannot be read', async () => {
    await expectNoStoreWhileDown('/aero-industrial-hub', 'GET /api/properties/aeroindustrial')
  })

  it('answers the same 503 at / on the properties sub-domain', async () => {
    await expectUnavailableWhileDown('/', 'GET /api/lots/public', 'properties.localhost:3000')
  })

  it('keeps an empty list cacheable: the backend answered, there is just nothing to show', async () => {
    backend.routes.set('GET /api/lots/public', serverError)
    expect((await visit('/aero-industrial-hub')).cacheControl).toBe('no-store')
    backend.routes.set('GET /api/lots/public', () => ({ body: [] }))
    expect(await visit('/aero-industrial-hub')).toEqual({ status: 200, cacheControl: null })
  })
})

describe('the landing page', () => {
  it('is not kept when a figure cannot be read', async () => {
    await expectNoStoreWhileDown('/', 'GET /api/properties/aeroindustrial')
    await expectNoStoreWhileDown('/', 'GET /api/agencies/public')
  })
})

describe('the lot-type page', () => {
  it('answers 503, not kept, when its lots cannot be read', async () => {
    await expectUnavailableWhileDown('/properties/aeroindustrial/type/B', 'GET /api/properties/aeroindustrial/lots/B')
  })

  it('still answers an unknown type with a 404', async () => {
    backend.routes.set('GET /api/properties/aeroindustrial/lots/B', () => ({ status: 404, body: { message: 'No' } }))
    expect((await visit('/properties/aeroindustrial/type/B')).status).toBe(404)
    backend.routes.set('GET /api/properties/aeroindustrial/lots/B', serverError)
    expect(await visit('/properties/aeroindustrial/type/B')).toEqual({
      status: 503,
      cacheControl: 'no-store',
      retryAfter: '5',
    })
  })
})

describe('the shared views', () => {
  it('a shared property answers 503, not kept, when it cannot be read', async () => {
    await expectUnavailableWhileDown('/agent-properties/9', 'GET /api/agent-properties/9/public')
  })

  it('a shared agency answers 503 when it cannot be read, and shows without its properties, not kept', async () => {
    await expectUnavailableWhileDown('/agency/4', 'GET /api/agencies/4/public')
    await expectNoStoreWhileDown('/agency/4', 'GET /api/agent-properties/agency/4/public')
  })
})
