import { QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, localStorageStore, memoryStore, type Store } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resourceEndpoints } from './composition'
import {
  createEarlyRequests,
  firstScreenRequest,
  prefetchFirstScreen,
  preloadFirstScreenCode,
  shareDashboardFigures,
  type EarlyRequests,
} from './firstScreen'
import AgentBookingRequestList from './modules/bookings/agent/AgentBookingRequestList'
import BookingApprovalList from './modules/bookings/bookings/BookingApprovalList'
import { Dashboard } from './layout/Dashboard'
import { bookingWithDocuments } from './modules/bookings/shared/bookingFixture'
import { AgentApprovalTimes } from './modules/bookings/widgets/ApprovalTimes'
import AgentOverview from './modules/dashboards/agent/AgentOverview'
import { plugins } from './plugins'
import { createAuthProvider } from './providers/authProvider'
import { createDataProvider } from './dataProvider'
import { httpClient } from './providers/http'
import type { Role } from './roles'

// Live updates are not what is measured here (the screens' requests are): a fake client, not the page's.
const live = new FakeLiveClient()

const endpoints = resourceEndpoints(plugins)
const fetchMock = vi.fn<typeof fetch>()
let role: Role = 'agent_admin'

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } })

const AGENCY = { id: 3, _id: 3, name: 'Aero Realty', contactEmail: 'hello@aero.test', phone: 'N/A', address: 'N/A' }

