import type { QueryClient } from '@tanstack/react-query'
import {
  getQuery,
  localStorageStore,
  parseQueryFromLocation,
  type FilterPayload,
  type SortPayload,
  type Store,
} from 'react-admin'
import { AGENT_BOOKINGS_RESOURCE } from './modules/bookings/agent/types'
import type { ResourceEndpoint } from './plugins/types'
import { createDataProvider } from './dataProvider'
import { httpClient, type HttpClient } from './providers/http'
import { CURRENT_USER_URL, type User } from '@aero/shared/user'
import { effectiveRole, type Role } from './roles'

/**
 * How long an early answer waits for the screen that asks for it. The screen's code usually
 * arrives within a few seconds; a screen asking later (the visitor went elsewhere first)
 * fetches afresh rather than show an old answer.
 */
export const EARLY_ANSWER_KEPT_MS = 30_000

export interface EarlyRequests {
  /** The providers' client: the first GET of a URL started early is answered by that request. */
  http: HttpClient
  /** Starts a GET now; the providers' first request of the same URL takes its answer. */
  start: HttpClient
}

/**
 * Requests started at the entry, before the screen's code has arrived, and handed to the
 * screen's own first request of the same URL: one request each, never two.
 */
export function createEarlyRequests(
  http: HttpClient,
  { keepForMs = EARLY_ANSWER_KEPT_MS, now = Date.now }: { keepForMs?: number; now?: () => number } = {}
): EarlyRequests {
  const started = new Map<string, { answer: ReturnType<HttpClient>; at: number }>()
  const isRead = (options?: { method?: string }) => (options?.method ?? 'GET').toUpperCase() === 'GET'
  return {
    http: (url, options) => {
      const early = isRead(options) ? started.get(url) : undefined
      if (early) {
        started.delete(url)
        if (now() - early.at < keepForMs) return early.answer
      }
      return http(url, options)
    },
    start: (url, options) => {
      const answer = http(url, options)
      started.set(url, { answer, at: now() })
      // Its taker sees a failure; one nobody takes must not be reported as unhandled.
      answer.catch(() => {})
      return answer
    },
  }
}

/** A list screen's opening request: the props its <List> is given. */
export interface FirstList {
  resource: string
  sort: SortPayload
  perPage: number
  filterDefaultValues: FilterPayload
}

/**
 * The list screens worth starting early (the agent's booking requests, the super admin's
 * approvals), by path under /backoffice and the role that sees them. Their <List> props are
 * written here again, without importing the screens (that would put their code in the entry);
 * firstScreen.test.tsx renders the real screens to check both ask the same URL.
 */
export const FIRST_LISTS: Record<string, { role: Exclude<Role, 'admin'>; list: FirstList }> = {
  [`/${AGENT_BOOKINGS_RESOURCE}`]: {
    role: 'agent_admin',
    list: {
      resource: AGENT_BOOKINGS_RESOURCE,
      sort: { field: 'statusChangedAt', order: 'ASC' },
      perPage: 25,
      filterDefaultValues: { status: 'all' },
    },
  },
  '/admin/bookings': {
    role: 'super_admin',
    list: {
      resource: 'admin/bookings',
      sort: { field: 'statusChangedAt', order: 'ASC' },
      perPage: 25,
      filterDefaultValues: { status: 'all' },
    },
  },
}

/**
 * The code of the home's dashboard and of the list screens of FIRST_LISTS, by path: the same
 * modules App's and the plugins' lazy routes import, asked for at the entry, so the screen's
 * code downloads while the shell starts and asks who is signed in, rather than after.
 */
const FIRST_SCREEN_CODE: Record<string, () => Promise<unknown>> = {
  '': () => import('./layout/Dashboard'),
  [`/${AGENT_BOOKINGS_RESOURCE}`]: () => import('./modules/bookings/agent/AgentBookingRequestList'),
  '/admin/bookings': () => import('./modules/bookings/bookings/BookingApprovalList'),
}

/** Starts loading the code of the screen at `pathname` (under /backoffice), if it is one of FIRST_SCREEN_CODE. */
export function preloadFirstScreenCode({ pathname }: { pathname: string }): Promise<unknown> | null {
  const load = FIRST_SCREEN_CODE[pathname.replace(/^\/backoffice/, '').replace(/\/$/, '')]
  // A failed early load is no answer: the lazy route imports again and shows its own error.
  return load ? load().catch(() => {}) : null
}

type DataProvider = ReturnType<typeof createDataProvider>

/**
 * react-admin's own reading of a list's parameters (ra-core's useListParams): the address's
 * query when it has one, else what the store kept from the last visit, else the defaults.
 */
function listRequest({ resource, sort, perPage, filterDefaultValues }: FirstList, search: string, store: Store) {
  const query = getQuery({
    queryFromLocation: parseQueryFromLocation({ search }),
    params: store.getItem(`${resource}.listParams`, {}),
    filterDefaultValues,
    sort,
    perPage,
  })
  return (dataProvider: DataProvider) =>
    dataProvider.getList(resource, {
      pagination: { page: query.page, perPage: query.perPage },
      sort: { field: query.sort, order: query.order },
      filter: { ...query.filter },
    })
}

/**
 * What the screen at `pathname` (under /backoffice) asks first for a user of `role`: the
 * dashboard's figures on its Overview, or a list of FIRST_LISTS; null for anything else.
 */
export function firstScreenRequest(
  { pathname, search }: { pathname: string; search: string },
  role: Role,
  store: Store
): ((dataProvider: DataProvider) => Promise<unknown>) | null {
  const path = pathname.replace(/^\/backoffice/, '').replace(/\/$/, '')
  const acting = effectiveRole(role)
  if (path === '') {
    const tab = new URLSearchParams(search).get('tab')
    if (tab !== null && tab !== 'overview') return null
    if (acting === 'agent_admin') return (dataProvider) => dataProvider.getAgentDashboard()
    if (acting === 'super_admin') return (dataProvider) => dataProvider.getAdminDashboard()
    return null
  }
  const screen = FIRST_LISTS[path]
  return screen && screen.role === acting ? listRequest(screen.list, search, store) : null
}

/**
 * Started by the entry before the first render: who is signed in (index.html preloads it),
 * then, from their role and the address, the first screen's data, while the screen's code is
 * still on its way. The providers built on `early.http` take both answers.
 */
export async function prefetchFirstScreen({
  location,
  early,
  store,
  endpoints,
}: {
  location: { pathname: string; search: string }
  early: EarlyRequests
  store: Store
  endpoints: Record<string, ResourceEndpoint>
}): Promise<void> {
  let user: User
  try {
    user = (await early.start(CURRENT_USER_URL)).json as User
  } catch {
    return // signed out or failing: the auth provider deals with that answer
  }
  const request = firstScreenRequest(location, user.role, store)
  await request?.(createDataProvider({ endpoints, http: early.start })).catch(() => {})
}

/**
 * How long the dashboard's figures count as current. Two widgets show them (the overview and
 * the approval times), each arriving with its own code: the second to mount would otherwise ask
 * again for what the first was just answered, which the early answer makes the rule, not the
 * exception. Refresh, Try Again and live changes refetch regardless.
 */
export const DASHBOARD_FIGURES_FRESH_MS = 10_000

export function shareDashboardFigures(queryClient: QueryClient) {
  queryClient.setQueryDefaults(['dashboard'], { staleTime: DASHBOARD_FIGURES_FRESH_MS })
}

/** The backoffice's early requests and react-admin's store (the one Admin uses by default). */
export const earlyRequests = createEarlyRequests(httpClient)
export const store = localStorageStore()
