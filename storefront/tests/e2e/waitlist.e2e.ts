import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { releaseBookings } from './account-support.ts'
import { FRESH_PASSWORD, approvedMember, memberRequestsLot } from './backoffice-agent-support.ts'
import { highestAvailableLot, openSession, type HubLot } from './public-support.ts'

const baseURL = inject('baseURL')
/** A committed change reaches the open pages within a second; the journey allows a few. */
const LIVE_WITHIN_MS = 5_000

type Session = Awaited<ReturnType<typeof openBrowser>>

/** "10:15 AM MYT", with the date before it when the offer ends on another day in Malaysia. */
const STOREFRONT_TIME = '(?:[A-Z][a-z]{2} \\d{2}, \\d{4}, )?\\d{1,2}:\\d{2} [AP]M MYT'

async function signInAs(context: BrowserContext, email: string): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password: FRESH_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`)
}

const lotPage = (lot: HubLot) => `/properties/aeroindustrial/type/${lot.typeCode}?lot=${lot.id}`

/** The lot's row in the lot-type page's (or the hub's) table. */
const lotRow = (page: Page, lot: HubLot): Locator =>
  page
    .locator('.lot-table tbody tr')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${lot.unitNumber}`) }) })

/** Resolves once the page has subscribed to a live channel whose name contains `part`. */
function subscribed(page: Page, part: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/__transmit/subscribe') &&
      response.ok() &&
      (response.request().postData() ?? '').includes(part)
  )
}

const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true })

/** Opens the booking dialog of the lot from its row, ticks the privacy notice's box and submits (documents are optional for members). */
async function requestFromRow(page: Page, lot: HubLot): Promise<Locator> {
  await lotRow(page, lot)
    .getByRole('link', { name: /^Book Now/ })
    .click()
  const dialog = page.getByRole('dialog', { name: `Request a booking: ${lot.unitNumber}` })
  // A fresh account has no phone number yet: the form asks for one.
  await dialog.getByLabel(/^Phone/).fill('+60 12-345 6789')
  await dialog.getByRole('checkbox', { name: /consent/ }).check()
  await dialog.getByRole('button', { name: 'Submit booking request' }).click()
  return dialog
}

/**
 * A waitlist per lot across four members: A holds a lot; B and C join its
 * waitlist from the lot-type page (C after being sent to sign in); A cancels; B's bell and
 * open page say it is B's turn, while C's open page, the hub and the booking page show the lot
 * held for the waitlist, with no Book Now; B requests it. Then B leaves another lot's waitlist from
 * My waitlist.
 */
