/**
 * What the screen-width journeys share (phone.e2e.ts at 390 px, laptop.e2e.ts at 1366 px): the
 * route tables with the roles that may see each route, signing the browser in as a role, and
 * measuring a settled page's width.
 */
import type { Page } from 'playwright-core'
import { inject } from 'vitest'
import { AGENT_ADMIN, SUPER_ADMIN, signInBrowser } from './backoffice-admin-support.ts'
import { NILAI, agencyIdByName } from './backoffice-agent-support.ts'
import { DEMO, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

export type Role = 'anonymous' | 'user' | 'member' | 'agent admin' | 'super admin'

const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, string> = {
  user: DEMO.user,
  member: DEMO.member,
  'agent admin': AGENT_ADMIN,
  'super admin': SUPER_ADMIN,
}

export const SIGNED_IN: Role[] = ['user', 'member', 'agent admin', 'super admin']
export const EVERYONE: Role[] = ['anonymous', ...SIGNED_IN]
/** The route guard admits super admins to the agent admin's pages. */
export const AGENTS: Role[] = ['agent admin', 'super admin']

/** The demo data's ids the routes with parameters take. */
export interface DemoIds {
  agencyId: number
  propertyId: number
}

/**
 * The route tables of the specification (the public and user area, then the agent and admin
 * area), each route with the roles that may see it, then the backoffice's later screens. Query
 * strings the tables name are routes too.
 */
export function routeTable({ agencyId, propertyId }: DemoIds): Array<{ path: string; roles: Role[] }> {
  return [
    { path: '/', roles: EVERYONE },
    { path: '/properties', roles: EVERYONE },
    { path: '/aero-industrial-hub', roles: EVERYONE },
    { path: '/properties/aeroindustrial/type/A', roles: EVERYONE },
    { path: '/properties/aeroindustrial/type/B', roles: EVERYONE },
    { path: '/properties/aeroindustrial/type/C', roles: EVERYONE },
    { path: '/mahkota-kampar', roles: EVERYONE },
    { path: '/login', roles: EVERYONE },
    { path: '/register', roles: EVERYONE },
    { path: `/agent-properties/${propertyId}`, roles: EVERYONE },
    { path: `/agency/${agencyId}`, roles: EVERYONE },
    { path: '/agency-request', roles: SIGNED_IN },
    { path: '/profile', roles: SIGNED_IN },
    { path: '/dashboard', roles: ['user', 'member'] },
    { path: '/enhanced-dashboard', roles: ['user', 'member'] },
    { path: '/enhanced-dashboard?tab=bookings', roles: ['user', 'member'] },
    { path: '/agency-properties', roles: ['user', 'member'] },
    { path: '/agent-dashboard', roles: AGENTS },
    { path: '/agent-dashboard?tab=manage-bookings', roles: AGENTS },
    { path: '/agent-properties', roles: AGENTS },
    { path: '/bookings/create', roles: AGENTS },
    { path: '/agent/booking-requests', roles: AGENTS },
    { path: '/agent/agency-requests', roles: AGENTS },
    { path: '/admin-dashboard', roles: ['super admin'] },
    { path: '/admin/users', roles: ['super admin'] },
    { path: '/admin/agencies', roles: ['super admin'] },
    { path: `/admin/agencies/${agencyId}`, roles: ['super admin'] },
    { path: '/admin/agent-admins', roles: ['super admin'] },
    { path: '/admin/lots', roles: ['super admin'] },
    { path: '/admin/bookings', roles: ['super admin'] },
    { path: '/admin/all-bookings', roles: ['super admin'] },
    // The backoffice's screens beyond the tables: the agent's waitlist, the super admin's registers.
    { path: '/backoffice/agent/waitlist', roles: ['agent admin'] },
    { path: '/backoffice/admin/account-deletion-requests', roles: ['super admin'] },
    { path: '/backoffice/admin/contact-messages', roles: ['super admin'] },
    { path: '/backoffice/admin/audit-entries', roles: ['super admin'] },
    { path: '/backoffice/admin/document-accesses', roles: ['super admin'] },
    { path: '/backoffice/admin/outbox', roles: ['super admin'] },
    { path: '/backoffice/admin/failed-jobs', roles: ['super admin'] },
    { path: '/backoffice/admin/data-breaches', roles: ['super admin'] },
    { path: '/backoffice/booking-fees', roles: ['super admin'] },
  ]
}

export async function demoIds(): Promise<DemoIds> {
  const agencyId = await agencyIdByName(baseURL, NILAI)
  const answer = (await (await fetch(`${baseURL}/api/agent-properties/agency/${agencyId}/public`)).json()) as
    { properties?: Array<{ id: number }> } | Array<{ id: number }>
  const [property] = Array.isArray(answer) ? answer : (answer.properties ?? [])
  if (!property) throw new Error(`The demo data shares no property of ${NILAI}`)
  return { agencyId, propertyId: property.id }
}

/** The browser as `role`: signed out, then signed in through the API (the session cookie). */
export async function actAs(session: Session, role: Role): Promise<void> {
  // What the last role's pages kept (react-admin's store) is not the next one's.
  if (session.page.url().startsWith(baseURL))
    await session.page.evaluate(() => {
      localStorage.clear()
      sessionStorage.clear()
    })
  // Off the last role's page first: a backoffice left open would answer the signed-out cookie by
  // going to /login itself, interrupting the next page's navigation.
  await session.page.goto('about:blank')
  await session.context.clearCookies()
  if (role !== 'anonymous') await signInBrowser(session.context, baseURL, ACCOUNTS[role])
}

/** Loading indicators: react-admin's and MUI's spinners, progress bars and placeholders. */
const BUSY = '[role="progressbar"], .MuiSkeleton-root'

/**
 * The page has settled: its requests are done, the backoffice (rendered in the browser) has
 * its layout, nothing is loading, and its markup and width stay the same for two looks in a row.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  if (new URL(page.url()).pathname.startsWith('/backoffice/')) await page.locator('#main-content').waitFor()
  // What the page looks like, or null while it loads (or navigates away: a redirect in the browser).
  const look = () =>
    page
      .evaluate(
        (busy) =>
          document.querySelector(busy)
            ? null
            : `${document.documentElement.scrollWidth} ${document.documentElement.outerHTML.length}`,
        BUSY
      )
      .catch(() => null)
  // A page that keeps changing (a clock) is measured after 10 s all the same.
  const deadline = Date.now() + 10_000
  let last = await look()
  let steady = 0
  while (steady < 2 && Date.now() < deadline) {
    await page.waitForTimeout(250)
    const now = await look()
    steady = now !== null && now === last ? steady + 1 : 0
    last = now
  }
  await page.evaluate(() => document.fonts.ready)
}

export interface Measure {
  path: string
  landed: string
  status: number
  width: number
  /** The width the page has to lay out in: the window's, less a scrollbar that takes room. */
  room: number
}

