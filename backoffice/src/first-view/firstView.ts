/**
 * The first view: the agent's two phone pages (the dashboard's Overview and the booking
 * requests list) drawn as plain HTML by the gateway, inside the page it sends, so that a phone
 * shows the agent their figures and requests at once instead of after the app's libraries
 * (some 300 kB) have arrived and started. It is read-only and hidden from assistive technology
 * (the app, which replaces it, is what is read and used); once the app's page has the same
 * data on screen it takes the first view away (first-view/handOver.ts).
 *
 * The app's own look, in the same sizes (a phone: 599 px and narrower; on a wider screen the
 * app's table layouts differ, so there the first view stays hidden). Pure functions of the API's
 * answers, run by the gateway (storefront/server/backoffice.ts): no library, no DOM.
 */
import { formatClockTime, formatDateTime } from '../format.ts'
import { formatHoldRemaining, holdRemainingMs } from '../modules/bookings/holdClock.ts'
import { timeInQueue, type QueuePosition } from '../modules/bookings/queue.ts'
import { AGENT_REQUEST_FILTERS, agentBookingBadge, bookedProperty } from '../modules/bookings/agent/agentStatus.ts'
import { DEFAULT_REQUESTS_VIEW, bookingRequestsApi, type RequestsView } from './requestsView.ts'
import { FIRST_VIEW_CSS } from './styles.ts'

/** The signed-in user as GET /api/users/me answers (the fields used here). */
export interface FirstViewUser {
  name: string
  role: string
}

/** A booking as GET /api/bookings/agent lists it (the fields used here). */
export interface FirstViewBooking {
  id: number | string
  status: string
  propertyName: string | null
  unitNumber: string | null
  lotNumber: string | null
  createdAt: string
  heldUntil?: string | null
  queue?: QueuePosition | null
  allowedActions: string[]
  user?: { name?: string | null; email?: string | null } | null
  creatorName?: string | null
  creatorEmail?: string | null
}

/** GET /api/dashboard/agent (the fields used here). */
export interface FirstViewAgentFigures {
  agency: { name: string; contactEmail: string | null; phone: string | null; address: string | null }
  agencyMembers: number
  pendingBookings: number
  membershipRequests: number
}

/** Reads an API path (`/api/...`) as the signed-in user; null when it could not be read. */
export type AskApi = (path: string) => Promise<unknown>

/** The agent booking requests list as the app first reads it (AgentBookingRequestList). */
export const BOOKING_REQUESTS_API = bookingRequestsApi(DEFAULT_REQUESTS_VIEW)

const AGENT_DASHBOARD_API = '/api/dashboard/agent'
const AGENT_DASHBOARD_TABS = ['Overview', 'Agency Users', 'Booking Requests', 'Booking History', 'Agency Requests']

/** Which backoffice pages have a first view: the agent's dashboard (its Overview) and booking requests. */
export function firstViewPage(path: string, search: URLSearchParams): 'dashboard' | 'booking-requests' | null {
  const page = path.replace(/\/+$/, '') || '/'
  if (page === '/' && !search.has('tab') && !search.has('booking')) return 'dashboard'
  if (page === '/agent/booking-requests' && [...search.keys()].length === 0) return 'booking-requests'
  return null
}

/**
 * The first view of a backoffice page (its path under /backoffice, and query) for the user the
 * `ask` function reads as; null when the page has none, the user is not an agent admin, or the
 * data could not be read (the page then loads as it always has). The booking requests list is
 * drawn as the agent last left it (`requestsView`: its tab, order and page).
 */
export async function renderFirstView(
  path: string,
  search: URLSearchParams,
  ask: AskApi,
  { now = new Date(), requestsView = DEFAULT_REQUESTS_VIEW }: { now?: Date; requestsView?: RequestsView } = {}
): Promise<string | null> {
  const page = firstViewPage(path, search)
  if (!page) return null
  const [me, data] = await Promise.all([
    ask('/api/users/me') as Promise<FirstViewUser | null>,
    ask(page === 'dashboard' ? AGENT_DASHBOARD_API : bookingRequestsApi(requestsView)),
  ])
  if (!me || me.role !== 'agent_admin' || !data) return null
  if (page === 'dashboard') {
    const figures = data as FirstViewAgentFigures
    return typeof figures.agency === 'object' && figures.agency ? agentDashboardView(me, figures, now) : null
  }
  return Array.isArray(data) ? bookingRequestsView(data as FirstViewBooking[], now, requestsView.status) : null
}

