import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, openBackoffice, signInBrowser } from './backoffice-admin-support.ts'
import { NILAI, applicant, approvedMember } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

interface Me {
  agencyStatus: string
  agencyName: string | null
  canRequestBookings: boolean
}

describe("the agent admin's dashboard and agency membership", () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('lands on the agent dashboard from /agent-dashboard, with the agent sidebar and the agency overview', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, AGENT_ADMIN)
    // The storefront's /agent-dashboard sends the browser to the backoffice's.
    await page.goto(`${baseURL}/agent-dashboard`)
    await page.waitForURL(`${baseURL}/backoffice/`)
    await page.getByRole('heading', { name: 'Welcome, Farid Hassan' }).waitFor()

    const sidebar = page.getByRole('menu')
    await sidebar.getByRole('menuitem', { name: 'My Properties' }).waitFor()
    expect(await sidebar.getByRole('menuitem').allTextContents()).toEqual([
      'Dashboard',
      'Agency Membership Requests',
      'Booking Requests',
      'Create Booking',
      'Waitlist',
      'My Properties',
      'My Profile',
    ])
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Overview',
      'Agency Users',
      'Booking Requests',
      'Booking History',
      'Agency Requests',
    ])

    const info = page.getByRole('region', { name: 'Agency Information' })
    await info.getByText(NILAI).waitFor()
    await info.getByText('hello@nilaiprime.example.my').waitFor()
    await info.getByText('+60 6-799 1200').waitFor()
    const overview = page.getByRole('region', { name: 'Agency Overview' })
    await overview.getByRole('heading', { name: 'Agency Members' }).waitFor()
    await overview.getByRole('heading', { name: 'Pending Bookings' }).waitFor()
    await overview.getByRole('heading', { name: 'Membership Requests' }).waitFor()
    await overview.getByText(/^Last refreshed: \d/).waitFor()
    await overview.getByRole('button', { name: 'Refresh' }).click()
    await overview.getByText(/^Last refreshed: \d/).waitFor()

    // ?tab=manage-bookings (the old client's name) opens Booking Requests.
    await page.goto(`${baseURL}/agent-dashboard?tab=manage-bookings`)
    await page.waitForURL(`${baseURL}/backoffice/?tab=booking-requests`)
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Booking Requests')
    await page.getByRole('region', { name: 'Booking Requests' }).getByRole('button', { name: 'Refresh' }).waitFor()
  })

  it("approves a fresh user's membership request on the requests page; the user is then a member", async () => {
    const { page, context } = session
    const user = await applicant(baseURL, 'Joiner', NILAI, 'I sell industrial lots around Nilai.')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/agent/agency-requests')
    await page.getByRole('heading', { level: 1, name: 'Agency Membership Requests' }).waitFor()
    const row = page.getByRole('row', { name: new RegExp(user.email.replace(/\./g, '\\.')) })
    await row.getByText('I sell industrial lots around Nilai.').waitFor()
    await row.getByText('Pending').waitFor()
    await row.getByRole('button', { name: 'Approve' }).click()
    await page.getByText('Request approved successfully').waitFor()
    // The page opens on All Requests: the request stays, approved, with nothing left to decide.
    await row.getByText('Approved').waitFor()
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    // The Pending filter no longer lists it.
    await page.getByRole('tab', { name: 'Pending', exact: true }).click()
    await page.getByRole('tab', { name: 'Pending', exact: true, selected: true }).waitFor()
    await row.waitFor({ state: 'detached' })

    const me = await user.api.call<Me>('GET', '/api/users/me')
    expect(me).toMatchObject({ agencyStatus: 'approved', agencyName: NILAI, canRequestBookings: true })
  })

  it('rejects a request from the Agency Requests tab of the dashboard', async () => {
    const { page, context } = session
    const user = await applicant(baseURL, 'Declined', NILAI, 'Please let me in.')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/?tab=agency-requests')
    const tab = page.getByRole('region', { name: 'Agency Requests' })
    const row = tab.getByRole('row', { name: new RegExp(user.email.replace(/\./g, '\\.')) })
    await row.getByText('Please let me in.').waitFor()
    await row.getByRole('button', { name: 'Reject' }).click()
    await page.getByText('Request rejected successfully').waitFor()
    await row.waitFor({ state: 'detached' })

    expect((await user.api.call<Me>('GET', '/api/users/me')).agencyStatus).toBe('rejected')
  })

  it('lists the agency users and removes a member after confirmation, but never the agent admin', async () => {
    const { page, context } = session
    const member = await approvedMember(baseURL, 'Leaver')

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/?tab=agency-users')
    const tab = page.getByRole('region', { name: 'Agency Users' })
    const own = tab.getByRole('row', { name: /agent@aero-demo\.my/ })
    await own.getByText('Agent Admin').waitFor()
    // A user cannot remove themselves (requirements: agent-admin.md#agency-users): the row offers no Remove
    // (the backend refuses it too).
    expect(await own.getByRole('button', { name: 'Remove' }).count()).toBe(0)

    const row = tab.getByRole('row', { name: new RegExp(member.email.replace(/\./g, '\\.')) })
    await row.getByText('Approved').waitFor()
    await row.getByRole('button', { name: 'Remove' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove User' })
    await confirm
      .getByText(`Are you sure you want to remove ${member.name} from the agency?`, { exact: false })
      .waitFor()
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await page.getByText('User removed from the agency successfully').waitFor()
    await row.waitFor({ state: 'detached' })

    const me = await member.api.call<Me>('GET', '/api/users/me')
    expect(me.agencyName).toBeNull()
    expect(me.canRequestBookings).toBe(false)
  })
})
