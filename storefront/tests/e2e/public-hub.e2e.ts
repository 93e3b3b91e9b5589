import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { DEMO, freshEmail, hubLots, openSession, signIn, type Session } from './public-support.ts'

const baseURL = inject('baseURL')
const HUB = '/aero-industrial-hub'

const table = (page: Page) => page.getByRole('region', { name: /Shop lots of Phase 4/ })
const bodyRows = (page: Page) => table(page).locator('tbody tr')
const planLinks = (page: Page) => page.getByRole('group', { name: 'Lots on the site plan' }).getByRole('link')
const row = (page: Page, unit: string) =>
  bodyRows(page).filter({ has: page.getByRole('link', { name: new RegExp(`^${unit}`) }) })

async function firstAvailable(): Promise<string> {
  const lot = (await hubLots(baseURL)).find((candidate) => candidate.status === 'available')
  if (!lot) throw new Error('No available lot')
  return lot.unitNumber
}

describe('the shop-lot hub', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    await session.close()
  })

  it('shows the lots, the information card and the plan; filters narrow the table and the plan', async () => {
    const { page } = session
    await page.goto(`${baseURL}${HUB}`)
    await page.getByRole('heading', { level: 1, name: 'Aero Industrial Hub' }).waitFor()
    const card = page.getByRole('complementary', { name: 'Phase 4 at a glance' })
    await card.getByText('24', { exact: true }).waitFor()
    await card.getByText('2024', { exact: true }).waitFor()
    expect(await bodyRows(page).count()).toBe(24)
    expect(await planLinks(page).count()).toBe(24)
    // The table scrolls inside a box at most 600 px high.
    expect(await table(page).evaluate((element) => getComputedStyle(element).maxHeight)).toBe('600px')

    await page.getByLabel('Type', { exact: true }).selectOption('A')
    await page.waitForURL(`${baseURL}${HUB}?type=A`)
    await page.getByText('Showing 4 of 24 lots').waitFor()
    await planLinks(page).nth(4).waitFor({ state: 'detached' })
    expect(await bodyRows(page).count()).toBe(4)
    expect(await planLinks(page).count()).toBe(4)

    await page.getByLabel('Price', { exact: true }).selectOption('600000+')
    await page.waitForURL(/type=A&price=600000%2B/)
    const corners = (await hubLots(baseURL)).filter((lot) => lot.typeCode === 'A' && lot.price >= 600_000)
    await page.getByText(`Showing ${corners.length} of 24 lots`).waitFor()

    await page.getByLabel('Status', { exact: true }).selectOption('sold')
    await page.waitForURL(/status=sold/)
    const soldCorners = corners.filter((lot) => lot.status === 'sold').length
    await page.getByText(`Showing ${soldCorners} of 24 lots`).waitFor()
    expect(await bodyRows(page).count()).toBe(soldCorners)
    expect(await planLinks(page).count()).toBe(soldCorners)

    await page.getByRole('link', { name: 'Clear filters' }).first().click()
    await page.waitForURL(`${baseURL}${HUB}`)
    await page.getByText('Showing 24 of 24 lots').waitFor()
    expect(await bodyRows(page).count()).toBe(24)
  })

  it('opens a lot from its row or the plan, and closes it on a second click', async () => {
    const { page } = session
    await page.goto(`${baseURL}${HUB}`)
    await row(page, 'MKS-05').locator('td').nth(2).click()
    await page.waitForURL(/lot=\d+/)
    const detail = page.getByRole('region', { name: 'MKS-05' })
    await detail.getByText('RM ', { exact: false }).first().waitFor()
    expect(await row(page, 'MKS-05').getAttribute('class')).toContain('is-selected')
    expect(await page.getByRole('link', { name: /^MKS-05, .*\(selected\)$/ }).count()).toBe(1)

    await row(page, 'MKS-05').locator('td').nth(2).click()
    await page.waitForURL(`${baseURL}${HUB}`)
    await detail.waitFor({ state: 'detached' })

    await page.getByRole('link', { name: /^MKS-12, Corner/ }).click()
    await page.getByRole('region', { name: 'MKS-12' }).waitFor()
    await page.getByRole('region', { name: 'MKS-12' }).getByText('Sold').first().waitFor()
  })

  it('filters and opens lots without JavaScript', async () => {
    const plain = await openSession({ javaScript: false })
    try {
      const { page } = plain
      await page.goto(`${baseURL}${HUB}`)
      await page.getByLabel('Type', { exact: true }).selectOption('C')
      await page.getByRole('button', { name: 'Apply filters' }).click()
      await page.waitForURL(/type=C/)
      expect(await bodyRows(page).count()).toBe(4)
      await page
        .getByRole('link', { name: /^MKS-02/ })
        .first()
        .click()
      await page.getByRole('region', { name: 'MKS-02' }).waitFor()
    } finally {
      await plain.close()
    }
  })

  it("offers an anonymous visitor 'Login', back to the hub", async () => {
    const { page } = session
    await page.goto(`${baseURL}${HUB}`)
    const unit = await firstAvailable()
    const login = row(page, unit).getByRole('link', { name: /^Login/ })
    expect(await login.getAttribute('href')).toBe('/login?redirectTo=%2Faero-industrial-hub')
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
    // Taken lots show a disabled button with their status.
    const sold = row(page, 'MKS-03').getByRole('button', { name: 'Sold' })
    expect(await sold.isDisabled()).toBe(true)
  })

  it("offers a user without an agency 'Join Agency' and checks the membership form", async () => {
    const { page } = session
    await signIn(page, baseURL, DEMO.user, HUB)
    const unit = await firstAvailable()
    await row(page, unit)
      .getByRole('link', { name: /^Join Agency/ })
      .click()
    const form = page.locator('#join-agency')
    await form.getByRole('heading', { name: 'Request agency membership' }).waitFor()
    expect(await form.getByLabel('Message').inputValue()).toBe('Requesting agency membership')
    await form.getByRole('button', { name: 'Request membership' }).click()
    await form.getByText('Please select an agency').waitFor()
    await form.getByText('Your position is required').waitFor()
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
  })

  it('files a membership request for a new user, then shows it pending after the reload', async () => {
    const { page } = session
    const email = freshEmail('hub.joiner')
    await page.goto(`${baseURL}/register`)
    await page.getByLabel('Full name').fill('Hub Joiner')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByLabel('Confirm password').fill('secret12')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.waitForURL(/\/login/, { timeout: 6000 })
    await page.goto(`${baseURL}/login?redirectTo=${encodeURIComponent(HUB)}`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseURL}${HUB}`)

    await page.getByText('Join Agency', { exact: true }).first().click()
    const form = page.locator('#join-agency')
    await form.getByLabel('Agency').selectOption({ label: 'Seremban Land Agency' })
    await form.getByLabel('Your position').fill('Operations manager')
    await form.getByRole('button', { name: 'Request membership' }).click()
    await page
      .getByText('Agency membership request submitted successfully! Please wait for approval before booking.')
      .waitFor()
    // Two seconds later the page reloads its data: the request is pending.
    await page.getByText('Agency Membership Pending').first().waitFor({ timeout: 6000 })
    await page.getByRole('link', { name: 'Back' }).waitFor()
  })

  it("shows a user with a pending request 'Agency Membership Pending' with Back", async () => {
    const { page } = session
    await signIn(page, baseURL, DEMO.pending, HUB)
    const notice = page.locator('.audience-panel')
    await notice.getByText('Agency Membership Pending').waitFor()
    await notice.getByRole('link', { name: 'Back' }).waitFor()
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
  })

  it.each([
    ['an approved member', DEMO.member],
    ['an agent admin', DEMO.agent],
  ])('gives %s Book Now on available lots only', async (_who, email) => {
    const { page } = session
    await signIn(page, baseURL, email, HUB)
    await page
      .getByRole('link', { name: /^Book Now/ })
      .first()
      .waitFor()
    const lots = await hubLots(baseURL)
    const available = lots.filter((lot) => lot.status === 'available').length
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(available)
    const unit = lots.find((lot) => lot.status === 'available')!.unitNumber
    expect(
      await row(page, unit)
        .getByRole('link', { name: /^Book Now/ })
        .getAttribute('href')
    ).toMatch(/^\/book\/\d+\?returnTo=/)
  })

  it("gives a super admin an 'Available' tag and the inline shop-lot edit", async () => {
    const { page } = session
    await signIn(page, baseURL, DEMO.superAdmin, HUB)
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
    const lot = (await hubLots(baseURL)).find((candidate) => candidate.unitNumber === 'MKS-01')!
    await row(page, 'MKS-01').getByText('Available', { exact: true }).last().waitFor()

    await row(page, 'MKS-01')
      .getByRole('link', { name: /^MKS-01/ })
      .click()
    const edit = page.getByRole('form', { name: 'Edit shop lot' })
    expect(await edit.getByLabel('Unit number').inputValue()).toBe('MKS-01')
    await edit.getByLabel('Price (RM)').fill('abc')
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.getByText('Price must be a number').waitFor()

    const title = lot.title ?? ''
    await edit.getByLabel('Price (RM)').fill(String(lot.price))
    await edit.getByLabel('Title').fill(`${title} (checked)`)
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.getByText('Shoplot updated successfully').waitFor()
    await row(page, 'MKS-01').getByText(`${title} (checked)`).waitFor()
    // The message goes after 3 seconds.
    await edit.getByText('Shoplot updated successfully').waitFor({ state: 'detached', timeout: 5000 })

    // Put the title back for the other journeys.
    await edit.getByLabel('Title').fill(title)
    await edit.getByRole('button', { name: 'Save changes' }).click()
    await edit.getByText('Shoplot updated successfully').waitFor()
    expect((await hubLots(baseURL)).find((candidate) => candidate.id === lot.id)!.title).toBe(title)
  })
})
