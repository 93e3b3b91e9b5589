import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import {
  ApiClient,
  DEMO_PASSWORD,
  PNG_BYTES,
  agencyIdByName,
  freshEmail,
  logIn,
  openBrowserWithoutScripts,
  registerThroughScreen,
} from './account-support.ts'
import { claimFirst } from './lot-claims.ts'
import { bookableByAnyone, hubLots } from './public-support.ts'

const baseURL = inject('baseURL')

type Lot = { id: number; lotNumber: string; unitNumber: string; status: string }

/** A fresh approved member of Nilai Prime Realty, made through /register and the API. */
async function approvedMember(page: Parameters<typeof registerThroughScreen>[0]) {
  const user = { name: 'Booking Tester', email: freshEmail('booker'), password: 'secret12' }
  await registerThroughScreen(page, baseURL, user)
  const member = await ApiClient.signIn(baseURL, user.email, user.password)
  const agencyId = await agencyIdByName(baseURL, 'Nilai Prime Realty')
  await member.call('POST', '/api/users/request-agency', { agencyId, requestMessage: 'Booking journey' })
  const agent = await ApiClient.signIn(baseURL, 'agent@aero-demo.my', DEMO_PASSWORD)
  await agent.call('PUT', `/api/users/${member.user.id}/agency-request/approve`, {})
  return { user, member }
}

/** A pending booking of `lot` by the member, with both sides of the IC (as the booking form sends it). */
async function requestLot(member: ApiClient, user: { name: string; email: string }, lot: Lot, message: string) {
  const request = new FormData()
  request.set('lotId', String(lot.id))
  request.set('name', user.name)
  request.set('email', user.email)
  request.set('phone', '+60123456789')
  request.set('requestMessage', message)
  // The privacy notice's box, ticked (backend/app/bookings/consent.ts).
  request.set('consent', 'true')
  request.set('icFront', new Blob([PNG_BYTES], { type: 'image/png' }), 'ic-front.png')
  request.set('icBack', new Blob([PNG_BYTES], { type: 'image/png' }), 'ic-back.png')
  return member.call<{ id: number; status: string }>('POST', '/api/bookings/request', request)
}

/** Any lot still available that no other journey holds, now held by this one. */
async function availableLot(): Promise<Lot> {
  const lot = claimFirst((await hubLots(baseURL)).filter(bookableByAnyone))
  if (!lot) throw new Error('No available lot left to book')
  return lot
}

