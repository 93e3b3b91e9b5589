/**
 * The product on a laptop (1366 x 768, scrollbars that take room): every route of both route tables, as each role that may
 * see it, is no wider than the screen, so no list hides its actions past a sideways scroll; the
 * hub's and the lot-type pages' lot tables show all their columns without scrolling within.
 * One browser for the whole file: the roles take turns in it.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AGENT_ADMIN, Api, SUPER_ADMIN } from './backoffice-admin-support.ts'
import { approvedMember, highestAvailableLot, memberRequestsLot } from './backoffice-agent-support.ts'
import { openSession, type Session } from './public-support.ts'
import { type DemoIds, EVERYONE, actAs, demoIds, inTabs, settle, tooWide } from './screen-support.ts'

const baseURL = inject('baseURL')

const LAPTOP = { width: 1366, height: 768 } as const

describe(`on a laptop (${LAPTOP.width} x ${LAPTOP.height})`, () => {
  let session: Session
  let ids: DemoIds
  let admin: Api
  let waiting: number

  beforeAll(async () => {
    session = await openSession({ width: LAPTOP.width, height: LAPTOP.height, scrollbars: true })
    ids = await demoIds()
    // A request waiting for the super admin, held and forwarded: the lists' widest row (its
    // hold, its queue time, Process and View Details).
    const member = await approvedMember(baseURL, 'Laptop requester')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Measured on a laptop.', true)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    await agent.call('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'approve', agentNotes: null })
    admin = await Api.signIn(baseURL, SUPER_ADMIN)
    waiting = booking.id
  })

  afterAll(async () => {
    await session.close()
    // Turned down, so the lot goes back to the hub for the journeys after this one.
    await admin.call('PUT', `/api/bookings/${waiting}/status-update`, {
      status: 'rejected',
      message: 'Journey clean-up',
    })
  })

  for (const role of EVERYONE) {
    it(`no page is wider than the screen, ${role}`, async () => {
      expect(await tooWide(session, role, ids, LAPTOP.width), `pages wider than ${LAPTOP.width} px`).toEqual([])
    }, 180_000)
  }

  it('shows every column of the lot tables on the hub and the lot-type pages, none clipped', async () => {
    const pages = ['/aero-industrial-hub', ...['A', 'B', 'C'].map((type) => `/properties/aeroindustrial/type/${type}`)]
    const clipped: string[] = []
    // The actions differ: Login, Book Now or Join waitlist, Agency Membership Pending, or a tag.
    for (const role of EVERYONE) {
      await actAs(session, role)
      const found = await inTabs(session, pages, async (page, path) => {
        await page.goto(`${baseURL}${path}`)
        await settle(page)
        const table = page.locator('.lot-table').first()
        const hidden = await table.evaluate((element) => element.scrollWidth - element.clientWidth)
        return hidden > 0 ? [`${role} ${path}: ${hidden} px of the table clipped`] : []
      })
      clipped.push(...found.flat())
    }
    expect(clipped, `lot tables wider than their place at ${LAPTOP.width} px`).toEqual([])
  }, 120_000)
})
