import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { AGENT_ADMIN, Api, SUPER_ADMIN, openBackoffice, signInBrowser, unique } from './backoffice-admin-support.ts'
import { choose, freshUser, highestAvailableLot, pngFiles } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')

interface PortfolioEntry {
  id: number
  displayName: string
  shareCount: number
  status: string
  heroImage: { card: string } | null
  gallery: unknown[]
}

/**
 * A lot the demo agent's own booking made theirs: they book it for a fresh client, and the
 * super admin confirms the booking.
 */
async function ownedLot() {
  const agent = await Api.signIn(baseURL, AGENT_ADMIN)
  const client = await freshUser(baseURL, 'Buyer')
  const lot = await highestAvailableLot(baseURL)
  const booking = await agent.call<{ id: number }>('POST', '/api/bookings', {
    userId: client.id,
    lotId: lot.id,
    notes: 'Portfolio journey',
    consent: true,
  })
  const admin = await Api.signIn(baseURL, SUPER_ADMIN)
  await admin.call('PUT', `/api/bookings/${booking.id}/status-update`, { status: 'approved', message: 'Confirmed' })
  return { agent, lot }
}

describe("the agent admin's property portfolio", () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('adds an owned property to the catalogue with a hero image, shares it, and its public page shows it', async () => {
    const { page, context } = session
    const { agent, lot } = await ownedLot()
    const name = `Showcase ${lot.unitNumber} ${unique()}`
    const files = pngFiles(['hero.png', 'gallery-1.png', 'gallery-2.png'])
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })

    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/agent-properties')
    await page.getByRole('heading', { level: 1, name: 'My Properties Portfolio' }).waitFor()
    const summary = page.getByRole('region', { name: 'Portfolio summary' })
    for (const card of ['Total Properties', 'Active Properties', 'Sold Properties', 'Total Shares']) {
      await summary.getByRole('heading', { name: card }).waitFor()
    }

    await page.getByRole('button', { name: 'Add to Catalogue' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to Catalogue' })
    const submit = dialog.getByRole('button', { name: 'Add to Catalogue' })
    expect(await submit.isDisabled()).toBe(true)
    await dialog.getByLabel('Hero image').setInputFiles(files['hero.png']!)
    await dialog.getByRole('img', { name: 'Hero image preview' }).waitFor()
    // The hero alone is not enough: the property is still to be chosen.
    await dialog.getByText('Please select a property from your owned properties.').waitFor()
    expect(await submit.isDisabled()).toBe(true)
    await choose(page, /^Owned Property/, new RegExp(`${lot.unitNumber} ·`))
    await dialog.getByLabel('Gallery images').setInputFiles([files['gallery-1.png']!, files['gallery-2.png']!])
    await dialog.getByRole('img', { name: 'Gallery image 2 preview' }).waitFor()
    await dialog.getByText('Gallery Images (2 of 10)').waitFor()
    await dialog.getByRole('button', { name: 'Marketing details (optional)' }).click()
    await dialog.getByLabel('Display Name').fill(name)
    await dialog.getByLabel('Features').fill('Two storeys, Roller shutter frontage')
    await submit.click()
    await page.getByText('Property added to catalogue successfully!').waitFor()
    await dialog.waitFor({ state: 'detached' })

    const card = page.getByRole('article', { name })
    await card.getByText('Active').waitFor()
    await card.getByText('Shared 0 times').waitFor()
    const [entry] = (
      await agent.call<{ data: { properties: PortfolioEntry[] } }>(
        'GET',
        `/api/agent-properties?search=${encodeURIComponent(name)}`
      )
    ).data.properties
    expect(entry).toMatchObject({ displayName: name, shareCount: 0, status: 'active' })
    expect(entry!.heroImage).not.toBeNull()
    expect(entry!.gallery).toHaveLength(2)

    // Share: the backend counts it and answers the link, which is copied.
    await card.getByRole('button', { name: `Share ${name}` }).click()
    await page.getByRole('menuitem', { name: 'Copy Link' }).click()
    await page.getByText('Property shared successfully via Copy Link').waitFor()
    await card.getByText('Shared 1 time').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/agent-properties/${entry!.id}`)
    const shared = (
      await agent.call<{ data: { properties: PortfolioEntry[] } }>(
        'GET',
        `/api/agent-properties?search=${encodeURIComponent(name)}`
      )
    ).data.properties[0]
    expect(shared!.shareCount).toBe(1)

    await card.getByRole('button', { name: 'View Details' }).click()
    const details = page.getByRole('dialog', { name })
    await details.getByText('Roller shutter frontage').waitFor()
    await details.getByRole('img', { name: `${name}, gallery image 2` }).waitFor()
    await details.getByRole('button', { name: 'Close' }).click()

    // The public page, on the storefront, for anyone.
    expect(await card.getByRole('link', { name: `Public page of ${name}` }).getAttribute('href')).toBe(
      `/agent-properties/${entry!.id}`
    )
    const visitor = await openBrowser()
    try {
      await visitor.page.goto(`${baseURL}/agent-properties/${entry!.id}`)
      await visitor.page.getByRole('heading', { level: 1, name }).waitFor()
    } finally {
      await visitor.close()
    }
  })

  it('searches, filters, sorts and switches to the table; an empty result offers Clear Filters', async () => {
    const { page, context } = session
    await signInBrowser(context, baseURL, AGENT_ADMIN)
    await openBackoffice(page, baseURL, '/agent-properties')
    // The demo catalogue: MKS-18 (booked, shared by the agency) and MKS-03 (sold).
    const booked = page.getByRole('article', { name: 'Aero Industrial Hub Shop Lot MKS-18' })
    const sold = page.getByRole('article', { name: 'Aero Industrial Hub Shop Lot MKS-03' })
    await booked.getByText('Shared by agency').waitFor()
    await sold.getByText('Sold', { exact: true }).waitFor()
    await booked.getByText('RM ', { exact: false }).first().waitFor()

    await choose(page, /^Status/, 'Sold')
    await booked.waitFor({ state: 'detached' })
    await sold.waitFor()

    await page.getByLabel('Search properties').fill('no-such-property')
    await page.getByText('No properties found').waitFor()
    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await booked.waitFor()
    await sold.waitFor()

    await choose(page, /^Sort by/, 'Name A-Z')
    await page.getByRole('button', { name: 'Table view' }).click()
    const table = page.getByRole('table', { name: 'My properties' })
    const names = await table.getByRole('row').allTextContents()
    const at = (unit: string) => names.findIndex((text) => text.includes(`Shop Lot ${unit}`))
    expect(at('MKS-03')).toBeGreaterThan(0)
    expect(at('MKS-03')).toBeLessThan(at('MKS-18'))
  })
})
