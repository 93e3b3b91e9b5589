import type { BrowserContext } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { FRESH_PASSWORD, approvedMember, highestAvailableLot, memberRequestsLot } from './backoffice-agent-support.ts'
import { markDocument, notReloaded, subscribed } from './live-support.ts'

const baseURL = inject('baseURL')
/** A committed change reaches the open pages within a second; the journeys allow two. */
const LIVE_WITHIN_MS = 2_000
/**
 * The agent's booking requests, newest first: the list defaults to oldest-waiting first (approval
 * time limits), so after earlier journeys a new request would not be on page 1. react-admin reads
 * the list's sort from the URL (`sort`, `order`), without changing the product's default.
 * The lists mask the client's email (a•••@domain): rows are found by the member's name, unique to the run.
 */
const REQUESTS_NEWEST_FIRST = '/agent/booking-requests?sort=createdAt&order=DESC'

async function signInAs(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password },
    headers: { Accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`)
}

/** The private channels in real browsers: each hears its own bookings, as they change. */
describe('live booking lists', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it("an agent admin's open booking requests page shows a member's new request without a reload", async () => {
    const { page, context } = session
    const member = await approvedMember(baseURL, 'Live Requester')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    const listening = subscribed(page)
    await openBackoffice(page, baseURL, REQUESTS_NEWEST_FIRST)
    await listening
    await page.getByRole('tab', { name: 'Pending Approval' }).click()
    await markDocument(page)
    const row = page.getByRole('row').filter({ hasText: member.name })
    expect(await row.count()).toBe(0)

    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Heard live by the agency.', true)
    expect(booking.status).toBe('pending_agent')

    await row
      .filter({ hasText: lot.unitNumber! })
      .getByText('Pending Your Approval')
      .waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await notReloaded(page)).toBe(true)
  })

  it("a member's open My Bookings follows the agent admin's decision without a reload", async () => {
    const { page, context } = session
    const member = await approvedMember(baseURL, 'Live Watcher')
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Watching my own booking.', true)

    await signInAs(context, member.email, FRESH_PASSWORD)
    const listening = subscribed(page)
    await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    await listening
    const row = page.getByRole('row').filter({ hasText: lot.unitNumber! })
    await row.getByText('Pending Agency Approval').waitFor()
    await markDocument(page)

    const agent = await Api.signIn(baseURL, AGENT_ADMIN)
    const answer = await agent.send('PUT', `/api/bookings/${booking.id}/agent-response`, { action: 'approve' })
    expect(answer.status).toBe(200)

    await row.getByText('Pending Admin Approval').waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await notReloaded(page)).toBe(true)
  })
})
