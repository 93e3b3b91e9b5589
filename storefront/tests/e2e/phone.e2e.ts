/**
 * The product on a phone (390 x 844, touch): every route of both route tables, as each role that
 * may see it, is no wider than the screen; the hub and lot-type pages show every lot's status
 * without sideways scrolling; an agent admin answers a booking request with one thumb.
 * One browser for the whole file: the roles take turns in it (signed out, then signed in).
 */
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AGENT_ADMIN, Api, SUPER_ADMIN, signInBrowser } from './backoffice-admin-support.ts'
import {
  NILAI,
  agencyIdByName,
  approvedMember,
  highestAvailableLot,
  memberRequestsLot,
} from './backoffice-agent-support.ts'
import { DEMO, PHONE, expectOnScreen, hubLots, openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

type Role = 'anonymous' | 'user' | 'member' | 'agent admin' | 'super admin'

const ACCOUNTS: Record<Exclude<Role, 'anonymous'>, string> = {
  user: DEMO.user,
  member: DEMO.member,
  'agent admin': AGENT_ADMIN,
  'super admin': SUPER_ADMIN,
}

const SIGNED_IN: Role[] = ['user', 'member', 'agent admin', 'super admin']
const EVERYONE: Role[] = ['anonymous', ...SIGNED_IN]
/** The route guard admits super admins to the agent admin's pages. */
const AGENTS: Role[] = ['agent admin', 'super admin']

/** The demo data's ids the routes with parameters take. */
interface DemoIds {
  agencyId: number
  propertyId: number
}

/**
 * The route tables of the specification (the public and user area, then the agent and admin
 * area), each route with the roles that may see it. Query strings the tables name are routes too.
 */
function routeTable({ agencyId, propertyId }: DemoIds): Array<{ path: string; roles: Role[] }> {
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
  ]
}

async function demoIds(): Promise<DemoIds> {
  const agencyId = await agencyIdByName(baseURL, NILAI)
  const answer = (await (await fetch(`${baseURL}/api/agent-properties/agency/${agencyId}/public`)).json()) as
    { properties?: Array<{ id: number }> } | Array<{ id: number }>
  const [property] = Array.isArray(answer) ? answer : (answer.properties ?? [])
  if (!property) throw new Error(`The demo data shares no property of ${NILAI}`)
  return { agencyId, propertyId: property.id }
}