describe('My Bookings on the user dashboard', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('shows a booking with its documents and history, cancels it, and the lot is available again', async () => {
    const { page } = session
    const { user, member } = await approvedMember(page)
    const lot = await availableLot()

    const booking = await requestLot(member, user, lot, 'For our workshop.')
    expect(booking.status).toBe('pending_agent')

    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    // Overview counts.
    const overview = page.getByRole('article').filter({ hasText: 'Booking Overview' })
    expect(await overview.locator('.stat').filter({ hasText: 'Total' }).locator('dd').textContent()).toBe('1')
    expect(await overview.locator('.stat').filter({ hasText: 'Pending' }).locator('dd').textContent()).toBe('1')

    await page.getByRole('link', { name: 'My Bookings', exact: true }).click()
    await page.waitForURL(/tab=bookings/)
    await page.getByRole('link', { name: 'Pending (1)' }).waitFor()
    const row = page.getByRole('row').filter({ hasText: lot.unitNumber })
    await row.getByText('Pending Agency Approval').waitFor()
    await row.getByText('Booking Tester').waitFor()

    // The filter and the search narrow the list.
    await page.getByRole('link', { name: 'Approved (0)' }).click()
    await page.getByText('No Bookings Found').waitFor()
    await page.getByRole('link', { name: 'Book Now' }).waitFor()
    await page.getByRole('link', { name: 'All (1)' }).click()
    await page.waitForURL((url) => !url.searchParams.has('status'))
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill('no such lot anywhere')
    await page.getByText('No Bookings Found').waitFor()
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill(lot.unitNumber)
    await row.waitFor()

    // The details: the lot, the request, the documents behind their private URLs, the history.
    await row.getByRole('link', { name: /View/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Booking Details' })
    await dialog.waitFor()
    await dialog.getByText('For our workshop.').waitFor()
    await dialog.getByText('IC front', { exact: true }).waitFor()
    await dialog.getByText('IC back', { exact: true }).waitFor()
    const viewHref = await dialog.getByRole('link', { name: /^View ic-front/ }).getAttribute('href')
    expect(viewHref).toMatch(new RegExp(`^/api/uploads/documents/${booking.id}/\\d+$`))
    const fetched = await page.evaluate(async (href) => {
      const response = await fetch(href!)
      return { status: response.status, type: response.headers.get('Content-Type') }
    }, viewHref)
    expect(fetched).toEqual({ status: 200, type: 'image/png' })
    const downloadHref = await dialog.getByRole('link', { name: /^Download ic-back/ }).getAttribute('href')
    expect(downloadHref).toMatch(/\?download=1$/)
    await dialog.locator('.status-history').getByText('Pending Agency Approval').waitFor()

    // Cancel while pending, after confirming in the product's dialog (never the browser's confirm()).
    const browserDialogs: string[] = []
    page.on('dialog', (native) => {
      browserDialogs.push(native.message())
      void native.dismiss()
    })
    await dialog.getByRole('button', { name: /Cancel Booking/ }).click()
    const confirmation = page.getByRole('dialog', { name: 'Cancel booking?' })
    await confirmation.waitFor()
    // The dialog moves focus once the page's scripts run (on a loaded machine the click can
    // come first, and the server renders the step): wait for focus to land on the safe choice.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Keep booking', null, {
      timeout: 15_000,
    })
    await confirmation.getByRole('button', { name: 'Yes, cancel booking' }).click()
    await page.getByText('Booking cancelled successfully').waitFor()
    // The dialogs close as the page reloads its data (the live update of the cancellation too).
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0)
    await row.getByText('Cancelled').waitFor()
    await page.getByRole('link', { name: 'Cancelled (1)' }).waitFor()
    expect(await row.getByRole('button', { name: /Cancel/ }).count()).toBe(0)
    expect(browserDialogs).toEqual([])
    // The success message goes away after three seconds.
    await page.getByText('Booking cancelled successfully').waitFor({ state: 'detached', timeout: 5000 })

    const freed = (await (await fetch(`${baseURL}/api/lots/${lot.id}`)).json()) as Lot
    expect(freed.status).toBe('available')
  })

  it("a booking id that is not the user's, or gone, says so in the dialog", async () => {
    const { page } = session
    const user = { name: 'Nosy Parker', email: freshEmail('nosy'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings&booking=999999`)
    await page
      .getByRole('dialog', { name: 'Booking Details' })
      .getByText('Booking not found. It may have already been cancelled or processed.')
      .waitFor()
    await page.getByText('No Bookings Found').waitFor()
    // Escape closes the dialog.
    await page.keyboard.press('Escape')
    await page.waitForURL(`${baseURL}/enhanced-dashboard?tab=bookings`)
  })

  it('views and cancels a booking without JavaScript', async () => {
    const { user, member } = await approvedMember(session.page)
    const lot = await availableLot()
    await requestLot(member, user, lot, 'Plain HTML booking.')

    const plain = await openBrowserWithoutScripts()
    try {
      const { page } = plain
      await page.goto(`${baseURL}/login`)
      await logIn(page, user.email, user.password)
      await page.waitForURL(`${baseURL}/enhanced-dashboard`)
      await page.getByRole('link', { name: 'My Bookings', exact: true }).click()
      const row = page.getByRole('row').filter({ hasText: lot.unitNumber })
      await row.getByRole('link', { name: /View/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Booking Details' })
      await dialog.getByText('Plain HTML booking.').waitFor()
      await dialog.getByRole('link', { name: 'Close' }).click()
      expect(await page.getByRole('dialog').count()).toBe(0)

      await row.getByRole('button', { name: /Cancel/ }).click()
      await page
        .getByRole('dialog', { name: 'Cancel booking?' })
        .getByRole('button', { name: 'Yes, cancel booking' })
        .click()
      await page.getByText('Booking cancelled successfully').waitFor()
      await row.getByText('Cancelled').waitFor()
    } finally {
      await plain.close()
    }
  })
})
