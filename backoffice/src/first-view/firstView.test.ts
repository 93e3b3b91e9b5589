import { describe, expect, it } from 'vitest'
import {
  BOOKING_REQUESTS_API,
  agentDashboardView,
  bookingRequestsView,
  firstViewPage,
  renderFirstView,
  type FirstViewBooking,
} from './firstView'
import { firstViewDone } from './handOver'
import { cookieValue } from '../cookies'
import {
  DEFAULT_REQUESTS_VIEW,
  REQUESTS_VIEW_COOKIE,
  bookingRequestsApi,
  requestsViewFrom,
  serializeRequestsView,
} from './requestsView'

const NOW = new Date('2026-11-24T10:00:00Z')
const AGENT = { name: 'Farid Hassan', role: 'agent_admin' }
const FIGURES = {
  agency: {
    name: 'Nilai Prime Realty',
    contactEmail: 'hello@nilaiprime.example.my',
    phone: null,
    address: 'No. 12, Jalan BBN 1/2, Putra Nilai',
  },
  agencyMembers: 2,
  pendingBookings: 1,
  membershipRequests: 3,
}

function booking(overrides: Partial<FirstViewBooking> = {}): FirstViewBooking {
  return {
    id: 7,
    status: 'pending_agent',
    propertyName: 'Aero Industrial Hub Shop Lot MKS-15',
    unitNumber: 'MKS-15',
    lotNumber: null,
    createdAt: '2026-11-24T09:00:00Z',
    heldUntil: '2026-11-25T12:30:00Z',
    queue: {
      tier: 'agent',
      since: '2026-11-24T09:00:00Z',
      targetMinutes: 30,
      dueAt: '2026-11-24T09:30:00Z',
      overdue: true,
    },
    allowedActions: ['approve', 'reject'],
    user: { name: 'Daniel Tan Wei Ming', email: 'm•••@aero-demo.my' },
    ...overrides,
  }
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

describe('the first view', () => {
  it('exists for the agent dashboard Overview and the booking requests list, as first opened', () => {
    expect(firstViewPage('/', new URLSearchParams())).toBe('dashboard')
    expect(firstViewPage('/agent/booking-requests', new URLSearchParams())).toBe('booking-requests')
    expect(firstViewPage('/agent/booking-requests/', new URLSearchParams())).toBe('booking-requests')
    // Another tab, a linked booking, a filtered list, another page: the app's own loading.
    expect(firstViewPage('/', new URLSearchParams('tab=agency-users'))).toBeNull()
    expect(firstViewPage('/agent/booking-requests', new URLSearchParams('booking=4'))).toBeNull()
    expect(firstViewPage('/agent/booking-requests', new URLSearchParams('filter={}'))).toBeNull()
    expect(firstViewPage('/admin/bookings', new URLSearchParams())).toBeNull()
  })

  it('draws a booking request as the phone card shows it: name, status, clocks, client, date, actions', () => {
    const doc = parse(bookingRequestsView([booking()], NOW))
    const card = doc.querySelector('.fv-card')!
    expect(card.querySelector('.fv-primary')?.textContent).toBe('Aero Industrial Hub Shop Lot MKS-15')
    expect(card.querySelector('.fv-chip')?.textContent).toBe('Pending Your Approval')
    expect(card.querySelector('.fv-chip')?.className).toContain('fv-chip-warning')
    // Waiting an hour, past its 30-minute target.
    expect(card.querySelector('.fv-line')?.textContent).toBe('1 hOverdue')
    expect(card.textContent).toContain('Held until Nov 25, 2026, 8:30 PM MYT (1 d 2 h left)')
    expect([...card.querySelectorAll('.fv-secondary div')].map((line) => line.textContent)).toEqual([
      'Daniel Tan Wei Ming',
      'm•••@aero-demo.my',
      'Nov 24, 2026, 5:00 PM MYT',
    ])
    expect([...card.querySelectorAll('.fv-button')].map((button) => button.textContent)).toEqual([
      'View Details',
      'Process',
    ])
    expect(card.className).toContain('fv-card-waiting')
    expect(card.className).toContain('fv-card-overdue')
    // The tabs of the list's status filter, the first chosen.
    expect([...doc.querySelectorAll('.fv-tab')].map((tab) => tab.textContent)).toEqual([
      'All Requests',
      'Pending Approval',
      'Forwarded to Admin',
      'Approved',
      'Rejected',
    ])
  })

  it('offers Process only where the agent may decide, and no clocks on a decided booking', () => {
    const doc = parse(
      bookingRequestsView([booking({ status: 'sold', allowedActions: [], heldUntil: null, queue: null })], NOW)
    )
    expect(doc.querySelector('.fv-chip')?.textContent).toBe('Sold')
    expect([...doc.querySelectorAll('.fv-button')].map((button) => button.textContent)).toEqual(['View Details'])
    expect(doc.querySelector('.fv-card')?.textContent).not.toContain('Held until')
    expect(doc.querySelector('.fv-card')?.className).toBe('fv-card')
  })

  it('says so when there are no requests', () => {
    expect(parse(bookingRequestsView([], NOW)).querySelector('.fv-empty')?.textContent).toBe(
      'No booking requests found.'
    )
  })

  it('escapes what the API sent', () => {
    const html = bookingRequestsView([booking({ propertyName: '<img src=x onerror=alert(1)>', unitNumber: null })], NOW)
    expect(html).not.toContain('<img')
    expect(parse(html).querySelector('.fv-primary')?.textContent).toBe('<img src=x onerror=alert(1)>')
  })

  it('draws the dashboard Overview: welcome, tabs, the agency card and its counts', () => {
    const doc = parse(agentDashboardView(AGENT, FIGURES, NOW))
    expect(doc.querySelector('h1')?.textContent).toBe('Welcome, Farid Hassan')
    expect(doc.querySelector('.fv-bar-title')?.textContent).toBe('Dashboard')
    expect(doc.querySelector('.fv-agency')?.textContent).toBe('Nilai Prime Realty')
    expect([...doc.querySelectorAll('.fv-info')].map((row) => row.textContent)).toEqual([
      'Contact Emailhello@nilaiprime.example.my',
      'PhoneN/A',
      'AddressNo. 12, Jalan BBN 1/2, Putra Nilai',
    ])
    expect([...doc.querySelectorAll('.fv-count')].map((count) => count.textContent)).toEqual([
      'Agency Members2',
      'Pending Bookings1',
      'Membership Requests3',
    ])
    expect(doc.querySelector('.fv-caption')?.textContent).toBe('Last refreshed: 6:00:00 PM MYT')
  })

  it('is hidden from assistive technology but for a loading status, and has nothing to focus', () => {
    const doc = parse(agentDashboardView(AGENT, FIGURES, NOW))
    const view = doc.getElementById('first-view')!
    expect(view.querySelector('[role="status"]')?.textContent).toBe('Loading the backoffice…')
    expect(view.querySelector('[aria-hidden="true"] .fv-welcome')).not.toBeNull()
    expect(view.querySelectorAll('a, button, input, [tabindex]')).toHaveLength(0)
  })

  it("reads the page's data as the user and draws it only for an agent admin", async () => {
    const asked: string[] = []
    const answers: Record<string, unknown> = {
      '/api/users/me': AGENT,
      '/api/dashboard/agent': FIGURES,
      [BOOKING_REQUESTS_API]: [booking()],
    }
    const ask = async (path: string) => {
      asked.push(path)
      return answers[path] ?? null
    }
    expect(await renderFirstView('/agent/booking-requests', new URLSearchParams(), ask, { now: NOW })).toContain(
      'MKS-15'
    )
    expect(asked).toEqual(['/api/users/me', BOOKING_REQUESTS_API])
    expect(await renderFirstView('/', new URLSearchParams(), ask, { now: NOW })).toContain('Nilai Prime Realty')

    answers['/api/users/me'] = { name: 'Aisyah', role: 'user' }
    expect(await renderFirstView('/', new URLSearchParams(), ask, { now: NOW })).toBeNull()
    answers['/api/users/me'] = null
    expect(await renderFirstView('/agent/booking-requests', new URLSearchParams(), ask, { now: NOW })).toBeNull()
    answers['/api/users/me'] = AGENT
    answers['/api/dashboard/agent'] = null
    expect(await renderFirstView('/', new URLSearchParams(), ask, { now: NOW })).toBeNull()
    expect(await renderFirstView('/admin/lots', new URLSearchParams(), ask, { now: NOW })).toBeNull()
  })

  it('draws the booking requests as the agent last left the list: its tab, order and page', async () => {
    const view = { status: 'pending_agent', sort: 'createdAt', order: 'DESC' as const, page: 2, perPage: 10 }
    const asked: string[] = []
    const html = await renderFirstView(
      '/agent/booking-requests',
      new URLSearchParams(),
      async (path) => {
        asked.push(path)
        return path === '/api/users/me' ? AGENT : [booking()]
      },
      { now: NOW, requestsView: requestsViewFrom(serializeRequestsView(view)) }
    )
    const read = new URL(asked[1], 'http://backend')
    expect(read.pathname).toBe('/api/bookings/agent')
    expect(JSON.parse(read.searchParams.get('filter')!)).toEqual({ status: 'pending_agent' })
    expect(JSON.parse(read.searchParams.get('range')!)).toEqual([10, 19])
    expect(JSON.parse(read.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC'])
    expect(parse(html!).querySelector('.fv-tab-on')?.textContent).toBe('Pending Approval')
  })

  it('takes only a view the list can show from the cookie, the default for anything else', () => {
    expect(requestsViewFrom(undefined)).toEqual(DEFAULT_REQUESTS_VIEW)
    expect(requestsViewFrom('not json')).toEqual(DEFAULT_REQUESTS_VIEW)
    expect(requestsViewFrom(encodeURIComponent('"a string"'))).toEqual(DEFAULT_REQUESTS_VIEW)
    expect(
      requestsViewFrom(
        encodeURIComponent(
          JSON.stringify({ status: 'drop table', sort: 'password', order: 'SIDEWAYS', page: -1, perPage: 10_000 })
        )
      )
    ).toEqual(DEFAULT_REQUESTS_VIEW)
    expect(requestsViewFrom(serializeRequestsView({ ...DEFAULT_REQUESTS_VIEW, status: 'rejected', page: 3 }))).toEqual({
      ...DEFAULT_REQUESTS_VIEW,
      status: 'rejected',
      page: 3,
    })
    expect(bookingRequestsApi(DEFAULT_REQUESTS_VIEW)).toBe(BOOKING_REQUESTS_API)
    expect(cookieValue(`a=1; ${REQUESTS_VIEW_COOKIE}=xyz; b=2`, REQUESTS_VIEW_COOKIE)).toBe('xyz')
    expect(cookieValue('a=1', REQUESTS_VIEW_COOKIE)).toBeUndefined()
  })

  it('gives way to the app: the view removed and the app shown', () => {
    document.body.setAttribute('data-first-view', '')
    document.body.insertAdjacentHTML('afterbegin', agentDashboardView(AGENT, FIGURES, NOW))
    expect(document.getElementById('first-view')).not.toBeNull()
    firstViewDone()
    expect(document.getElementById('first-view')).toBeNull()
    expect(document.body.hasAttribute('data-first-view')).toBe(false)
  })
})