/** The browser as `role`: signed out, then signed in through the API (the session cookie). */
async function actAs(session: Session, role: Role): Promise<void> {
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
async function settle(page: Page): Promise<void> {
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

interface Measure {
  path: string
  landed: string
  status: number
  width: number
}

/** Opens `path` (following redirects, the storefront's into /backoffice included) and measures the page's width. */
async function measure(page: Page, path: string): Promise<Measure> {
  const response = await page.goto(`${baseURL}${path}`)
  await settle(page)
  const landed = page.url().slice(baseURL.length)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  return { path, landed, status: response?.status() ?? 0, width }
}

/** A few tabs at once, so the sweep stays short. */
const TABS = 4

/** Visits each item in one of a few tabs of the session (the same role), in parallel; results in order. */
async function inTabs<T, R>(session: Session, items: T[], visit: (page: Page, item: T) => Promise<R>): Promise<R[]> {
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

/** Where each lot's status badges lie across the screen (left and right edges), by row of the lot table. */
async function statusEdges(rows: Locator): Promise<Array<{ lot: string; left: number; right: number } | null>> {
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const boxes = [...row.querySelectorAll('.badge')]
        .map((badge) => badge.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
      if (boxes.length === 0) return null
      return {
        // The row's unit or lot, without what its link says to screen readers.
        lot: (row.querySelector('th, td')?.textContent ?? '').split(',')[0]!.trim(),
        left: Math.round(Math.min(...boxes.map((box) => box.left))),
        right: Math.round(Math.max(...boxes.map((box) => box.right))),
      }
    })
  )
}

describe(`on a phone (${PHONE.width} x ${PHONE.height}, touch)`, () => {
  let session: Session
  let ids: DemoIds

  beforeAll(async () => {
    session = await openSession({ phone: true })
    ids = await demoIds()
  })

  afterAll(async () => {
    await session.close()
  })

  for (const role of EVERYONE) {
    it(`no page is wider than the screen, ${role}`, async () => {
      await actAs(session, role)
      const paths = routeTable(ids)
        .filter((route) => route.roles.includes(role))
        .map((route) => route.path)
      const measured = await inTabs(session, paths, measure)
      const failures = measured
        .filter(({ width, status }) => width > PHONE.width || status >= 400)
        .map(
          ({ path, landed, status, width }) =>
            `${role} ${path}${landed === path ? '' : ` (→ ${landed})`}: ${status >= 400 ? `answered ${status}` : `${width} px wide`}`
        )
      expect(failures, `pages wider than ${PHONE.width} px`).toEqual([])
    }, 180_000)
  }

  it("shows every lot's status on screen on the hub and the lot-type pages, without scrolling sideways", async () => {
    const lots = await hubLots(baseURL)
    const pages = [
      { path: '/aero-industrial-hub', table: /Shop lots of Phase 4/, count: lots.length },
      ...(['A', 'B', 'C'] as const).map((type) => ({
        path: `/properties/aeroindustrial/type/${type}`,
        table: /Lots of this type/,
        count: lots.filter((lot) => lot.typeCode === type).length,
      })),
    ]
    const offScreen: string[] = []
    // The actions differ: Login, Book Now, or only an Available tag for the super admin.
    for (const role of ['anonymous', 'member', 'super admin'] as const) {
      await actAs(session, role)
      const found = await inTabs(session, pages, async (page, { path, table, count }) => {
        await page.goto(`${baseURL}${path}`)
        await settle(page)
        const rows = page.getByRole('region', { name: table }).locator('tbody tr')
        expect(await rows.count(), `${role} ${path}: lots listed`).toBe(count)
        const off = (await statusEdges(rows)).filter((lot) => !lot || lot.left < 0 || lot.right > PHONE.width)
        if (off.length === 0) return []
        const examples = off
          .slice(0, 3)
          .map((lot) => (lot ? `${lot.lot} at ${lot.left}-${lot.right} px` : 'one without a status'))
        return [`${role} ${path}: ${off.length} of ${count} lots, ${examples.join(', ')}${off.length > 3 ? ', …' : ''}`]
      })
      offScreen.push(...found.flat())
    }
    expect(offScreen, `lots whose status is off a ${PHONE.width} px screen`).toEqual([])
  }, 120_000)

  it('lets an agent admin open a booking request from the list, view its documents and approve it with a note', async () => {
    const member = await approvedMember(baseURL, 'Phone requester')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Sent from my phone, please reserve it.', true)
    expect(booking.status).toBe('pending_agent')

    await actAs(session, 'agent admin')
    const { page } = session
    // Newest first (the list defaults to oldest-waiting first: after earlier journeys a new
    // request would not be on page 1); react-admin reads the sort from the URL.
    await page.goto(`${baseURL}/backoffice/agent/booking-requests?sort=createdAt&order=DESC`)
    // The request is on the first page, as a table row or a list item.
    // Found by name: the list shows emails partly masked.
    const request = page.locator('tr, li').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! }).last()
    await request.getByText('Pending Your Approval').waitFor()
    await expectOnScreen(page, request.getByRole('button', { name: 'View Details' }), 'View Details')
    await expectOnScreen(page, request.getByRole('button', { name: 'Process' }), 'Process')

    await request.getByRole('button', { name: 'View Details' }).tap()
    const details = page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText('Sent from my phone, please reserve it.').waitFor()
    const identity = details.getByRole('region', { name: 'Identity Card (front/back)' })
    await identity.getByRole('img', { name: 'IC front preview' }).waitFor()
    await expectOnScreen(page, details, 'the details dialog')
    await expectOnScreen(page, identity.getByRole('img', { name: 'IC back preview' }), 'the IC back preview')
    await details.getByRole('button', { name: 'Close dialog' }).tap()
    await details.waitFor({ state: 'detached' })

    await request.getByRole('button', { name: 'Process' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Process Booking Request' })
    await dialog.getByRole('region', { name: 'Client Information' }).getByText(member.name).waitFor()
    await expectOnScreen(page, dialog, 'the process dialog')
    await dialog.getByRole('radio', { name: /Approve/ }).tap()
    await dialog.getByLabel('Notes (optional)').fill('Checked on site; deposit received.')
    const submit = dialog.getByRole('button', { name: 'Submit Response' })
    await expectOnScreen(page, submit, 'Submit Response')
    await submit.tap()
    await page.getByText('Booking request approved and forwarded to admin').waitFor()
    await dialog.waitFor({ state: 'detached' })
    await request.getByText('Forwarded to Admin').waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    expect(await admin.call('GET', `/api/bookings/${booking.id}`)).toMatchObject({
      status: 'pending_admin',
      agentNotes: 'Checked on site; deposit received.',
    })
    // The super admin turns it down, so the lot goes back to the hub for the journeys after this one.
    await admin.call('PUT', `/api/bookings/${booking.id}/status-update`, {
      status: 'rejected',
      message: 'Journey clean-up',
    })
  })
})