/** The `<style>` the first view needs, for the page's head. */
export function firstViewStyle(): string {
  return `<style>${FIRST_VIEW_CSS}</style>`
}

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)
}

/** Material icons' paths (24 x 24), as the app draws them. */
const ICONS = {
  menu: 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z',
  hourglass: 'M18 22l-.01-6L14 12l3.99-4.01L18 2H6v6l4 4-4 3.99V22zM8 7.5V4h8v3.5l-4 4z',
  schedule:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  visibility:
    'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  taskAlt:
    'M22 5.18 10.59 16.6l-4.24-4.24 1.41-1.41 2.83 2.83 10-10zm-2.21 5.04c.13.57.21 1.17.21 1.78 0 4.42-3.58 8-8 8s-8-3.58-8-8 3.58-8 8-8c1.58 0 3.04.46 4.28 1.25l1.44-1.44C16.1 2.67 14.13 2 12 2 6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10c0-1.19-.22-2.33-.6-3.39z',
  refresh:
    'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z',
  bell: 'M12 22c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2m6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z',
  account:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 4c1.93 0 3.5 1.57 3.5 3.5S13.93 13 12 13s-3.5-1.57-3.5-3.5S10.07 6 12 6m0 14c-2.03 0-4.43-.82-6.14-2.88C7.55 15.8 9.68 15 12 15s4.45.8 6.14 2.12C16.43 19.18 14.03 20 12 20',
  chevronRight: 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z',
} as const

function icon(name: keyof typeof ICONS, className = 'fv-icon'): string {
  return `<svg class="${className}" viewBox="0 0 24 24" aria-hidden="true"><path d="${ICONS[name]}"/></svg>`
}

/** The page around a first view: the app bar (the page's title, the app's buttons), then its content. */
function frame(title: string, content: string): string {
  const buttons = (['back', 'refresh', 'bell', 'account'] as const)
    .map((name) => `<span class="fv-bar-button">${icon(name, 'fv-bar-icon')}</span>`)
    .join('')
  return (
    '<div id="first-view">' +
    '<p class="fv-hidden" role="status">Loading the backoffice…</p>' +
    '<div aria-hidden="true">' +
    `<header class="fv-bar"><span class="fv-menu">${icon('menu', 'fv-bar-icon')}</span>` +
    `<span class="fv-bar-title">${escapeHtml(title)}</span><span class="fv-bar-buttons">${buttons}</span></header>` +
    `<main class="fv-main">${content}</main>` +
    '</div></div>'
  )
}

/** A row of tabs, one chosen, as the app's scrollable tabs (scrolled to the start: its left arrow's room kept). */
function tabs(labels: readonly string[], className: string, chosen = 0): string {
  return (
    `<div class="fv-tabs ${className}"><span class="fv-tabs-arrow"></span><span class="fv-tabs-scroller">` +
    labels
      .map((label, index) => `<span class="fv-tab${index === chosen ? ' fv-tab-on' : ''}">${escapeHtml(label)}</span>`)
      .join('') +
    `</span><span class="fv-tabs-arrow">${icon('chevronRight', 'fv-arrow-icon')}</span></div>`
  )
}

function chip(label: string, color: string): string {
  return `<span class="fv-chip fv-chip-${color}">${escapeHtml(label)}</span>`
}

/** The agent booking requests page (AgentBookingRequestList as a phone shows it: cards), on its `status` tab. */
export function bookingRequestsView(bookings: readonly FirstViewBooking[], now: Date, status = 'all'): string {
  const cards = bookings.length
    ? `<ul class="fv-cards">${bookings.map((booking) => bookingCard(booking, now)).join('')}</ul>`
    : '<p class="fv-empty">No booking requests found.</p>'
  return frame(
    'Booking Requests',
    `<div class="fv-paper">${tabs(
      AGENT_REQUEST_FILTERS.map((filter) => filter.name),
      'fv-tabs-list',
      Math.max(
        0,
        AGENT_REQUEST_FILTERS.findIndex((filter) => filter.id === status)
      )
    )}${cards}</div>`
  )
}

