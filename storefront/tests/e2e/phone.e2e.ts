/**
 * The product on a phone (390 x 844, touch): every route of both route tables, as each role that
 * may see it, is no wider than the screen; the hub and lot-type pages show every lot's status
 * without sideways scrolling; an agent admin answers a booking request with one thumb.
 * One browser for the whole file: the roles take turns in it (signed out, then signed in).
 */
import type { Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AGENT_ADMIN, Api, SUPER_ADMIN } from './backoffice-admin-support.ts'
import {
  FRESH_PASSWORD,
  type FreshUser,
  approvedMember,
  highestAvailableLot,
  memberRequestsLot,
} from './backoffice-agent-support.ts'
import { PHONE, expectOnScreen, hubLots, openSession, type Session } from './public-support.ts'
import { type DemoIds, EVERYONE, actAs, demoIds, inTabs, settle, tooWide } from './screen-support.ts'

const baseURL = inject('baseURL')

/** The browser as `person` (a fresh account), signed in through the API (the session cookie). */
async function actAsFresh(session: Session, person: FreshUser): Promise<void> {
  await actAs(session, 'anonymous')
  const login = await session.context.request.post(`${baseURL}/api/auth/login`, {
    data: { email: person.email, password: FRESH_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  expect(login.ok()).toBe(true)
}

/** Where an element lies on the screen, rounded to whole pixels. */
async function edges(target: Locator): Promise<{ left: number; right: number; top: number; bottom: number }> {
  await target.waitFor()
  const box = (await target.boundingBox())!
  return {
    left: Math.round(box.x),
    right: Math.round(box.x + box.width),
    top: Math.round(box.y),
    bottom: Math.round(box.y + box.height),
  }
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
      expect(await tooWide(session, role, ids, PHONE.width), `pages wider than ${PHONE.width} px`).toEqual([])
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

  it("shows a pending booking's lot, status and hold side by side in My Bookings, none over another", async () => {
    const member = await approvedMember(baseURL, 'Phone holder')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Held on a phone.', true)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    try {
      await actAsFresh(session, member)
      const { page } = session
      await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
      const row = page.getByRole('row').filter({ hasText: lot.unitNumber! })
      const lotCell = await edges(row.getByRole('rowheader'))
      const hold = await edges(row.locator('.hold-countdown'))
      const status = await edges(row.locator('.data-table__status'))
      for (const [name, box] of [
        ['the status', status],
        ['"Held until"', hold],
      ] as const) {
        expect(box.left, `${name}: left edge`).toBeGreaterThanOrEqual(0)
        expect(box.right, `${name}: right edge`).toBeLessThanOrEqual(PHONE.width)
        const apart = box.left >= lotCell.right || box.top >= lotCell.bottom || box.bottom <= lotCell.top
        expect(apart, `${name} (${JSON.stringify(box)}) covers the lot (${JSON.stringify(lotCell)})`).toBe(true)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    } finally {
      // Turned down, so the lot goes back to the hub for the journeys after this one.
      await agent.call('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'reject', agentNotes: null })
    }
  })

  it('shows the bell with its unread count in the header, without opening the menu', async () => {
    const member = await approvedMember(baseURL, 'Phone bell')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Turned down on a phone.', true)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    await agent.call('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'reject', agentNotes: null })

    await actAsFresh(session, member)
    const { page } = session
    await page.goto(`${baseURL}/enhanced-dashboard`)
    const header = page.getByRole('banner')
    expect(await header.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false')
    const bell = header.getByRole('button', { name: /^Notifications, \d+ unread$/ })
    await expectOnScreen(page, bell, 'the bell')
    await expectOnScreen(page, bell.getByTestId('bell-count'), 'its unread count')
    await bell.tap()
    await expectOnScreen(page, header.getByRole('region', { name: 'Notifications' }), 'the notifications')
  })

  it("opens a booking's details with its documents and their links on screen", async () => {
    const member = await approvedMember(baseURL, 'Phone reader')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Reading on a phone.', true)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    // One side accepted, the other turned down with its reason: the details offer to upload it again.
    const { documentReview } = await agent.call<{
      documentReview: Array<{ documentType: string; documentId: number }>
    }>('GET', `/api/bookings/${booking.id}`)
    const documentOf = (type: string) => documentReview.find((entry) => entry.documentType === type)!.documentId
    await agent.call('PUT', `/api/bookings/${booking.id}/documents/${documentOf('ic_front')}/review`, {
      status: 'accepted',
    })
    await agent.call('PUT', `/api/bookings/${booking.id}/documents/${documentOf('ic_back')}/review`, {
      status: 'rejected',
      reason: 'The photo is too dark to read the address',
    })
    try {
      await actAsFresh(session, member)
      const { page } = session
      await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
      await page.getByRole('row').filter({ hasText: lot.unitNumber! }).getByRole('link', { name: /^View/ }).tap()
      const details = page.getByRole('dialog')
      await expectOnScreen(page, details, 'the details')
      const downloads = details.getByRole('link', { name: /^Download/ })
      await downloads.first().waitFor()
      expect(await downloads.count()).toBeGreaterThanOrEqual(2)
      for (const [index, link] of (await downloads.all()).entries())
        await expectOnScreen(page, link, `Download link ${index + 1}`)
      const cards = details.locator('.document-list__item')
      for (const [index, card] of (await cards.all()).entries())
        await expectOnScreen(page, card, `document card ${index + 1}`)
      await expectOnScreen(page, details.getByRole('button', { name: /Upload/ }).first(), 'Upload again')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    } finally {
      // Turned down, so the lot goes back to the hub for the journeys after this one.
      await agent.call('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'reject', agentNotes: null })
    }
  })

  it("shows a booking's details to the super admin with every document card and Download on screen", async () => {
    const member = await approvedMember(baseURL, 'Phone forwarded')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Forwarded, read on a phone.', true)
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    await agent.call('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'approve', agentNotes: null })
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    try {
      await actAs(session, 'super admin')
      const { page } = session
      await page.goto(`${baseURL}/backoffice/admin/bookings?booking=${booking.id}`)
      const details = page.getByRole('dialog', { name: /Booking Request Details/ })
      await details.getByText('Forwarded, read on a phone.').waitFor()
      const downloads = details
        .getByRole('button', { name: /^Download/ })
        .or(details.getByRole('link', { name: /^Download/ }))
      await downloads.first().waitFor()
      for (const [index, download] of (await downloads.all()).entries())
        await expectOnScreen(page, download, `Download ${index + 1}`)
      // Nothing in the dialog runs past its edge (it would scroll sideways within it).
      const overflowing = await details.evaluate((dialog) =>
        [...dialog.querySelectorAll('*')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`)
          .slice(0, 5)
      )
      expect(overflowing, 'parts of the dialog past the screen').toEqual([])
    } finally {
      await admin.call('PUT', `/api/bookings/${booking.id}/status-update`, {
        status: 'rejected',
        message: 'Journey clean-up',
      })
    }
  })

  it('lets a super admin answer a deletion request with one thumb', async () => {
    const leaving = await approvedMember(baseURL, 'Phone leaver')
    await leaving.api.call('POST', '/api/me/deletion-request', { reason: 'Asked from a phone.' })

    await actAs(session, 'super admin')
    const { page } = session
    await page.goto(`${baseURL}/backoffice/admin/account-deletion-requests`)
    const request = page.locator('tr, li').filter({ hasText: 'Asked from a phone.' }).last()
    await expectOnScreen(page, request.getByRole('button', { name: 'Confirm deletion' }), 'Confirm deletion')
    await expectOnScreen(page, request.getByRole('button', { name: 'Decline' }), 'Decline')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    await request.getByRole('button', { name: 'Decline' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Decline the request' })
    await expectOnScreen(page, dialog, 'the Decline dialog')
    await dialog.getByLabel('Reason (shown to the person)').fill('Bookings still open.')
    const decline = dialog.getByRole('button', { name: 'Decline' })
    await expectOnScreen(page, decline, "the dialog's Decline")
    await decline.tap()
    await dialog.waitFor({ state: 'detached' })
  })
})
