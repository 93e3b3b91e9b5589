import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { DEMO, hubLots, openSession, signIn, type Session } from './public-support.ts'

const baseURL = inject('baseURL')
const TYPE_A = '/properties/aeroindustrial/type/A'

const bodyRows = (page: Page) => page.getByRole('region', { name: /Lots of this type/ }).locator('tbody tr')

describe('a lot-type page', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    await session.close()
  })

  it('shows the availability overview, the table, the call to action and the way back', async () => {
    const { page } = session
    const corners = (await hubLots(baseURL)).filter((lot) => lot.typeCode === 'A')
    const available = corners.filter((lot) => lot.status === 'available').length
    await page.goto(`${baseURL}${TYPE_A}`)
    await page.getByRole('heading', { level: 1, name: 'Corner lots' }).waitFor()
    const overview = page.getByRole('region', { name: 'Availability of corner lots' })
    expect(await overview.locator('.availability__count--available dd').textContent()).toBe(String(available))
    expect(await overview.locator('.availability__count--total dd').textContent()).toBe(String(corners.length))
    const percent = Math.round((available / corners.length) * 100)
    await overview.getByText(`${percent}% available`).waitFor()
    expect(await overview.getByRole('meter').getAttribute('aria-valuenow')).toBe(String(percent))

    expect(await bodyRows(page).count()).toBe(corners.length)
    const headers = await page.locator('thead th').allTextContents()
    expect(headers).toEqual(['Lot number', 'Land (sqm)', 'Land (sqft)', 'Price (RM)', 'Status', 'Action'])
    const first = bodyRows(page).first()
    expect(await first.locator('td').nth(0).textContent()).toBe('201')
    expect(await first.locator('td').nth(1).textContent()).toBe('2,164')

    expect(
      await page.getByRole('link', { name: '← Back to the Aero Industrial Hub' }).first().getAttribute('href')
    ).toBe('/aero-industrial-hub')
    const cta = page.getByRole('complementary', { name: /Questions about corner lots/ })
    expect(await cta.getByRole('link', { name: /^Email/ }).getAttribute('href')).toMatch(/^mailto:/)
    expect(await cta.getByRole('link', { name: /^Call/ }).getAttribute('href')).toMatch(/^tel:/)
  })

  it('opens a lot on a row click and closes it on the second', async () => {
    const { page } = session
    await page.goto(`${baseURL}${TYPE_A}`)
    await bodyRows(page).first().locator('td').first().click()
    await page.waitForURL(/lot=\d+/)
    const detail = page.getByRole('region', { name: 'MKS-01' })
    await detail.waitFor()
    await bodyRows(page).first().locator('td').first().click()
    await page.waitForURL(`${baseURL}${TYPE_A}`)
    await detail.waitFor({ state: 'detached' })
  })

  it('shows Book Now to visitors and only an Available tag to a super admin; taken lots are disabled', async () => {
    const { page } = session
    const corners = (await hubLots(baseURL)).filter((lot) => lot.typeCode === 'A')
    const available = corners.filter((lot) => lot.status === 'available').length
    await page.goto(`${baseURL}${TYPE_A}`)
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(available)
    const sold = corners.find((lot) => lot.status === 'sold')!
    const soldRow = bodyRows(page).filter({ hasText: sold.unitNumber })
    expect(await soldRow.getByRole('button', { name: 'Sold' }).isDisabled()).toBe(true)
    const locked = corners.find((lot) => lot.status === 'locked')
    if (locked)
      expect(
        await bodyRows(page).filter({ hasText: locked.unitNumber }).getByRole('button', { name: 'Locked' }).isDisabled()
      ).toBe(true)

    await signIn(page, baseURL, DEMO.superAdmin, TYPE_A)
    expect(await page.getByRole('link', { name: /^Book Now/ }).count()).toBe(0)
    expect(await page.locator('tbody .badge--green', { hasText: 'Available' }).count()).toBeGreaterThanOrEqual(
      available * 2
    )
  })

  it('sends a signed-out visitor who chooses Book Now to log in first', async () => {
    const { page } = session
    await page.goto(`${baseURL}${TYPE_A}`)
    await page
      .getByRole('link', { name: /^Book Now/ })
      .first()
      .click()
    await page.waitForURL(/\/login\?redirectTo=%2Fbook%2F\d+/)
  })

  it('is a 404 page for types other than A, B and C', async () => {
    const { page } = session
    const response = await page.goto(`${baseURL}/properties/aeroindustrial/type/D`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await page.goto(`${baseURL}/properties/aeroindustrial/type/b`)
    await page.waitForURL(`${baseURL}/properties/aeroindustrial/type/B`)
    await page.getByRole('heading', { level: 1, name: 'Intermediate lots' }).waitFor()
  })
})
