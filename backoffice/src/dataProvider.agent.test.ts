import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from 'react-admin'
import { clientBookingForm } from './modules/bookings/dataProvider'
import { catalogueForm } from './modules/portfolio/dataProvider'
import { createDataProvider } from './dataProvider'

const fetchMock = vi.fn<typeof fetch>()

const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })

/** The requests the provider made: method, path with query, headers and body. */
const requests = () =>
  fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://backoffice.test')
    return {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: new Headers(init?.headers),
      body: init?.body,
    }
  })

const sent = () => {
  expect(fetchMock).toHaveBeenCalledOnce()
  return requests()[0]!
}

const provider = () =>
  createDataProvider({ endpoints: { 'agent/booking-requests': { list: 'bookings/agent', record: 'bookings' } } })

const file = (name: string, type: string) => new File(['bytes'], name, { type })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  document.cookie = 'XSRF-TOKEN=csrf%3D1; path=/'
})

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('the agent dashboard and agency', () => {
  it('reads the agent dashboard', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ agencyMembers: 3, pendingBookings: 1, membershipRequests: 2 }))
    expect(await provider().getAgentDashboard()).toMatchObject({ agencyMembers: 3 })
    expect(sent()).toMatchObject({ method: 'GET', path: '/api/dashboard/agent' })
  })

  it("lists the agency's booking requests from GET /api/bookings/agent, history excluded by the backend", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse([{ id: 9, status: 'pending_admin' }], 200, { 'Content-Range': 'bookings 0-0/1' })
    )
    await provider().getList('agent/booking-requests', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { history: 1 },
    })
    expect(sent()).toMatchObject({
      path: '/api/bookings/agent',
      query: { filter: '{"history":1}', range: '[0,49]', sort: '["updatedAt","DESC"]' },
    })

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse({ id: 9, status: 'pending_admin' }))
    await provider().getOne('agent/booking-requests', { id: 9 })
    expect(sent()).toMatchObject({ method: 'GET', path: '/api/bookings/9' })
  })

  it('removes a member from the agency with a CSRF-protected DELETE', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 5, message: 'User removed from the agency successfully' }))
    const result = await provider().removeAgencyMember({ agencyId: 1, userId: 5 })
    expect(result.message).toBe('User removed from the agency successfully')
    const request = sent()
    expect(request).toMatchObject({ method: 'DELETE', path: '/api/agencies/1/users/5' })
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('csrf=1')
  })

  it('lists membership requests by status (pending unless asked) and decides one by its user', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]))
    await provider().getMembershipRequests()
    await provider().getMembershipRequests({ status: 'all' })
    expect(requests().map(({ path, query }) => ({ path, query }))).toEqual([
      { path: '/api/users/agency-requests', query: { status: 'pending' } },
      { path: '/api/users/agency-requests', query: { status: 'all' } },
    ])

    fetchMock.mockReset()
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Request approved successfully', request: { id: 4 } }))
    expect((await provider().decideMembershipRequest({ userId: 12, decision: 'approve' })).message).toBe(
      'Request approved successfully'
    )
    expect(sent()).toMatchObject({ method: 'PUT', path: '/api/users/12/agency-request/approve' })
  })

  it("sends the agent's response with trimmed notes, or none", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'Booking request rejected' }))
    await provider().respondToBooking({ id: 7, action: 'reject', agentNotes: '  Lot already promised.  ' })
    await provider().respondToBooking({ id: 8, action: 'approve', agentNotes: '   ' })
    expect(requests().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PUT',
        path: '/api/bookings/7/agent-response',
        body: '{"action":"reject","agentNotes":"Lot already promised."}',
      },
      { method: 'PUT', path: '/api/bookings/8/agent-response', body: '{"action":"approve","agentNotes":null}' },
    ])
  })
})

