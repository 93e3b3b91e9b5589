import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import {
  FRESH_PASSWORD,
  NILAI,
  approvedMember,
  choose,
  highestAvailableLot,
  memberRequestsLot,
  pngBytes,
} from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>
type FeeTotal = { count: number; amount: number }
type FeesReport = { byAgency: Array<{ agencyName: string; received: FeeTotal }> }

/** The agent's booking requests, newest first (the list defaults to oldest-waiting first). */
const REQUESTS_NEWEST_FIRST = '/agent/booking-requests?sort=createdAt&order=DESC'

/** "RM 12,345", as both apps show amounts. */
const rm = (amount: number) => `RM ${amount.toLocaleString('en-US')}`

/** A date two days back (YYYY-MM-DD): in the past wherever the browser and the server keep their clocks. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

/** What the super admin's report says Nilai Prime Realty has received so far (GET /api/booking-fees/report). */
async function nilaiReceived(admin: Api): Promise<FeeTotal> {
  const report = await admin.call<FeesReport>('GET', '/api/booking-fees/report')
  return report.byAgency.find((row) => row.agencyName === NILAI)?.received ?? { count: 0, amount: 0 }
}

/**
 * The booking fee on record across the three people who see it: the agent admin
 * records it with a receipt in the booking's details, the super admin finds it in the Booking
 * Fees report, and the member reads it (and only reads it) in My Bookings.
 */
describe('the booking fee in real browsers', () => {
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

  it('the agent admin records a fee with its receipt, the super admin sees it in the report, the member sees it read only', async () => {
    const member = await approvedMember(baseURL, 'Fee Member')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Paying the booking fee by transfer.', true)
    expect(booking.status).toBe('pending_agent')
    const admin = await Api.signIn(baseURL, SUPER_ADMIN)
    const before = await nilaiReceived(admin)
    const amount = 2_345
    const reference = `TRX-${booking.id}-${Date.now().toString(36)}`
    const receivedOn = daysAgo(2)

    // The agent admin opens the request's details from the booking requests list and records the fee.
    const agent = await open()
    await signInBrowser(agent.context, baseURL, AGENT_ADMIN)
    await openBackoffice(agent.page, baseURL, REQUESTS_NEWEST_FIRST)
    const row = agent.page.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await row.getByRole('button', { name: 'View Details' }).click()
    const details = agent.page.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText('No booking fee recorded yet.').waitFor()
    await details.getByRole('button', { name: 'Record Fee' }).click()
    const form = details.getByRole('form', { name: 'Booking fee form' })
    await form.getByLabel('Amount (RM)').fill(String(amount))
    await choose(agent.page, /^Method/, 'Bank transfer')
    await form.getByLabel('Reference').fill(reference)
    await choose(agent.page, /^Fee Status/, 'Received')
    await form.getByLabel(/^Date Received/).fill(receivedOn)
    await form.getByLabel('Receipt file').setInputFiles({
      name: 'fee-receipt.png',
      mimeType: 'image/png',
      buffer: pngBytes(120, 80, [30, 140, 70]),
    })
    await form.getByText('Receipt: fee-receipt.png').waitFor()
    await form.getByRole('button', { name: 'Save Fee' }).click()
    await agent.page.getByText('Booking fee recorded').first().waitFor()
    await details.getByText(rm(amount)).waitFor()
    await details.getByText(reference).waitFor()
    await details.getByRole('link', { name: 'View receipt' }).waitFor()
    expect(await details.getByRole('link', { name: 'View receipt' }).textContent()).toBe('fee-receipt.png')
    expect(await details.getByRole('button', { name: 'Edit Fee' }).count()).toBe(1)

    // The super admin's Booking Fees report counts it under the agency, as received.
    const developer = await open()
    await signInBrowser(developer.context, baseURL, SUPER_ADMIN)
    await openBackoffice(developer.page, baseURL, '/booking-fees')
    const byAgency = developer.page.getByRole('table', { name: 'Totals by agency' })
    const nilai = byAgency.getByRole('row').filter({ hasText: NILAI })
    // Columns: Agency, Expected, Received, Refunded, All fees.
    await expect
      .poll(async () => nilai.getByRole('cell').nth(2).textContent())
      .toBe(`${rm(before.amount + amount)} (${before.count + 1})`)

    // The member reads it in My Bookings' details: amount, status, method, reference, receipt; no form.
    const requester = await open()
    const login = await requester.context.request.post(`${baseURL}/api/auth/login`, {
      data: { email: member.email, password: FRESH_PASSWORD },
      headers: { Accept: 'application/json' },
    })
    expect(login.ok()).toBe(true)
    await requester.page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    const myRow = requester.page.getByRole('row').filter({ hasText: lot.unitNumber! })
    await myRow.getByRole('link', { name: /View/ }).click()
    const mine = requester.page.getByRole('dialog', { name: 'Booking Details' })
    const fee = mine.getByRole('region', { name: 'Booking fee' })
    await fee.getByText(rm(amount)).waitFor()
    await fee.getByText('Received', { exact: true }).waitFor()
    await fee.getByText('Bank transfer').waitFor()
    await fee.getByText(reference).waitFor()
    const receipt = fee.getByRole('link', { name: /^View receipt fee-receipt\.png/ })
    const href = await receipt.getAttribute('href')
    expect(href).toBeTruthy()
    const file = await requester.context.request.get(new URL(href!, baseURL).toString())
    expect(file.status()).toBe(200)
    expect((await file.body()).subarray(1, 4).toString('latin1')).toBe('PNG')
    // Read only: nothing in the section edits the fee.
    expect(await fee.getByRole('button').count()).toBe(0)
    expect(await fee.getByRole('textbox').count()).toBe(0)
    expect(await fee.getByRole('form').count()).toBe(0)
  })
})
