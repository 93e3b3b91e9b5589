import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { Api, SUPER_ADMIN } from './backoffice-admin-support.ts'
import { highestAvailableLot, openSession, type Session } from './public-support.ts'
import { markDocument, notReloaded, subscribed } from './live-support.ts'

const baseURL = inject('baseURL')
const HUB = '/aero-industrial-hub'
/** The batch's own job runs at its time; an idle worker looks for due jobs every 2 s, a loaded machine later. */
const RELEASE_WAIT_MS = 20_000

const hubRow = (page: Page, unit: string) =>
  page
    .getByRole('region', { name: /Shop lots of Phase 4/ })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${unit}`) }) })

describe('phased release in a real browser', () => {
  let visitor: Session
  let admin: Api
  let heldBack: number | undefined

  beforeEach(async () => {
    visitor = await openSession()
    admin = await Api.signIn(baseURL, SUPER_ADMIN)
  })
  afterEach(async () => {
    await visitor.close()
    // Whatever happened, the lot goes back on sale for the journeys after this one.
    if (heldBack !== undefined) await admin.call('PUT', `/api/lots/${heldBack}`, { released: true })
    heldBack = undefined
  })

  it("a batch scheduled by the super admin puts its lot on sale on an open hub at the batch's time, and an edit takes it off again, without a reload", async () => {
    const lot = await highestAvailableLot(baseURL)
    const unit = lot.unitNumber
    const { developmentId } = await admin.call<{ developmentId: number }>('GET', `/api/lots/${lot.id}`)
    await admin.call('PUT', `/api/lots/${lot.id}`, { released: false })
    heldBack = lot.id

    // A visitor has the hub open, listening once the page is live: the lot is shown, not for sale.
    const listening = subscribed(visitor.page)
    await visitor.page.goto(`${baseURL}${HUB}`)
    await listening
    await markDocument(visitor.page)
    const row = hubRow(visitor.page, unit)
    await row.getByRole('button', { name: /^Not released/ }).waitFor()

    // A batch in the past is refused; one a few seconds ahead is scheduled.
    const past = await admin.send('POST', `/api/developments/${developmentId}/release-batches`, {
      name: 'Too late',
      releaseAt: new Date(Date.now() - 60_000).toISOString(),
      lotIds: [lot.id],
    })
    expect(past.status).toBe(422)
    expect(await past.json()).toMatchObject({
      errors: [{ field: 'releaseAt', message: 'A release batch cannot be scheduled in the past.' }],
    })
    const batch = await admin.call<{ id: number; status: string }>(
      'POST',
      `/api/developments/${developmentId}/release-batches`,
      { name: `Journey release ${unit}`, releaseAt: new Date(Date.now() + 3_000).toISOString(), lotIds: [lot.id] }
    )
    expect(batch.status).toBe('scheduled')

    // The scheduler releases it and the open page follows: the row offers the lot, the live region says so.
    await row.getByRole('button', { name: /^Not released/ }).waitFor({ state: 'detached', timeout: RELEASE_WAIT_MS })
    await row.getByRole('link', { name: /^Login/ }).waitFor()
    await expect
      .poll(() => visitor.page.locator('.live-announcer').textContent())
      .toBe(`${unit} was just released for sale.`)
    expect(await notReloaded(visitor.page)).toBe(true)

    const batches = await admin.call<Array<{ id: number; status: string }>>(
      'GET',
      `/api/developments/${developmentId}/release-batches`
    )
    expect(batches.find((entry) => entry.id === batch.id)?.status).toBe('released')

    // Taken off sale again by the super admin's edit: the open page follows at once.
    await admin.call('PUT', `/api/lots/${lot.id}`, { released: false })
    await row.getByRole('button', { name: /^Not released/ }).waitFor()
    await expect.poll(() => visitor.page.locator('.live-announcer').textContent()).toBe(`${unit} was taken off sale.`)
    expect(await notReloaded(visitor.page)).toBe(true)
  }, 60_000)

  it('a development that hides lots not released: an open hub drops a lot taken off sale and lists it again when put back', async () => {
    const lot = await highestAvailableLot(baseURL)
    const unit = lot.unitNumber
    const { developmentId } = await admin.call<{ developmentId: number }>('GET', `/api/lots/${lot.id}`)
    await admin.call('PUT', `/api/developments/${developmentId}/lot-visibility`, { showUnreleasedLots: false })
    try {
      const listening = subscribed(visitor.page)
      await visitor.page.goto(`${baseURL}${HUB}`)
      await listening
      await markDocument(visitor.page)
      const row = hubRow(visitor.page, unit)
      await row.getByRole('link', { name: /^Login/ }).waitFor()

      await admin.call('PUT', `/api/lots/${lot.id}`, { released: false })
      heldBack = lot.id
      await row.waitFor({ state: 'detached' })

      await admin.call('PUT', `/api/lots/${lot.id}`, { released: true })
      heldBack = undefined
      await row.getByRole('link', { name: /^Login/ }).waitFor()
      expect(await notReloaded(visitor.page)).toBe(true)
    } finally {
      await admin.call('PUT', `/api/developments/${developmentId}/lot-visibility`, { showUnreleasedLots: true })
    }
  }, 60_000)
})
