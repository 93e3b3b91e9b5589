// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { audienceOf, canBook } from '~/components/public/hub/audience'
import { hubAction, isPropertiesHost, loadHub } from '~/components/public/hub/hub.server'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'

describe('isPropertiesHost', () => {
  const request = (url: string) => new Request(url)

  it('matches the configured host name, with or without its port', () => {
    expect(isPropertiesHost(request('http://properties.localhost:3000/'), 'properties.localhost')).toBe(true)
    expect(isPropertiesHost(request('http://PROPERTIES.localhost/'), 'properties.localhost')).toBe(true)
    expect(isPropertiesHost(request('http://properties.localhost:3000/'), 'properties.localhost:3000')).toBe(true)
    expect(isPropertiesHost(request('http://properties.localhost:4000/'), 'properties.localhost:3000')).toBe(false)
  })

  it('is false for any other host, or when nothing is configured', () => {
    expect(isPropertiesHost(request('http://localhost:3000/'), 'properties.localhost')).toBe(false)
    expect(isPropertiesHost(request('http://properties.localhost/'), undefined)).toBe(false)
    expect(isPropertiesHost(request('http://properties.localhost/'), ' ')).toBe(false)
  })
})

describe('audienceOf', () => {
  it('tells the hub who is looking', () => {
    expect(audienceOf(null)).toBe('anonymous')
    expect(audienceOf({ role: 'user', agencyId: null, agencyStatus: 'none' })).toBe('join')
    expect(audienceOf({ role: 'user', agencyId: 3, agencyStatus: 'rejected' })).toBe('join')
    expect(audienceOf({ role: 'user', agencyId: 1, agencyStatus: 'pending' })).toBe('pending')
    expect(audienceOf({ role: 'user', agencyId: 1, agencyStatus: 'approved' })).toBe('member')
    expect(audienceOf({ role: 'agent_admin', agencyId: 1, agencyStatus: 'approved' })).toBe('agent_admin')
    expect(audienceOf({ role: 'admin', agencyId: null, agencyStatus: 'none' })).toBe('super_admin')
    expect(audienceOf({ role: 'super_admin', agencyId: null, agencyStatus: 'none' })).toBe('super_admin')
  })

  it('lets members and agent admins book, nobody else', () => {
    expect(canBook('member')).toBe(true)
    expect(canBook('agent_admin')).toBe(true)
    expect(canBook('super_admin')).toBe(false)
    expect(canBook('join')).toBe(false)
  })
})

describe('loadHub: the information card', () => {
  let backend: FakeBackend
  const lot = (n: number) => ({
    id: n,
    _id: n,
    kind: 'lot',
    lotNumber: String(n),
    unitNumber: `MKS-${n}`,
    type: 'INTERMEDIATE (B)',
    status: 'available',
  })
  const HUB_DEVELOPMENT = {
    id: 1,
    _id: 1,
    slug: 'aeroindustrial',
    name: 'Aero Industrial Hub',
    phase: 4,
    launchYear: 2024,
    totalUnits: 25,
    availableCount: 25,
  }

  beforeAll(async () => {
    backend = await startFakeBackend()
    vi.stubEnv('BACKEND_URL', backend.url)
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await backend.close()
  })
  beforeEach(() => {
    backend.requests.length = 0
    backend.routes.clear()
    backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    backend.routes.set('GET /api/lots/public', () => ({
      body: Array.from({ length: 25 }, (_, index) => lot(index + 1)),
    }))
  })

  it("takes the figures from the hub development's data, so an added lot counts", async () => {
    backend.routes.set('GET /api/properties/aeroindustrial', () => ({ body: HUB_DEVELOPMENT }))
    const hub = await loadHub(new Request('http://localhost:3000/aero-industrial-hub'))
    expect(hub.lots).toHaveLength(25)
    expect(hub.development).toMatchObject({ totalUnits: 25, phase: 4, launchYear: 2024 })
  })

  it('shows no figures, rather than invented ones, when the development cannot be read', async () => {
    backend.routes.set('GET /api/properties/aeroindustrial', () => ({ status: 500, body: { message: 'Server error' } }))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const hub = await loadHub(new Request('http://localhost:3000/aero-industrial-hub'))
    expect(hub.development).toBeNull()
    expect(hub.lots).toHaveLength(25)
    expect(errors).toHaveBeenCalled()
  })
})

describe('the hub: the waitlist', () => {
  let backend: FakeBackend
  const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
  const HUB = 'http://localhost:3000/aero-industrial-hub'
  const MINE = {
    data: [
      {
        id: 5,
        lotId: 103,
        lot: null,
        position: 2,
        status: 'waiting',
        joinedAt: '2026-03-05T02:00:00.000Z',
        offerExpiresAt: null,
      },
    ],
  }
  const asked = (path: string) => backend.requests.filter((request) => request.path.split('?')[0] === path)
  const signedIn = (overrides: Record<string, unknown> = {}) =>
    backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser(overrides)) }))

  beforeAll(async () => {
    backend = await startFakeBackend()
    vi.stubEnv('BACKEND_URL', backend.url)
  })
  afterAll(async () => {
    vi.unstubAllEnvs()
    await backend.close()
  })
  beforeEach(() => {
    backend.requests.length = 0
    backend.routes.clear()
    backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    backend.routes.set('GET /api/lots/public', () => ({ body: [] }))
    backend.routes.set('GET /api/properties/aeroindustrial', () => ({ status: 404, body: { message: 'Not found' } }))
    backend.routes.set('GET /api/waitlist/mine', () => ({ body: MINE }))
    backend.routes.set('GET /api/bookings/user/lots', () => ({ body: { data: [105] } }))
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })

  it("reads nobody's places for a visitor: the render stays everyone's", async () => {
    const hub = await loadHub(new Request(HUB))
    expect(hub).toMatchObject({ viewerId: null, waitlist: null, heldLotIds: [] })
    expect(asked('/api/waitlist/mine')).toHaveLength(0)
    expect(asked('/api/bookings/user/lots')).toHaveLength(0)
  })

  it("reads a member's places in line and the lots their live bookings hold", async () => {
    signedIn()
    const hub = await loadHub(new Request(HUB, { headers: { Cookie: COOKIE } }))
    expect(hub).toMatchObject({ viewerId: 12, waitlist: MINE.data, heldLotIds: [105] })
  })

  it('joins a lot’s waitlist from the hub’s form, and sends nothing for a visitor', async () => {
    signedIn()
    backend.routes.set('POST /api/lots/103/waitlist', () => ({
      status: 201,
      body: { lotId: 103, position: 2, status: 'waiting', offerExpiresAt: null },
    }))
    const post = () =>
      new Request(HUB, {
        method: 'POST',
        headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
        body: new URLSearchParams({ intent: 'join-waitlist', lotId: '103' }),
      })
    const answered = (await hubAction(post())) as unknown as { data: unknown; init: { status: number } }
    expect(answered.init.status).toBe(201)
    expect(answered.data).toMatchObject({ intent: 'join-waitlist', lotId: 103, ok: true })
    expect(asked('/api/lots/103/waitlist')).toHaveLength(1)

    backend.requests.length = 0
    backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    const refused = await Promise.resolve(hubAction(post())).catch((thrown: unknown) => thrown)
    expect((refused as Response).status).toBe(302)
    expect((refused as Response).headers.get('Location')).toMatch(/^\/login/)
    expect(asked('/api/lots/103/waitlist')).toHaveLength(0)
  })
})
