import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

interface SharedProperty {
  id: number
  name: string
  price: number | null
  facilities: string[]
  agency: { id: number; name: string } | null
  description: string | null
}

async function agencyWithProperties(): Promise<{ agencyId: number; properties: SharedProperty[] }> {
  const agencies = (await (await fetch(`${baseURL}/api/agencies/public`)).json()) as Array<{ id: number }>
  for (const agency of agencies) {
    const answer = (await (await fetch(`${baseURL}/api/agent-properties/agency/${agency.id}/public`)).json()) as
      { properties?: SharedProperty[] } | SharedProperty[]
    const properties = Array.isArray(answer) ? answer : (answer.properties ?? [])
    if (properties.length > 0) return { agencyId: agency.id, properties }
  }
  throw new Error('The demo data has no shared property')
}

describe('the shared views', () => {
  let session: Session

  beforeEach(async () => {
    session = await openSession()
  })
  afterEach(async () => {
    await session.close()
  })

  it('shows a shared property with its agency, its tags and the sign-up call to action', async () => {
    const { page } = session
    const { properties } = await agencyWithProperties()
    const property = properties[0]
    await page.goto(`${baseURL}/agent-properties/${property.id}`)
    await page.getByRole('heading', { level: 1, name: property.name }).waitFor()
    await page
      .getByText(`RM ${property.price!.toLocaleString('en-US')}`)
      .first()
      .waitFor()
    for (const facility of property.facilities.slice(0, 2)) await page.getByText(facility, { exact: true }).waitFor()
    const listedBy = page.getByRole('region', { name: 'Listed by' })
    expect(await listedBy.getByRole('link', { name: property.agency!.name }).getAttribute('href')).toBe(
      `/agency/${property.agency!.id}`
    )
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register')
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      `/login?redirectTo=%2Fagent-properties%2F${property.id}`
    )
    expect(await page.title()).toBe(`${property.name} | Aero Property Booking`)
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(property.name)
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
      `${baseURL}/agent-properties/${property.id}`
    )
  })

  it('shows a shared agency with its contact and a grid of its properties', async () => {
    const { page } = session
    const { agencyId, properties } = await agencyWithProperties()
    await page.goto(`${baseURL}/agency/${agencyId}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.locator('.agency-contact').getByRole('link', { name: /@/ }).waitFor()
    const cards = page.locator('.listing-card')
    expect(await cards.count()).toBe(properties.length)
    const card = cards.filter({ hasText: properties[0].name })
    const preview = (await card.locator('.listing-card__text').textContent()) ?? ''
    expect(preview.length).toBeLessThanOrEqual(101)
    await card.getByRole('link', { name: /^View Details/ }).click()
    await page.waitForURL(`${baseURL}/agent-properties/${properties[0].id}`)
  })

  it('says so when an agency shares nothing', async () => {
    const { page } = session
    const agencies = (await (await fetch(`${baseURL}/api/agencies/public`)).json()) as Array<{ id: number }>
    for (const agency of agencies) {
      const answer = (await (await fetch(`${baseURL}/api/agent-properties/agency/${agency.id}/public`)).json()) as {
        properties?: unknown[]
      }
      if ((answer.properties ?? []).length === 0) {
        await page.goto(`${baseURL}/agency/${agency.id}`)
        await page.getByText('No properties available from this agency at the moment.').waitFor()
        return
      }
    }
  })

  it("answers 404 with 'Property not found' and 'Agency not found'", async () => {
    const { page } = session
    let response = await page.goto(`${baseURL}/agent-properties/999999`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Property not found' }).waitFor()
    response = await page.goto(`${baseURL}/agency/999999`)
    expect(response?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Agency not found' }).waitFor()
  })
})