describe('the create-booking form', () => {
  it('searches the clients on the server and looks one up by id, never paging through everyone', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse([{ id: 4, name: 'Aisyah', email: 'a@b.my', phone: null }], 200, { 'Content-Range': 'users 0-0/1' })
    )
    await provider().getList('users', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'name', order: 'ASC' },
      filter: { role: 'user', q: 'aisyah' },
    })
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 120, _id: 120, name: 'User 120', email: 'x@y.my', phone: null }))
    expect((await provider().getOne('users', { id: 120 })).data).toMatchObject({ id: 120, name: 'User 120' })
    expect(requests().map(({ path, query }) => ({ path, query }))).toEqual([
      {
        path: '/api/users',
        query: { filter: '{"role":"user","q":"aisyah"}', range: '[0,49]', sort: '["name","ASC"]' },
      },
      { path: '/api/users/120', query: {} },
    ])
  })

  it('asks each endpoint for the available lots or units, in the order the backend gives', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([{ id: 3 }, { id: 1 }]))
    expect((await provider().getAvailableItems({ propertyId: 1, kind: 'lot' })).map((item) => item.id)).toEqual([3, 1])
    expect((await provider().getAvailableItems({ propertyId: 2, kind: 'unit' })).map((item) => item.id)).toEqual([3, 1])
    expect(requests().map(({ path, query }) => ({ path, query }))).toEqual([
      {
        path: '/api/lots',
        query: {
          propertyId: '1',
          kind: 'lot',
          filter: '{"status":"available"}',
          sort: '["lotNumber","ASC"]',
          range: '[0,99]',
        },
      },
      { path: '/api/public/properties/2/units', query: {} },
    ])
  })

  it('creates the booking in one multipart POST with the documents', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        { id: 31, status: 'pending_admin', message: 'Booking successfully created and sent to admin for review' },
        201
      )
    )
    const icFront = file('front.png', 'image/png')
    const icBack = file('back.png', 'image/png')
    await provider().createClientBooking({ userId: 5, kind: 'lot', itemId: 23, notes: ' Cash buyer ', icFront, icBack })
    const request = sent()
    expect(request).toMatchObject({ method: 'POST', path: '/api/bookings' })
    // The browser sets the multipart boundary itself: no JSON content type is forced.
    expect(request.headers.get('Content-Type')).toBeNull()
    const form = request.body as FormData
    expect([...form.keys()]).toEqual(['userId', 'lotId', 'notes', 'icFront', 'icBack'])
    expect(form.get('notes')).toBe('Cash buyer')
    expect((form.get('icFront') as File).name).toBe('front.png')
  })

  it('names the item unitId for a unit and leaves out empty notes and absent files', () => {
    const form = clientBookingForm({
      userId: 5,
      kind: 'unit',
      itemId: 8,
      notes: '  ',
      icFront: null,
      icBack: null,
      cheque: file('c.pdf', 'application/pdf'),
    })
    expect([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name])).toEqual([
      ['userId', '5'],
      ['unitId', '8'],
      ['cheque', 'c.pdf'],
    ])
  })

  it('keeps the server refusal as an HttpError with its field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          message: 'Both front and back sides of IC are required',
          errors: [{ field: 'icBack', message: 'Both front and back sides of IC are required' }],
        },
        422
      )
    )
    const failure = await provider()
      .createClientBooking({ userId: 5, kind: 'lot', itemId: 23, icFront: file('f.png', 'image/png') })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(HttpError)
    expect((failure as HttpError).body).toMatchObject({ errors: [{ field: 'icBack' }] })
  })
})

describe('the portfolio', () => {
  it('reads the portfolio with only the filters that narrow it', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ success: true, data: { properties: [], stats: {} } }))
    await provider().getPortfolio()
    await provider().getPortfolio({ search: ' MKS-18 ', status: 'sold', sort: 'shares' })
    await provider().getPortfolio({ search: '', status: 'all', sort: 'dateOwned' })
    expect(requests().map(({ path, query }) => ({ path, query }))).toEqual([
      { path: '/api/agent-properties', query: {} },
      { path: '/api/agent-properties', query: { search: 'MKS-18', status: 'sold', sort: 'shares' } },
      { path: '/api/agent-properties', query: { sort: 'dateOwned' } },
    ])
  })

  it('reads the owned properties and shares one', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse([{ id: 12, name: 'Lot 12' }]))
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        shareUrl: 'http://site/agent-properties/3',
        shareCount: 4,
        message: 'Property shared successfully via Copy Link',
      })
    )
    await provider().getOwnedProperties()
    const shared = await provider().shareProperty({ id: 3, platform: 'copy' })
    expect(shared.shareCount).toBe(4)
    expect(requests().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: '/api/agent-properties/owned-properties', body: undefined },
      { method: 'POST', path: '/api/agent-properties/3/share', body: '{"platform":"copy"}' },
    ])
  })

  it('adds to the catalogue in one multipart POST: the property, set details, the hero and each gallery image', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Property added to catalogue successfully!' }, 201))
    await provider().addToCatalogue({
      propertyId: 12,
      heroImage: file('hero.png', 'image/png'),
      galleryImages: [file('g1.jpg', 'image/jpeg'), file('g2.jpg', 'image/jpeg')],
      details: { displayName: ' Corner lot ', price: '', features: 'Two storeys, Loading bay' },
    })
    const request = sent()
    expect(request).toMatchObject({ method: 'POST', path: '/api/agent-properties/create-manual' })
    const form = request.body as FormData
    expect([...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name])).toEqual([
      ['propertyId', '12'],
      ['displayName', 'Corner lot'],
      ['features', 'Two storeys, Loading bay'],
      ['heroImage', 'hero.png'],
      ['galleryImages', 'g1.jpg'],
      ['galleryImages', 'g2.jpg'],
    ])
    expect(
      catalogueForm({ propertyId: 1, heroImage: file('h.png', 'image/png'), galleryImages: [] }).getAll('galleryImages')
    ).toEqual([])
  })
})