describe('the waitlist in real browsers', () => {
  const sessions: Session[] = []
  const open = async () => {
    const session = await openBrowser()
    sessions.push(session)
    return session
  }

  beforeEach(() => {
    sessions.length = 0
  })

  afterEach(async () => {
    for (const session of sessions) await session.close()
  })

  it('the first in line is offered the lot when it comes back; the others wait until the window ends', async () => {
    const [a, b, c] = await Promise.all([
      approvedMember(baseURL, 'Waitlist A'),
      approvedMember(baseURL, 'Waitlist B'),
      approvedMember(baseURL, 'Waitlist C'),
    ])
    const lot = await highestAvailableLot(baseURL)
    const held = await memberRequestsLot(a, lot, 'Holding this lot for the waitlist journey.')
    expect(held.status).toBe('pending_agent')

    // B joins the waitlist from the lot-type page and is first in line.
    // B's membership decision is told by a job after its commit: zeroed once it has arrived.
    await expect
      .poll(() => b.api.call<{ unread: number }>('GET', '/api/notifications/unread-count'), { timeout: 15_000 })
      .toMatchObject({ unread: 1 })
    await b.api.call('POST', '/api/notifications/read-all', {})
    const bSession = await open()
    await signInAs(bSession.context, b.email)
    const bListening = subscribed(bSession.page, `users/${b.id}/notifications`)
    await bSession.page.goto(`${baseURL}${lotPage(lot)}`)
    await bListening
    const bRow = lotRow(bSession.page, lot)
    await bRow.getByRole('button', { name: /^Notify me \/ Join waitlist/ }).click()
    await bRow.getByText('You are number 1 on the waitlist.').waitFor()
    await bell(bSession.page, 0).waitFor()

    // C, not signed in, is sent to log in first, comes back to the lot and joins: second in line.
    const cSession = await open()
    const cPage = cSession.page
    await cPage.goto(`${baseURL}${lotPage(lot)}`)
    await lotRow(cPage, lot)
      .getByRole('link', { name: /^Notify me \/ Join waitlist/ })
      .click()
    await cPage.waitForURL(/\/login\?/)
    await cPage.getByLabel('Email').fill(c.email)
    await cPage.getByLabel('Password', { exact: true }).fill(FRESH_PASSWORD)
    await cPage.getByRole('button', { name: 'Login', exact: true }).click()
    await cPage.waitForURL(`${baseURL}${lotPage(lot)}`)
    const cRow = lotRow(cPage, lot)
    await cRow.getByRole('button', { name: /^Notify me \/ Join waitlist/ }).click()
    await cRow.getByText('You are number 2 on the waitlist.').waitFor()
    // B's place is unchanged (their page loads their line again when the lot's line changes).
    await bRow.getByText('You are number 1 on the waitlist.').waitFor()

    // A cancels: the lot comes back, and B is offered it, live on the open pages.
    await a.api.call('DELETE', `/api/bookings/${held.id}`)
    await bell(bSession.page, 1).waitFor({ timeout: LIVE_WITHIN_MS })
    await bRow
      .locator('.waitlist__note')
      .filter({ hasText: new RegExp(`^It's your turn: request this lot before ${STOREFRONT_TIME}\\.$`) })
      .waitFor({ timeout: LIVE_WITHIN_MS })
    await cRow
      .locator('.waitlist__note')
      .filter({ hasText: new RegExp(`^Held for the waitlist until ${STOREFRONT_TIME}\\.$`) })
      .waitFor({ timeout: LIVE_WITHIN_MS })
    await bell(bSession.page, 1).click()
    await bSession.page
      .getByRole('region', { name: 'Notifications' })
      .getByText(`Your turn: ${lot.unitNumber} is free`)
      .waitFor()
    await bell(bSession.page, 1).click()

    // C sees it held, with until when, and is offered no Book Now: only B may request it now.
    await cRow
      .locator('.badge')
      .filter({ hasText: new RegExp(`^Held for the waitlist until ${STOREFRONT_TIME}$`) })
      .waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await cRow.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
    expect(await cRow.getByRole('button', { name: /^Held/ }).isDisabled()).toBe(true)
    // The hub says so too, in its table and on its plan.
    await cPage.goto(`${baseURL}/aero-industrial-hub`)
    const hubRow = cPage
      .locator('.lot-table tbody tr')
      .filter({ has: cPage.getByRole('link', { name: new RegExp(`^${lot.unitNumber}`) }) })
    await hubRow
      .locator('.badge')
      .filter({ hasText: new RegExp(`^Held for the waitlist until ${STOREFRONT_TIME}$`) })
      .waitFor()
    expect(await hubRow.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
    await cPage
      .getByRole('group', { name: 'Lots on the site plan' })
      .getByRole('link', { name: new RegExp(`^${lot.unitNumber}, .*Held for the waitlist until ${STOREFRONT_TIME}`) })
      .waitFor()
    // The booking page refuses before any form is filled in.
    await cPage.goto(`${baseURL}/book/${lot.id}`)
    await cPage
      .getByRole('alert')
      .filter({
        hasText: /^Held for the waitlist until .+\. Only the person it is offered to can request it until then\.$/,
      })
      .waitFor()
    expect(await cPage.getByRole('button', { name: 'Submit booking request' }).count()).toBe(0)
    const cBack = subscribed(cPage, 'lots')
    await cPage.goto(`${baseURL}${lotPage(lot)}`)
    await cBack

    // B requests it: theirs now.
    await requestFromRow(bSession.page, lot)
    await bSession.page.getByRole('status').getByText('Booking request submitted successfully!').waitFor()
    const bBookings = await b.api.call<Array<{ id: number; lotId: number; status: string }>>(
      'GET',
      '/api/bookings/user'
    )
    const bBooking = bBookings.find((booking) => booking.lotId === lot.id)
    expect(bBooking?.status).toBe('pending_agent')
    // C is first in line now, for whenever the lot comes back again.
    const cPlaces = await c.api.call<{ data: Array<{ lotId: number; position: number; status: string }> }>(
      'GET',
      '/api/waitlist/mine'
    )
    expect(cPlaces.data.find((place) => place.lotId === lot.id)).toMatchObject({ position: 1, status: 'waiting' })
    await cRow.getByText('You are number 1 on the waitlist.').waitFor({ timeout: LIVE_WITHIN_MS })

    // C leaves and B's booking ends, so the lot is open to everyone for the journeys after this one.
    await c.api.call('DELETE', `/api/lots/${lot.id}/waitlist`)
    await releaseBookings(baseURL, [bBooking!.id])
  })

  it('a member joins without JavaScript (a plain form post), then leaves from My waitlist', async () => {
    const [a, b] = await Promise.all([
      approvedMember(baseURL, 'Waitlist Holder'),
      approvedMember(baseURL, 'Waitlist Leaver'),
    ])
    const lot = await highestAvailableLot(baseURL)
    const held = await memberRequestsLot(a, lot, 'Holding this lot while the other member joins and leaves its line.')

    const plain = await openSession({ javaScript: false })
    sessions.push(plain)
    await signInAs(plain.context, b.email)
    await plain.page.goto(`${baseURL}${lotPage(lot)}`)
    await lotRow(plain.page, lot)
      .getByRole('button', { name: /^Notify me \/ Join waitlist/ })
      .click()
    await lotRow(plain.page, lot).getByText('You are number 1 on the waitlist.').waitFor()

    const session = await open()
    await signInAs(session.context, b.email)
    await session.page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    const list = session.page.getByRole('region', { name: 'My waitlist table' })
    const row = list.getByRole('row').filter({ hasText: lot.unitNumber })
    await row.getByText('Waiting', { exact: true }).waitFor()
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('1')
    expect(await row.getByRole('link', { name: lot.unitNumber }).getAttribute('href')).toBe(lotPage(lot))

    await row.getByRole('button', { name: /^Leave/ }).click()
    await session.page.getByText('You have left the waitlist.').first().waitFor()
    await session.page.getByText(/^You are not on any waitlist\./).waitFor()
    const places = await b.api.call<{ data: unknown[] }>('GET', '/api/waitlist/mine')
    expect(places.data).toEqual([])
    await releaseBookings(baseURL, [held.id])
  })

  it('members join from the hub too, with and without JavaScript; the holder and visitors are offered none', async () => {
    const [a, b, c] = await Promise.all([
      approvedMember(baseURL, 'Hub Waitlist Holder'),
      approvedMember(baseURL, 'Hub Waitlist B'),
      approvedMember(baseURL, 'Hub Waitlist C'),
    ])
    const lot = await highestAvailableLot(baseURL)
    const held = await memberRequestsLot(a, lot, 'Holding this lot while others join its line from the hub.')

    // A visitor's hub (the render the page cache keeps) offers no waitlist.
    const visitor = await open()
    await visitor.page.goto(`${baseURL}/aero-industrial-hub`)
    await lotRow(visitor.page, lot).locator('button.button--taken').waitFor()
    expect(await visitor.page.getByText(/Join waitlist/).count()).toBe(0)

    // Nor does the holder's own: their booking holds the lot.
    const holder = await open()
    await signInAs(holder.context, a.email)
    await holder.page.goto(`${baseURL}/aero-industrial-hub`)
    await lotRow(holder.page, lot).locator('button.button--taken').waitFor()
    expect(
      await lotRow(holder.page, lot)
        .getByText(/Join waitlist/)
        .count()
    ).toBe(0)

    // B joins from the hub with JavaScript: first in line, in the lot's row.
    const bSession = await open()
    await signInAs(bSession.context, b.email)
    await bSession.page.goto(`${baseURL}/aero-industrial-hub`)
    const bRow = lotRow(bSession.page, lot)
    await bRow.getByRole('button', { name: /^Notify me \/ Join waitlist/ }).click()
    await bRow.getByText('You are number 1 on the waitlist.').waitFor()
    expect(new URL(bSession.page.url()).pathname).toBe('/aero-industrial-hub')

    // C joins without JavaScript: the form posts to the hub, which answers with C's place.
    const plain = await openSession({ javaScript: false })
    sessions.push(plain)
    await signInAs(plain.context, c.email)
    await plain.page.goto(`${baseURL}/aero-industrial-hub`)
    await lotRow(plain.page, lot)
      .getByRole('button', { name: /^Notify me \/ Join waitlist/ })
      .click()
    await lotRow(plain.page, lot).getByText('You are number 2 on the waitlist.').waitFor()
    expect(new URL(plain.page.url()).pathname).toBe('/aero-industrial-hub')

    const cPlaces = await c.api.call<{ data: Array<{ lotId: number; position: number }> }>('GET', '/api/waitlist/mine')
    expect(cPlaces.data.find((place) => place.lotId === lot.id)).toMatchObject({ position: 2 })

    // Off the line, and the lot open to everyone, for the journeys after this one.
    await b.api.call('DELETE', `/api/lots/${lot.id}/waitlist`)
    await c.api.call('DELETE', `/api/lots/${lot.id}/waitlist`)
    await releaseBookings(baseURL, [held.id])
  })
})
