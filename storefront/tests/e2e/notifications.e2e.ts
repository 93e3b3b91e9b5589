import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { FRESH_PASSWORD, approvedMember, highestAvailableLot, memberRequestsLot } from './backoffice-agent-support.ts'
import { markDocument, notReloaded } from './live-support.ts'

const baseURL = inject('baseURL')
/**
 * A notice is delivered by a queued job, which an idle worker picks up within its 2 s idle delay
 * (config/queue.ts), then pushed live: it reaches the open pages within about 2.5 s; the journey
 * allows twice that.
 */
const LIVE_WITHIN_MS = 5_000
/**
 * The agent's booking requests, newest first: the list defaults to oldest-waiting first (approval
 * time limits), so after earlier journeys a new request would not be on page 1. react-admin reads
 * the list's sort from the URL (`sort`, `order`) and keeps it for the rest of the visit.
 * The lists mask the client's email (a•••@domain): rows are found by the member's name, unique to the run.
 */
const REQUESTS_NEWEST_FIRST = '/agent/booking-requests?sort=createdAt&order=DESC'

type Session = Awaited<ReturnType<typeof openBrowser>>

/** Resolves once the page's bell has subscribed to the person's notifications channel over the live stream. */
function bellSubscribed(page: Page) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/__transmit/subscribe') &&
      response.ok() &&
      (response.request().postData() ?? '').includes('/notifications')
  )
}

/** The bell's button, as its accessible name tells the unread count (both apps say it the same way). */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true })

/**
 * Everyone hears what happened (docs/notifications.md): the agent admin's bell in the
 * backoffice and the member's bell in the storefront header count each step live, pages
 * already open, no reload.
 */
describe('notifications in real browsers', () => {
  let agentSession: Session
  let memberSession: Session

  beforeEach(async () => {
    agentSession = await openBrowser()
    memberSession = await openBrowser()
  })

  afterEach(async () => {
    await agentSession.close()
    await memberSession.close()
  })

  it("the agent admin's bell counts a member's request live, approves it, and the member's bell shows the approval", async () => {
    const member = await approvedMember(baseURL, 'Bell Member')
    const agentApi = await Api.signIn(baseURL, AGENT_ADMIN)
    // Notices are delivered by a job after their change commits: the membership decision's reaching the
    // member means the request's (written before it) reached the agent admin.
    await expect
      .poll(() => member.api.call<{ unread: number }>('GET', '/api/notifications/unread-count'), { timeout: 15_000 })
      .toMatchObject({ unread: 1 })
    // Earlier journeys (and this member's own membership) left notifications: start both bells at zero.
    expect((await agentApi.send('POST', '/api/notifications/read-all', {})).status).toBe(200)
    await member.api.call('POST', '/api/notifications/read-all', {})

    // The agent admin's backoffice is open on the booking requests.
    const agentPage = agentSession.page
    await signInBrowser(agentSession.context, baseURL, AGENT_ADMIN)
    const agentListening = bellSubscribed(agentPage)
    await openBackoffice(agentPage, baseURL, REQUESTS_NEWEST_FIRST)
    await agentListening
    await bell(agentPage, 0).waitFor()
    await markDocument(agentPage)

    // The member's storefront is open on their dashboard.
    const memberPage = memberSession.page
    const login = await memberSession.context.request.post(`${baseURL}/api/auth/login`, {
      data: { email: member.email, password: FRESH_PASSWORD },
      headers: { Accept: 'application/json' },
    })
    expect(login.ok()).toBe(true)
    const memberListening = bellSubscribed(memberPage)
    await memberPage.goto(`${baseURL}/dashboard`)
    await memberListening
    await bell(memberPage, 0).waitFor()
    await markDocument(memberPage)

    // The member requests a lot (with the privacy notice's consent): the agent's bell counts it.
    const lot = await highestAvailableLot(baseURL)
    const booking = await memberRequestsLot(member, lot, 'Heard by the bell.', true)
    expect(booking.status).toBe('pending_agent')
    await bell(agentPage, 1).waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await notReloaded(agentPage)).toBe(true)
    await agentPage.getByTestId('bell-count').getByText('1').waitFor()

    // The agent opens the bell: the request is there, named by its lot; opening it marks it read
    // and goes to that booking (its details, on the booking requests page), in the same document.
    await bell(agentPage, 1).click()
    const agentPanel = agentPage.getByRole('region', { name: 'Notifications' })
    // Named by the member too: another journey may have requested the same lot earlier.
    await agentPanel
      .getByRole('button')
      .filter({ hasText: `New booking request: ${lot.unitNumber}` })
      .filter({ hasText: member.name })
      .click()
    await agentPage.waitForURL(`**/backoffice/agent/booking-requests?booking=${booking.id}`)
    const details = agentPage.getByRole('dialog', { name: /Booking Request Details/ })
    await details.getByText(lot.unitNumber!, { exact: false }).first().waitFor()
    await details.getByText(member.name).first().waitFor()
    expect(await notReloaded(agentPage)).toBe(true)

    // The agent approves it there.
    await details.getByRole('button', { name: 'Approve' }).click()
    await agentPage.getByText('Booking request approved successfully').waitFor()
    // The dialog closed: the bell (behind it until now) counts the opened notification as read.
    await bell(agentPage, 0).waitFor()

    // The member's open page hears it: the bell counts one, and lists the approval with its notes.
    await bell(memberPage, 1).waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await notReloaded(memberPage)).toBe(true)
    await bell(memberPage, 1).click()
    const memberPanel = memberPage.getByRole('region', { name: 'Notifications' })
    const approval = memberPanel.getByText(
      `Your booking was approved by your agency and forwarded to the developer: ${lot.unitNumber}`,
      { exact: false }
    )
    await approval.waitFor()
    await memberPanel.getByText('Booking request approved by agent', { exact: false }).waitFor()
    expect(await notReloaded(memberPage)).toBe(true)

    // Opening it goes to the booking: its details on the member's dashboard, now with the developer.
    await approval.click()
    await memberPage.waitForURL(`**/dashboard?booking=${booking.id}`)
    const memberDetails = memberPage.getByRole('dialog', { name: 'Booking Details' })
    await memberDetails.getByText(lot.unitNumber!, { exact: false }).first().waitFor()
    await memberDetails.getByText('Pending Admin Approval').first().waitFor()
    await bell(memberPage, 0).waitFor()
  })
})
