import type { Locator } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import {
  FRESH_PASSWORD,
  approvedMember,
  choose,
  highestAvailableLot,
  memberRequestsLot,
} from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

type Session = Awaited<ReturnType<typeof openBrowser>>
type HeldBooking = {
  id: number
  status: string
  heldUntil: string | null
  holdExtendedAt: string | null
  holdExtensionReason: string | null
  history?: Array<{ notes: string | null }>
}
type DevelopmentHold = { id: number; holdMinutes: number | null }

/** The agent's booking requests, newest first (the list defaults to oldest-waiting first). */
const REQUESTS_NEWEST_FIRST = '/agent/booking-requests?sort=createdAt&order=DESC'
/**
 * The journey's hold: launch day's 30 minutes, so that the countdown shows (and ticks) minutes
 * and seconds, before and after a 15-minute extension.
 */
const HOLD_MINUTES = 30

/**
 * "Held until <date time>" with its countdown to the server's deadline (the `time` element's
 * `datetime` is the deadline as the API gave it) and a countdown that moves second by second.
 */
async function expectLiveCountdown(scope: Locator, heldUntil: string) {
  await scope.getByText('Held until', { exact: false }).first().waitFor()
  expect(await scope.locator(`time[datetime="${heldUntil}"]`).count()).toBeGreaterThan(0)
  const timer = scope.getByRole('timer').first()
  const first = await timer.textContent()
  expect(first).toMatch(/^\(\d{2}:\d{2} left\)$/)
  // Under an hour: mm:ss, within a minute of what the server's deadline leaves.
  const [, mm, ss] = /(\d{2}):(\d{2})/.exec(first!)!
  const shownMs = (Number(mm) * 60 + Number(ss)) * 1000
  expect(Math.abs(Date.parse(heldUntil) - Date.now() - shownMs)).toBeLessThan(60_000)
  await expect.poll(() => timer.textContent(), { timeout: 3_000 }).not.toBe(first)
}

/**
 * Holds with a clock (docs/decisions/020-booking-hold-clock.md) in real browsers: the member and
 * the agent admin each see the pending booking held until the server's deadline, counting down;
 * the agent admin extends the hold once, with a reason, and is not offered a second extension.
 */
describe('holds with a clock in real browsers', () => {
  const sessions: Session[] = []
  let admin: Api
  let development: DevelopmentHold | undefined

  beforeEach(async () => {
    sessions.length = 0
    development = undefined
    admin = await Api.signIn(baseURL, SUPER_ADMIN)
  })

  afterEach(async () => {
    for (const session of sessions) await session.close()
    // The development's own hold length back as it was, for the journeys after this one.
    if (development) {
      const restored = await admin.send('PUT', `/api/developments/${development.id}/hold`, {
        holdMinutes: development.holdMinutes,
      })
      expect(restored.status).toBe(200)
    }
  })

  it("shows a pending booking's hold counting down to the member and the agent admin, who extends it once with a reason", async () => {
    const member = await approvedMember(baseURL, 'Hold Member')
    const lot = (await highestAvailableLot(baseURL)) as Awaited<ReturnType<typeof highestAvailableLot>> & {
      developmentId: number
    }
    // The super admin sets the lot's development to hold for 30 minutes (launch-day holds are short).
    const holds = await admin.call<DevelopmentHold[]>('GET', '/api/developments/holds')
    development = holds.find((candidate) => candidate.id === lot.developmentId)
    expect(development).toBeDefined()
    await admin.call('PUT', `/api/developments/${lot.developmentId}/hold`, { holdMinutes: HOLD_MINUTES })

    const requested = await memberRequestsLot(member, lot, 'Hold it for me, please.', true)
    expect(requested.status).toBe('pending_agent')
    const booking = await member.api.call<HeldBooking>('GET', `/api/bookings/${requested.id}`)
    const heldUntil = booking.heldUntil!
    expect(Math.abs(Date.parse(heldUntil) - Date.now() - HOLD_MINUTES * 60_000)).toBeLessThan(120_000)

    // The member's My Bookings: held until the server's deadline, counting down.
    const requester = await openBrowser()
    sessions.push(requester)
    const login = await requester.context.request.post(`${baseURL}/api/auth/login`, {
      data: { email: member.email, password: FRESH_PASSWORD },
      headers: { Accept: 'application/json' },
    })
    expect(login.ok()).toBe(true)
    await requester.page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    const myRow = requester.page.getByRole('row').filter({ hasText: lot.unitNumber! })
    await expectLiveCountdown(myRow, heldUntil)

    // The agent admin's booking requests list: the same deadline, counting down.
    const agent = await openBrowser()
    sessions.push(agent)
    await signInBrowser(agent.context, baseURL, AGENT_ADMIN)
    await openBackoffice(agent.page, baseURL, REQUESTS_NEWEST_FIRST)
    const row = agent.page.getByRole('row').filter({ hasText: member.name }).filter({ hasText: lot.unitNumber! })
    await expectLiveCountdown(row, heldUntil)

    // The agent admin extends it by 15 minutes from the booking's details, giving the reason.
    await row.getByRole('button', { name: 'View Details' }).click()
    const details = agent.page.getByRole('dialog', { name: /Booking Request Details/ })
    await expectLiveCountdown(details, heldUntil)
    await details.getByRole('button', { name: 'Extend hold' }).click()
    const extend = agent.page.getByRole('dialog', { name: 'Extend hold' })
    await extend.getByText('A hold can be extended once.', { exact: false }).waitFor()
    // Without a reason, nothing is sent.
    await extend.getByRole('button', { name: 'Extend hold' }).click()
    await extend.getByText('A reason is required to extend a hold').waitFor()
    await choose(agent.page, 'Extend by', '15 minutes')
    const reason = 'Cheque clearing on Monday, confirmed by the bank.'
    await extend.getByLabel(/^Reason/).fill(reason)
    await extend.getByRole('button', { name: 'Extend hold' }).click()
    await agent.page.getByText('Hold extended. Held until', { exact: false }).waitFor()
    await extend.waitFor({ state: 'detached' })

    // The server moved the deadline by 15 minutes and recorded the step in the booking's history.
    const extended = await admin.call<HeldBooking>('GET', `/api/bookings/${booking.id}`)
    expect(Date.parse(extended.heldUntil!) - Date.parse(heldUntil)).toBe(15 * 60_000)
    expect(extended.holdExtensionReason).toBe(reason)
    expect(extended.history?.some((change) => change.notes?.includes(reason))).toBe(true)

    // The details now count down to the new deadline and say why; no second extension is offered.
    await details.getByText(`: ${reason}`, { exact: false }).first().waitFor()
    await expectLiveCountdown(details, extended.heldUntil!)
    expect(await details.getByRole('button', { name: 'Extend hold' }).count()).toBe(0)
    // Nor does the API allow one.
    const agentApi = await Api.signIn(baseURL, AGENT_ADMIN)
    const again = await agentApi.send('POST', `/api/bookings/${booking.id}/extend-hold`, {
      minutes: 15,
      reason: 'One more time.',
    })
    expect(again.status).toBe(409)
    expect(((await again.json()) as { message: string }).message).toBe('This hold has already been extended once.')

    // The member's page, loaded again, counts down to the new deadline too.
    await requester.page.reload()
    await expectLiveCountdown(myRow, extended.heldUntil!)
  })
})