/** Opens `path` (following redirects, the storefront's into /backoffice included) and measures the page's width. */
export async function measure(page: Page, path: string): Promise<Measure> {
  const response = await page.goto(`${baseURL}${path}`)
  await settle(page)
  const landed = page.url().slice(baseURL.length)
  const { width, room } = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    room: document.documentElement.clientWidth,
  }))
  return { path, landed, status: response?.status() ?? 0, width, room }
}

/** A few tabs at once, so the sweep stays short. */
const TABS = 4

/** Visits each item in one of a few tabs of the session (the same role), in parallel; results in order. */
export async function inTabs<T, R>(
  session: Session,
  items: T[],
  visit: (page: Page, item: T) => Promise<R>
): Promise<R[]> {
  const pages = [
    session.page,
    ...(await Promise.all(Array.from({ length: TABS - 1 }, () => session.context.newPage()))),
  ]
  const results: R[] = []
  let next = 0
  try {
    await Promise.all(
      pages.map(async (page) => {
        for (let index = next++; index < items.length; index = next++) results[index] = await visit(page, items[index]!)
      })
    )
  } finally {
    await Promise.all(pages.slice(1).map((page) => page.close()))
  }
  return results
}

/**
 * Every route `role` may see, measured in a few tabs: the ones wider than `width` or than the
 * room a scrollbar leaves (or answering an error), one line each.
 */
export async function tooWide(session: Session, role: Role, ids: DemoIds, width: number): Promise<string[]> {
  await actAs(session, role)
  const paths = routeTable(ids)
    .filter((route) => route.roles.includes(role))
    .map((route) => route.path)
  const measured = await inTabs(session, paths, measure)
  return measured
    .filter((page) => page.width > Math.min(width, page.room) || page.status >= 400)
    .map(
      ({ path, landed, status, width: wide }) =>
        `${role} ${path}${landed === path ? '' : ` (→ ${landed})`}: ${status >= 400 ? `answered ${status}` : `${wide} px wide`}`
    )
}
