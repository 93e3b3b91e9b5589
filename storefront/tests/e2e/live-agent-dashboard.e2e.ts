import type { BrowserContext, Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { Api, SUPER_ADMIN, openBackoffice, unique } from './backoffice-admin-support.ts'
import { FRESH_PASSWORD, freshUser, highestAvailableLot, type FreshUser } from './backoffice-agent-support.ts'
import { markDocument, notReloaded, subscribed } from './live-support.ts'

const baseURL = inject('baseURL')
/**
 * The other live journeys allow two seconds for a committed change to reach an open page; the
 * dashboard first waits 400 ms for the rest of a burst (useLiveRefresh), then loads its counts.
 */
const LIVE_WITHIN_MS = 3_000

type Session = Awaited<ReturnType<typeof openBrowser>>

/**
 * An agency of the journey's own, with a fresh agent admin and an approved member: no other
 * journey books for it, so its dashboard's counts move only with what this journey does.
 */
async function ownAgency(): Promise<{ agent: FreshUser; member: FreshUser }> {
  const [admin, agent, member] = await Promise.all([
    Api.signIn(baseURL, SUPER_ADMIN),
    freshUser(baseURL, 'Live Count Agent'),
    freshUser(baseURL, 'Live Count Member'),
  ])
  const agency = await admin.call<{ id: number }>('POST', '/api/agencies', {
    name: `Live Count Agency ${unique()}`,
    contactEmail: 'live.count@journey.example.my',
  })
  await Promise.all([
    admin.call('POST', `/api/agencies/${agency.id}/agent-admins`, { userId: agent.id }),
    member.api.call('POST', '/api/users/request-agency', { agencyId: agency.id, requestMessage: 'Joining.' }),
  ])
  await agent.api.call('PUT', `/api/users/${member.id}/agency-request/approve`, {})
  return { agent, member }
}

async function signInAs(context: BrowserContext, email: string) {
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password: FRESH_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()}`)
}

/** The Overview's count card `label`, showing exactly `value`. */
function count(page: Page, label: string, value: number) {
  return page
    .getByRole('region', { name: 'Agency Overview' })
    .getByRole('link')
    .filter({ has: page.getByRole('heading', { name: label }) })
    .getByText(String(value), { exact: true })
}

describe('the agent dashboard, live', () => {
  let agentSession: Session
  let memberSession: Session
  let people: Awaited<ReturnType<typeof ownAgency>>

  beforeEach(async () => {
    ;[agentSession, memberSession, people] = await Promise.all([openBrowser(), openBrowser(), ownAgency()])
  })

  afterEach(async () => {
    await Promise.all([agentSession.close(), memberSession.close()])
  })

  it("an agent admin's open Overview counts a member's new request, then their own decision, without a reload", async () => {
    const { agent, member } = people
    const lot = await highestAvailableLot(baseURL)
    const dashboard = agentSession.page
    const storefront = memberSession.page

    await Promise.all([
      // The agent admin has their dashboard open: nothing waits for them yet.
      (async () => {
        await signInAs(agentSession.context, agent.email)
        const listening = subscribed(dashboard)
        await openBackoffice(dashboard, baseURL, '/')
        await listening
        await count(dashboard, 'Pending Bookings', 0).waitFor()
        await markDocument(dashboard)
      })(),
      // The member fills in the booking form on the storefront, in a browser of their own.
      (async () => {
        await signInAs(memberSession.context, member.email)
        await storefront.goto(`${baseURL}/book/${lot.id}`)
        await storefront.getByLabel(/^Phone/).fill('+60 12 345 6789')
        await storefront.getByRole('checkbox', { name: /consent/ }).check()
      })(),
    ])

    await storefront.getByRole('button', { name: 'Submit booking request' }).click()
    await storefront.getByText('Booking request submitted successfully!').waitFor()
    await count(dashboard, 'Pending Bookings', 1).waitFor({ timeout: LIVE_WITHIN_MS })

    // The agent declines it elsewhere (another tab, their phone): it leaves their queue, and the
    // lot is free again for the hub's journeys, which run after this one.
    const requests = await agent.api.call<Array<{ id: number; lotId: number }>>(
      'GET',
      `/api/bookings/agent?range=${encodeURIComponent('[0,9]')}`
    )
    expect(requests.map((booking) => booking.lotId)).toEqual([lot.id])
    await agent.api.call('PUT', `/api/bookings/${requests[0]!.id}/agent-response`, {
      action: 'reject',
      agentNotes: 'Not this time.',
    })

    await count(dashboard, 'Pending Bookings', 0).waitFor({ timeout: LIVE_WITHIN_MS })
    expect(await notReloaded(dashboard)).toBe(true)
  })
})