beforeEach(() => {
  localStorage.clear()
  role = 'agent_admin'
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/users/me')
      return json({ id: 7, _id: 7, name: 'Agent Admin', email: 'agent@aero.test', role, agencyId: 3 })
    if (path === '/api/bookings/agent' || path === '/api/bookings/admin')
      return json([bookingWithDocuments()], { 'Content-Range': 'bookings 0-0/1' })
    if (path === '/api/dashboard/agent')
      return json({ agency: AGENCY, agencyMembers: 4, pendingBookings: 2, membershipRequests: 1 })
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

/** Each URL the browser was asked for, in order. */
const asked = () => fetchMock.mock.calls.map(([input]) => String(input))
const askedFor = (path: string) => asked().filter((url) => url.startsWith(path))

/** A screen as App mounts it, on providers that take the early answers. */
function renderScreen(
  screenElement: React.ReactElement,
  early: EarlyRequests,
  store: Store,
  address: string,
  queryClient = new QueryClient()
) {
  return render(
    <LiveClientContext.Provider value={live}>
      <MemoryRouter initialEntries={[address]}>
        <AdminContext
          dataProvider={createDataProvider({ endpoints, http: early.http })}
          i18nProvider={defaultI18nProvider}
          store={store}
          queryClient={queryClient}
        >
          {screenElement}
        </AdminContext>
      </MemoryRouter>
    </LiveClientContext.Provider>
  )
}

describe("the first screen's data, asked for at the entry", () => {
  it("starts the agent's booking requests when /api/users/me answers; the screen and the auth provider take those answers", async () => {
    const early = createEarlyRequests(httpClient)
    const store = memoryStore()
    await prefetchFirstScreen({
      location: { pathname: '/backoffice/agent/booking-requests', search: '' },
      early,
      store,
      endpoints,
    })
    // Before any screen code ran: who is signed in, then the list.
    expect(asked().map((url) => url.split('?')[0])).toEqual(['/api/users/me', '/api/bookings/agent'])

    const auth = createAuthProvider({ canAccess: () => true, http: early.http })
    await auth.checkAuth({})
    renderScreen(<AgentBookingRequestList />, early, store, '/agent/booking-requests')
    expect(await screen.findByText('AIH-B12', { exact: false })).toBeTruthy()

    // The same request served both: the list asked exactly the URL started early.
    expect(askedFor('/api/bookings/agent')).toHaveLength(1)
    expect(askedFor('/api/users/me')).toHaveLength(1)
  })

  it('asks for the page and filter the list kept from the last visit, as the list itself does', async () => {
    const early = createEarlyRequests(httpClient)
    // As the browser keeps it between visits (Admin's default store).
    const store = localStorageStore()
    store.setItem('agent/booking-requests.listParams', {
      filter: { status: 'approved' },
      sort: 'createdAt',
      order: 'DESC',
      page: 2,
      perPage: 10,
    })
    await prefetchFirstScreen({
      location: { pathname: '/backoffice/agent/booking-requests', search: '' },
      early,
      store,
      endpoints,
    })
    const [started] = askedFor('/api/bookings/agent')
    expect(new URL(started, 'http://backoffice.test').searchParams.get('filter')).toBe('{"status":"approved"}')

    renderScreen(<AgentBookingRequestList />, early, store, '/agent/booking-requests')
    expect(await screen.findByText('AIH-B12', { exact: false })).toBeTruthy()
    expect(askedFor('/api/bookings/agent')).toEqual([started])
  })

  it("starts the super admin's Booking Approvals list, which the screen then takes", async () => {
    role = 'super_admin'
    const early = createEarlyRequests(httpClient)
    const store = memoryStore()
    await prefetchFirstScreen({
      location: { pathname: '/backoffice/admin/bookings', search: '' },
      early,
      store,
      endpoints,
    })
    expect(askedFor('/api/bookings/admin')).toHaveLength(1)

    renderScreen(<BookingApprovalList />, early, store, '/admin/bookings')
    expect(await screen.findByText('AIH-B12', { exact: false })).toBeTruthy()
    expect(askedFor('/api/bookings/admin')).toHaveLength(1)
  })

  it("starts the agent dashboard's figures on the backoffice home", async () => {
    const early = createEarlyRequests(httpClient)
    const store = memoryStore()
    await prefetchFirstScreen({ location: { pathname: '/backoffice/', search: '' }, early, store, endpoints })
    expect(askedFor('/api/dashboard/agent')).toHaveLength(1)

    // As App's: the approval times widget, whose code arrives after the overview's, shows the same figures.
    const queryClient = new QueryClient()
    shareDashboardFigures(queryClient)
    const { rerender } = renderScreen(<AgentOverview />, early, store, '/', queryClient)
    expect(await screen.findByText('Aero Realty')).toBeTruthy()
    rerender(
      <LiveClientContext.Provider value={live}>
        <MemoryRouter initialEntries={['/']}>
          <AdminContext
            dataProvider={createDataProvider({ endpoints, http: early.http })}
            i18nProvider={defaultI18nProvider}
            store={store}
            queryClient={queryClient}
          >
            <AgentOverview />
            <AgentApprovalTimes />
          </AdminContext>
        </MemoryRouter>
      </LiveClientContext.Provider>
    )
    expect(await screen.findByText('Approval times are not available.')).toBeTruthy()
    expect(askedFor('/api/dashboard/agent')).toHaveLength(1)
  })

  it('starts nothing for a screen of another role, another dashboard tab, or a signed-out visitor', async () => {
    const store = memoryStore()
    expect(firstScreenRequest({ pathname: '/backoffice/admin/bookings', search: '' }, 'agent_admin', store)).toBeNull()
    expect(
      firstScreenRequest({ pathname: '/backoffice/', search: '?tab=agency-users' }, 'agent_admin', store)
    ).toBeNull()
    expect(firstScreenRequest({ pathname: '/backoffice/lots', search: '' }, 'super_admin', store)).toBeNull()

    fetchMock.mockImplementation(async () => new Response('{"message":"Unauthorized"}', { status: 401 }))
    const early = createEarlyRequests(httpClient)
    await prefetchFirstScreen({ location: { pathname: '/backoffice/', search: '' }, early, store, endpoints })
    expect(asked()).toEqual(['/api/users/me'])
    // The auth provider still gets that 401, and sends the visitor to sign in.
    const navigateTo = vi.fn()
    const auth = createAuthProvider({ canAccess: () => true, http: early.http, navigateTo, currentPath: () => '/x' })
    await expect(auth.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login?redirectTo=%2Fx' })
    expect(asked()).toEqual(['/api/users/me'])
  })

  it('asks again when the early answer waited too long for its screen', async () => {
    let now = 0
    const early = createEarlyRequests(httpClient, { keepForMs: 30_000, now: () => now })
    await early.start('/api/dashboard/agent')
    now = 30_000
    await early.http('/api/dashboard/agent')
    expect(askedFor('/api/dashboard/agent')).toHaveLength(2)
  })
})

describe("the first screen's code, asked for at the entry", () => {
  it('loads the list screens of FIRST_LISTS, the modules their lazy routes render', async () => {
    expect(await preloadFirstScreenCode({ pathname: '/backoffice/agent/booking-requests' })).toMatchObject({
      default: AgentBookingRequestList,
    })
    expect(await preloadFirstScreenCode({ pathname: '/backoffice/admin/bookings/' })).toMatchObject({
      default: BookingApprovalList,
    })
  })

  it("loads the home's dashboard, which App renders lazily", async () => {
    expect(await preloadFirstScreenCode({ pathname: '/backoffice/' })).toMatchObject({ Dashboard })
    expect(await preloadFirstScreenCode({ pathname: '/backoffice' })).toMatchObject({ Dashboard })
  })

  it('loads nothing for another screen', () => {
    expect(preloadFirstScreenCode({ pathname: '/backoffice/agent/clients' })).toBeNull()
    expect(preloadFirstScreenCode({ pathname: '/backoffice/agent/booking-requests/create' })).toBeNull()
  })
})
