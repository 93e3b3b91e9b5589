import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, hubLot, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { highestAvailableLot } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

interface BookingRecord {
  id: number
  status: string
  unitNumber: string | null
}

/** The agent's client, looked up by their exact email as the create-booking form does. */
async function findClient(agent: Api, email: string): Promise<{ id: number; email: string }> {
  return agent.call<{ id: number; email: string }>('GET', `/api/users/lookup?identifier=${encodeURIComponent(email)}`)
}

describe('the super admin processes booking requests in the backoffice', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('books the pending_admin request of MKS-20; the hub then shows the lot booked', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/bookings')

    await page.getByRole('tab', { name: 'Pending' }).click()
    const row = page.getByRole('row', { name: /MKS-20/ })
    await row.getByText('Pending Your Approval').waitFor()
    await row.getByText('Nilai Prime Realty').waitFor()

    await row.getByRole('button', { name: 'View Details' }).click()
    const details = page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByRole('region', { name: 'Property Information' }).getByText('MKS-20 · Lot 20').waitFor()
    await details.getByRole('region', { name: 'Client Information' }).getByText('Aisyah Rahman').waitFor()
    await details.getByText(/Client paid the booking fee by cheque/).waitFor()
    await details
      .getByRole('region', { name: 'Status History' })
      .getByText(/Pending Your Approval/)
      .waitFor()
    await details.getByRole('button', { name: 'Process' }).click()

    const process = page.getByRole('dialog', { name: 'Process Booking Request' })
    await process.getByRole('button', { name: 'Submit' }).click()
    await process.getByText('Please select an action (booked, sold, or reject)').waitFor()
    await process.getByRole('radio', { name: /Booked/ }).check()
    await process.getByLabel('Notes (optional)').fill('Cheque cleared.')
    await process.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Booking confirmed and marked as booked. Lot status updated to booked.').waitFor()

    // The list reloads after processing: MKS-20 is no longer pending.
    await row.waitFor({ state: 'detached' })
    await page.getByRole('tab', { name: 'Approved' }).click()
    await page
      .getByRole('row', { name: /MKS-20/ })
      .getByText('Booked')
      .waitFor()

    expect((await hubLot(baseURL, 'MKS-20')).status).toBe('booked')
  })

  it("rejects an agent's new request for the highest-numbered available lot; the lot is available again", async () => {
    const { page, context } = session
    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    const client = await findClient(agent, 'user@aero-demo.my')
    const lot = await highestAvailableLot(baseURL)
    const booking = await agent.call<BookingRecord>('POST', '/api/bookings', {
      userId: client.id,
      lotId: lot.id,
      notes: 'Client wants to reserve it today.',
      consent: true,
    })
    expect(booking.status).toBe('pending_admin')
    expect((await hubLot(baseURL, lot.unitNumber!)).status).not.toBe('available')

    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/bookings')
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(booking.id), exact: true }) })
      .filter({ hasText: lot.unitNumber! })
    await row.getByText('Pending Your Approval').waitFor()
    await row.getByRole('button', { name: 'Process' }).click()
    const process = page.getByRole('dialog', { name: 'Process Booking Request' })
    await process.getByRole('radio', { name: /Reject/ }).check()
    await process.getByLabel('Notes (optional)').fill('The client withdrew.')
    await process.getByRole('button', { name: 'Submit' }).click()
    await page.getByText('Booking rejected. Lot returned to available.').waitFor()
    expect((await hubLot(baseURL, lot.unitNumber!)).status).toBe('available')

    // The list is oldest-waiting first, so the decided booking moves to its end (another page once
    // the run has made more than 25): its details say Rejected and offer no Process.
    await openBackoffice(page, baseURL, `/admin/bookings?booking=${booking.id}`)
    const details = page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText('Rejected', { exact: true }).first().waitFor()
    expect(await details.getByRole('button', { name: 'Process', exact: true }).count()).toBe(0)

    // A rejected booking cannot be processed: its allowedActions offer no Process, and the API answers 409.
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const again = await admin.send('PUT', `/api/bookings/${booking.id}/status-update`, { status: 'approved' })
    expect(again.status).toBe(409)
  })

  it('lists every booking with search and filters, and exports them as CSV', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, SUPER_ADMIN)
    await openBackoffice(page, baseURL, '/admin/all-bookings')

    // Journeys running beside this one add bookings: the seeded ones are found by search, not by page.
    const search = page.getByPlaceholder('Search client, email or unit')
    await search.fill('MKS-03')
    await page.getByRole('row', { name: /MKS-03/ }).waitFor()
    await search.fill('MKS-12')
    await page
      .getByRole('row', { name: /MKS-12/ })
      .getByText('Sold')
      .waitFor()
    await page.getByRole('row', { name: /MKS-03/ }).waitFor({ state: 'detached' })
    await search.fill('')
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(3)

    // Every booking, counted just before and just after the export: the journeys beside this one
    // may add bookings meanwhile.
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const total = async () => {
      const all = await admin.send('GET', `/api/bookings/admin?range=${encodeURIComponent('[0,0]')}`)
      return Number(all.headers.get('content-range')?.split('/')[1])
    }
    const before = await total()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ])
    const after = await total()
    expect(download.suggestedFilename()).toBe('bookings.csv')
    const lines = readFileSync((await download.path())!, 'utf8').split('\r\n')
    expect(lines[0]).toBe(
      'Booking ID,Reference,Unit,Lot Number,Type,Price (RM),Discount (RM),Net Price (RM),Packages,Client,Client Email,Requested By,Agency,Status,Status Code,Created,Updated,Fee Amount (RM),Fee Method,Fee Status,Fee Received Date'
    )
    expect(before).toBeGreaterThan(3)
    expect(lines.length - 1).toBeGreaterThanOrEqual(before)
    expect(lines.length - 1).toBeLessThanOrEqual(after)
    expect(lines.some((line) => line.includes(',MKS-03,3,'))).toBe(true)
  })
})