function bookingCard(booking: FirstViewBooking, now: Date): string {
  const badge = agentBookingBadge(booking.status)
  const queue = timeInQueue(booking.queue, now)
  const remaining = holdRemainingMs(booking.heldUntil, now.getTime())
  const waiting = booking.allowedActions.length > 0
  const decides = booking.allowedActions.some((action) => action === 'approve' || action === 'reject')
  const name = booking.user?.name ?? booking.creatorName ?? 'N/A'
  const email = booking.user?.email ?? booking.creatorEmail
  const classes = ['fv-card', waiting ? 'fv-card-waiting' : '', booking.queue?.overdue ? 'fv-card-overdue' : '']
  const tertiary = [
    chip(badge.label, badge.color),
    queue
      ? `<div class="fv-line">${icon('schedule')}<span class="fv-body2">${escapeHtml(queue.waited)}</span>` +
        (queue.overdue ? `<span class="fv-chip fv-chip-error fv-chip-icon">${icon('warning')}Overdue</span>` : '') +
        '</div>'
      : '',
    booking.heldUntil && remaining !== null
      ? `<div class="fv-line">${icon('hourglass')}<span class="fv-body2 fv-shrink">Held until ` +
        `<time>${escapeHtml(formatDateTime(booking.heldUntil))}</time> ` +
        `<span class="fv-timer${remaining > 0 ? '' : ' fv-late'}">(${escapeHtml(formatHoldRemaining(remaining))}` +
        `${remaining > 0 ? ' left' : ''})</span></span></div>`
      : '',
  ].join('')
  const lines = [name, email, formatDateTime(booking.createdAt)]
    .filter((line) => line !== null && line !== undefined && line !== '')
    .map((line) => `<div>${escapeHtml(line)}</div>`)
    .join('')
  const actions =
    `<span class="fv-button fv-button-outlined">${icon('visibility', 'fv-button-icon')}View Details</span>` +
    (decides ? `<span class="fv-button fv-button-contained">${icon('taskAlt', 'fv-button-icon')}Process</span>` : '')
  return (
    `<li class="${classes.filter(Boolean).join(' ')}">` +
    `<div class="fv-card-head"><div class="fv-primary">${escapeHtml(bookedProperty(booking))}</div>` +
    `<div class="fv-tertiary">${tertiary}</div></div>` +
    `<div class="fv-secondary">${lines}</div>` +
    `<div class="fv-actions">${actions}</div></li>`
  )
}

/** The agent's dashboard, its Overview tab (layout/Dashboard and AgentOverview). */
export function agentDashboardView(me: FirstViewUser, figures: FirstViewAgentFigures, now: Date): string {
  const { agency } = figures
  const info = [
    ['Contact Email', agency.contactEmail],
    ['Phone', agency.phone || 'N/A'],
    ['Address', agency.address || 'N/A'],
  ]
    .map(([label, value]) => `<div class="fv-info"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('')
  const counts = [
    ['Agency Members', figures.agencyMembers],
    ['Pending Bookings', figures.pendingBookings],
    ['Membership Requests', figures.membershipRequests],
  ]
    .map(
      ([label, value]) =>
        `<div class="fv-card-box fv-count"><h3 class="fv-overline">${escapeHtml(label)}</h3>` +
        `<p class="fv-h4">${escapeHtml(value)}</p></div>`
    )
    .join('')
  return frame(
    'Dashboard',
    '<div class="fv-dashboard">' +
      `<h1 class="fv-h5 fv-welcome">Welcome, ${escapeHtml(me.name || 'Admin')}</h1>` +
      tabs(AGENT_DASHBOARD_TABS, 'fv-tabs-dashboard') +
      '<section class="fv-overview"><div class="fv-tab-header"><h2 class="fv-h6">Agency Overview</h2>' +
      `<div class="fv-refresh"><span class="fv-caption">Last refreshed: ${escapeHtml(formatClockTime(now))}</span>` +
      `<span class="fv-button fv-button-small">${icon('refresh', 'fv-button-icon-small')}Refresh</span></div></div>` +
      '<div class="fv-card-box"><h3 class="fv-overline">Agency Information</h3>' +
      `<p class="fv-h5 fv-agency">${escapeHtml(agency.name)}</p><dl class="fv-dl">${info}</dl></div>` +
      `${counts}</section></div>`
  )
}
