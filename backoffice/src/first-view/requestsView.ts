/**
 * How the agent last left the booking requests list: the app's list parameters (react-admin
 * keeps them, so the list opens again on the same tab, order and page). The app mirrors them in a
 * cookie the gateway reads, so that the page's first view (firstView.ts) shows that same tab and
 * those same requests. Pure: used by the app and by the gateway.
 */
import { AGENT_REQUEST_FILTERS } from '../modules/bookings/agent/agentStatus.ts'

export const REQUESTS_VIEW_COOKIE = 'aero_requests_view'

export interface RequestsView {
  status: string
  sort: string
  order: 'ASC' | 'DESC'
  page: number
  perPage: number
}

/** The list as it first opens (AgentBookingRequestList). */
export const DEFAULT_REQUESTS_VIEW: RequestsView = {
  status: 'all',
  sort: 'statusChangedAt',
  order: 'ASC',
  page: 1,
  perPage: 25,
}

/** The columns the list sorts on (its sortable columns). */
const SORTABLE = new Set(['createdAt', 'status', 'statusChangedAt', 'heldUntil'])
const STATUSES = new Set<string>(AGENT_REQUEST_FILTERS.map((filter) => filter.id))
const MAX_PAGE = 1_000
const MAX_PER_PAGE = 100

/** The cookie's value as the app writes it. */
export function serializeRequestsView(view: RequestsView): string {
  return encodeURIComponent(JSON.stringify(view))
}

/** The view a cookie names; each part that is missing or not one the list can show is the default. */
export function requestsViewFrom(value: string | undefined): RequestsView {
  let parsed: Partial<Record<keyof RequestsView, unknown>> = {}
  try {
    const decoded: unknown = value ? JSON.parse(decodeURIComponent(value)) : {}
    if (decoded && typeof decoded === 'object') parsed = decoded
  } catch {
    // A cookie we cannot read is no view at all.
  }
  const whole = (number: unknown, max: number) =>
    typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= max ? number : null
  return {
    status: typeof parsed.status === 'string' && STATUSES.has(parsed.status) ? parsed.status : 'all',
    sort: typeof parsed.sort === 'string' && SORTABLE.has(parsed.sort) ? parsed.sort : DEFAULT_REQUESTS_VIEW.sort,
    order: parsed.order === 'DESC' || parsed.order === 'ASC' ? parsed.order : DEFAULT_REQUESTS_VIEW.order,
    page: whole(parsed.page, MAX_PAGE) ?? DEFAULT_REQUESTS_VIEW.page,
    perPage: whole(parsed.perPage, MAX_PER_PAGE) ?? DEFAULT_REQUESTS_VIEW.perPage,
  }
}

/** The API read the list makes for that view (ra-data-simple-rest's query). */
export function bookingRequestsApi(view: RequestsView): string {
  const first = (view.page - 1) * view.perPage
  return (
    '/api/bookings/agent?' +
    new URLSearchParams({
      filter: JSON.stringify({ status: view.status }),
      range: JSON.stringify([first, first + view.perPage - 1]),
      sort: JSON.stringify([view.sort, view.order]),
    }).toString()
  )
}
