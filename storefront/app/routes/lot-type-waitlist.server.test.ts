// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/enhanced-dashboard'
import { action, loader } from '~/routes/properties.aeroindustrial.type.$typeId'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { testLot } from '~/test/lot-fixture'

let backend: FakeBackend

beforeAll(async () => {
  backend = await startFakeBackend()
  vi.stubEnv('BACKEND_URL', backend.url)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const PAGE = 'http://localhost:3000/properties/aeroindustrial/type/B'
const MINE = {
  data: [
    {
      id: 5,
      lotId: 103,
      lot: {
        id: 103,
        lotNumber: '3',
        unitNumber: 'MKS-03',
        type: 'INTERMEDIATE (B)',
        typeCode: 'B',
        status: 'reserved',
        propertyName: 'Aero Industrial Hub',
      },
      position: 2,
      status: 'waiting',
      joinedAt: '2026-03-05T02:00:00.000Z',
      offerExpiresAt: null,
    },
  ],
}
const lots = [
  testLot(2, 'available', { offeredUntil: null, waitlistCount: 0 }),
  testLot(3, 'reserved', { waitlistCount: 2 }),
]
const availability = { available: 1, reserved: 1, booked: 0, sold: 0, total: 2, percentageAvailable: 50 }

beforeEach(() => {
  backend.requests.length = 0
  backend.routes.clear()
  backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
  backend.routes.set('GET /api/properties/aeroindustrial/lots/B', () => ({ body: { lots, availability } }))
  backend.routes.set('GET /api/waitlist/mine', () => ({ body: MINE }))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

const signedIn = (overrides: Record<string, unknown> = {}) =>
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser(overrides)) }))
const page = (cookie: string | null) => new Request(PAGE, { headers: cookie ? { Cookie: cookie } : {} })
const post = (fields: Record<string, string>, origin = 'http://localhost:3000', url = PAGE) =>
  new Request(url, {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: origin },
    body: new URLSearchParams(fields),
  })
const args = (request: Request) => ({ request, params: { typeId: 'B' }, context: {} })
const asked = (path: string) => backend.requests.filter((request) => request.path.split('?')[0] === path)

type Loaded = {
  data: { waitlist: unknown; viewerId: unknown; lots: unknown[] }
  init: { headers?: Record<string, string> } | null
}
type Answered = { data: { intent: string; lotId: number; ok: boolean; message: string }; init: { status: number } }

describe('the lot-type page: the waitlist in the loader', () => {
  it("reads nobody's waitlist for a visitor: the page stays the same for every visitor, and cacheable", async () => {
    const loaded = (await loader(args(page(null)))) as unknown as Loaded
    expect(loaded.data.waitlist).toBeNull()
    expect(loaded.data.viewerId).toBeNull()
    expect(loaded.init?.headers ?? null).toBeNull()
    expect(asked('/api/waitlist/mine')).toHaveLength(0)
    // The lots come with their line's length and any offer holding them.
    expect(loaded.data.lots[1]).toMatchObject({ waitlistCount: 2 })
  })

  it("reads a signed-in member's own places in line", async () => {
    signedIn()
    const loaded = (await loader(args(page(COOKIE)))) as unknown as Loaded
    expect(loaded.data.waitlist).toEqual(MINE.data)
    expect(loaded.data.viewerId).toBe(12)
    expect(asked('/api/waitlist/mine')[0]!.headers.cookie).toBe(COOKIE)
  })

  it('reads none for a super admin, nor for a user without an approved agency', async () => {
    for (const user of [
      { role: 'super_admin', agencyId: null, agencyStatus: null },
      { agencyId: null, agencyStatus: null },
    ]) {
      signedIn(user)
      const loaded = (await loader(args(page(COOKIE)))) as unknown as Loaded
      expect(loaded.data.waitlist).toBeNull()
    }
    expect(asked('/api/waitlist/mine')).toHaveLength(0)
  })

  it('still shows the page when the places cannot be read, and keeps that render out of caches', async () => {
    signedIn()
    backend.routes.set('GET /api/waitlist/mine', () => ({ status: 500, body: { message: 'Server error' } }))
    const loaded = (await loader(args(page(COOKIE)))) as unknown as Loaded
    expect(loaded.data.waitlist).toBeNull()
    expect(loaded.data.lots).toHaveLength(2)
    expect(loaded.init?.headers).toEqual({ 'Cache-Control': 'no-store' })
  })
})

