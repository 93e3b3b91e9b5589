import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { ApiClient, DEMO_PASSWORD, freshEmail, logIn, registerThroughScreen } from './account-support.ts'

const baseURL = inject('baseURL')
const AGENCY = 'Nilai Prime Realty'

describe('agency membership from the storefront', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('a new user requests to join an agency, waits, is approved and becomes a member', async () => {
    const { page } = session
    const user = { name: 'Mei Ling Ong', email: freshEmail('joiner'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    // No agency and no request: the dashboard asks the user to join one.
    await page.getByText('No agency yet').waitFor()
    await page.getByRole('link', { name: 'Join an Agency' }).click()
    await page.waitForURL(`${baseURL}/agency-request`)

    // Both fields are required, each says so beside it.
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await page.getByText('Please select an agency').waitFor()
    await page.getByText('Please enter a message').waitFor()

    await page.getByLabel('Agency', { exact: true }).selectOption({ label: AGENCY })
    expect(await page.getByText('Please select an agency').count()).toBe(0)
    await page.getByLabel('Message').fill('I sell industrial lots in Nilai and would like to join.')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await page
      .getByText('Agency membership request submitted successfully! Please wait for approval before booking.')
      .waitFor()
    // Three seconds later, back where the user came from (here the dashboard).
    await page.waitForURL(`${baseURL}/enhanced-dashboard`, { timeout: 6000 })
    await page.getByText('Agency Membership Pending').waitFor()
    expect(await page.getByRole('link', { name: 'Join an Agency' }).count()).toBe(0)

    // The pending agency is disabled in the list; another agency is refused.
    await page.goto(`${baseURL}/agency-request`)
    const pendingOption = page.getByRole('option', { name: `${AGENCY} (Pending Approval)` })
    expect(await pendingOption.isDisabled()).toBe(true)
    await page.getByLabel('Agency', { exact: true }).selectOption({ label: 'Seremban Land Agency' })
    await page.getByLabel('Message').fill('Trying a second agency.')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await page
      .getByText(
        'You already have a pending request for a different agency. Please wait for that request to be processed.'
      )
      .waitFor()

    // Agency properties are for approved members.
    await page.goto(`${baseURL}/agency-properties`)
    await page.getByText('You must be an approved agency member to view agency properties').waitFor()

    // The agency's agent admin approves the request (through the API, as the backoffice does).
    const member = await ApiClient.signIn(baseURL, user.email, user.password)
    const agent = await ApiClient.signIn(baseURL, 'agent@aero-demo.my', DEMO_PASSWORD)
    await agent.call('PUT', `/api/users/${member.user.id}/agency-request/approve`, {})

    await page.goto(`${baseURL}/enhanced-dashboard`)
    await page.getByText(`Member of ${AGENCY}`).waitFor()
    // A fresh approval is welcomed.
    await page.getByText(`Welcome to ${AGENCY}! Your membership has been approved.`, { exact: false }).waitFor()
    await page.getByRole('link', { name: 'Agency Properties' }).click()
    await page.waitForURL(`${baseURL}/agency-properties`)
    await page.getByRole('heading', { name: 'Agency Properties' }).waitFor()
    await page.locator('.property-cards, .empty-state__title').first().waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)

    // A member cannot ask to join another agency.
    await page.goto(`${baseURL}/agency-request`)
    await page
      .getByText('You are already a member of an agency. Please contact support if you need to change agencies.')
      .waitFor()
  })

  it('the agency request screen goes back to the page it was opened from', async () => {
    const { page } = session
    const user = { name: 'Return Trip', email: freshEmail('return'), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)

    await page.goto(`${baseURL}/agency-request?redirectTo=${encodeURIComponent('/enhanced-dashboard?tab=profile')}`)
    await page.getByLabel('Agency', { exact: true }).selectOption({ label: 'KLIA Gateway Properties' })
    await page.getByLabel('Message').fill('Please add me.')
    await page.getByRole('button', { name: 'Submit Request' }).click()
    await page.waitForURL(`${baseURL}/enhanced-dashboard?tab=profile`, { timeout: 6000 })
  })
})
