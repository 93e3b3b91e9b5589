// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action as bookAction, loader as bookLoader } from '~/routes/book.$lotId'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { testLot } from '~/test/lot-fixture'

let backend: FakeBackend

const QUOTA_REFUSAL =
  "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked."

const PACKAGES = {
  lotId: 105,
  userId: 12,
  bumiputeraStatus: 'verified',
  priceSen: 45_500_050,
  packages: [
    {
      id: 3,
      name: 'Bumiputera discount',
      kind: 'percent',
      percentBp: 700,
      amountSen: null,
      combinable: true,
      eligibility: 'bumiputera',
      discountSen: 3_185_003,
    },
  ],
  offer: { packageIds: [3], discountSen: 3_185_003, netPriceSen: 42_315_047 },
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
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser()) }))
  backend.routes.set('GET /api/lots/105', () => ({ body: testLot(5, 'available', { priceSen: 45_500_050 }) }))
  backend.routes.set('GET /api/privacy-notice', () => ({ body: { id: 1, version: 2, body: 'Why we keep your IC.' } }))
  backend.routes.set('GET /api/lots/105/packages', () => ({ body: PACKAGES }))
})

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const args = (request: Request) => ({ request, params: { lotId: '105' }, context: {} })
type Answered = { data: Record<string, unknown>; init: { status: number } | null }

function bookingPost(packageIds: string[]): Request {
  const form = new FormData()
  form.set('lotId', '105')
  form.set('name', 'Daniel Tan')
  form.set('email', 'member@aero-demo.my')
  form.set('phone', '+60 12-345 6789')
  form.set('consent', 'yes')
  for (const id of packageIds) form.append('packageIds[]', id)
  return new Request('http://localhost:3000/book/105', {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
    body: form,
  })
}

describe('the booking page: price, packages and the buyer', () => {
  it('loads the packages the requester may have on the lot, and their Bumiputera status', async () => {
    const page = await bookLoader(args(new Request('http://localhost:3000/book/105', { headers: { Cookie: COOKIE } })))
    expect(page.lot.priceSen).toBe(45_500_050)
    expect(page.packages).toEqual(PACKAGES)
    // The session said nothing of it yet: the status the packages were read for.
    expect(page.buyer?.status).toBe('verified')
  })

  it('still offers the form when the packages cannot be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/lots/105/packages', () => ({ status: 500, body: { message: 'Down' } }))
    const page = await bookLoader(args(new Request('http://localhost:3000/book/105', { headers: { Cookie: COOKIE } })))
    expect(page.blocked).toBeNull()
    expect(page.packages).toBeNull()
  })

  it('sends the ticked packages with the request, as the list the backend reads', async () => {
    backend.routes.set('POST /api/bookings/request', () => ({
      status: 201,
      body: { message: 'Booking request submitted successfully', id: 9, status: 'pending_agent' },
    }))
    const answered = (await bookAction(args(bookingPost(['1', '2'])))) as unknown as Answered
    expect(answered.init?.status).toBe(201)
    const [sent] = backend.requests.filter((r) => r.path === '/api/bookings/request')
    expect(sent!.body.match(/name="packageIds\[\]"\r\n\r\n(\d+)/g)).toHaveLength(2)
  })

  it("shows the refusal of a quota lot in the backend's words, with the packages still ticked", async () => {
    backend.routes.set('POST /api/bookings/request', () => ({ status: 422, body: { message: QUOTA_REFUSAL } }))
    const answered = (await bookAction(args(bookingPost(['1'])))) as unknown as Answered
    expect(answered.init?.status).toBe(422)
    expect(answered.data.ok).toBe(false)
    expect(answered.data.message).toBe(QUOTA_REFUSAL)
    expect(answered.data.packageIds).toEqual([1])
  })

  it("shows why a package cannot apply in the backend's words", async () => {
    const reason = 'The package "Early bird" has expired.'
    backend.routes.set('POST /api/bookings/request', () => ({
      status: 422,
      body: { message: reason, errors: [{ field: 'packageIds.0', message: reason }] },
    }))
    const answered = (await bookAction(args(bookingPost(['1'])))) as unknown as Answered
    expect(answered.data.message).toBe(reason)
  })
})