describe('the lot-type page: joining and leaving', () => {
  beforeEach(() => signedIn())

  it('joins: the place in line, from the backend', async () => {
    backend.routes.set('POST /api/lots/103/waitlist', () => ({
      status: 201,
      body: { lotId: 103, position: 2, status: 'waiting', offerExpiresAt: null },
    }))
    const answered = (await action(args(post({ intent: 'join-waitlist', lotId: '103' })))) as unknown as Answered
    expect(answered.init.status).toBe(201)
    expect(answered.data).toMatchObject({
      intent: 'join-waitlist',
      lotId: 103,
      ok: true,
      message: 'You are number 2 on the waitlist.',
    })
    expect(asked('/api/lots/103/waitlist')[0]!.headers['x-xsrf-token']).toBe('x:1')
  })

  it("shows a refusal in the backend's words", async () => {
    backend.routes.set('POST /api/lots/103/waitlist', () => ({
      status: 409,
      body: { message: 'You are already on this lot\u2019s waitlist.' },
    }))
    const answered = (await action(args(post({ intent: 'join-waitlist', lotId: '103' })))) as unknown as Answered
    expect(answered.init.status).toBe(409)
    expect(answered.data).toMatchObject({ ok: false, message: 'You are already on this lot\u2019s waitlist.' })
  })

  it('leaves', async () => {
    backend.routes.set('DELETE /api/lots/103/waitlist', () => ({ body: { message: 'You have left the waitlist.' } }))
    const answered = (await action(args(post({ intent: 'leave-waitlist', lotId: '103' })))) as unknown as Answered
    expect(answered.data).toMatchObject({ intent: 'leave-waitlist', ok: true, message: 'You have left the waitlist.' })
    expect(asked('/api/lots/103/waitlist')[0]!.method).toBe('DELETE')
  })

  it('sends nothing for a lot id that is not one, nor for a post from another site', async () => {
    const answered = (await action(args(post({ intent: 'join-waitlist', lotId: '../users' })))) as unknown as Answered
    expect(answered.init.status).toBe(404)
    const foreign = await Promise.resolve(
      action(args(post({ intent: 'join-waitlist', lotId: '103' }, 'https://evil.example')))
    ).catch((thrown: unknown) => thrown)
    expect((foreign as { init?: { status: number } }).init?.status ?? (foreign as Response).status).toBe(403)
    expect(backend.requests.some((request) => request.path.includes('/waitlist'))).toBe(false)
  })
})

describe('the dashboard: My waitlist', () => {
  const dashboard = 'http://localhost:3000/enhanced-dashboard?tab=bookings'

  it('loads the places of a member, and none for a user without an approved agency', async () => {
    signedIn()
    backend.routes.set('GET /api/bookings/user', () => ({ body: [] }))
    const loaded = (await dashboardLoader(
      args(new Request(dashboard, { headers: { Cookie: COOKIE } }))
    )) as unknown as {
      data: { waitlist: unknown; waitlistError: unknown }
    }
    expect(loaded.data.waitlist).toEqual(MINE.data)
    expect(loaded.data.waitlistError).toBeNull()

    signedIn({ agencyId: null, agencyStatus: null })
    backend.requests.length = 0
    const other = (await dashboardLoader(args(new Request(dashboard, { headers: { Cookie: COOKIE } })))) as unknown as {
      data: { waitlist: unknown }
    }
    expect(other.data.waitlist).toBeNull()
    expect(asked('/api/waitlist/mine')).toHaveLength(0)
  })

  it('leaves a waitlist and comes back to My Bookings with the notice', async () => {
    signedIn()
    backend.routes.set('DELETE /api/lots/103/waitlist', () => ({ body: { message: 'You have left the waitlist.' } }))
    const response = (await dashboardAction(
      args(post({ intent: 'leave-waitlist', lotId: '103' }, 'http://localhost:3000', dashboard))
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/enhanced-dashboard?tab=bookings')
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('aero_notice=waitlist-left.'))).toBe(true)

    backend.routes.set('DELETE /api/lots/103/waitlist', () => ({
      status: 404,
      body: { message: 'You are not on this lot\u2019s waitlist.' },
    }))
    const refused = (await dashboardAction(
      args(post({ intent: 'leave-waitlist', lotId: '103' }, 'http://localhost:3000', dashboard))
    )) as unknown as { data: { error: string }; init: { status: number } }
    expect(refused.init.status).toBe(404)
    expect(refused.data.error).toBe('You are not on this lot\u2019s waitlist.')
  })
})
