/**
 * The agent admin's first view on a phone (docs/decisions/backoffice-first-view.md): the gateway
 * draws the dashboard's Overview and the booking requests list before the app's scripts arrive;
 * the app then takes their place showing the same. A browser that says it is a phone.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AGENT_ADMIN, signInBrowser } from './backoffice-admin-support.ts'
import { PHONE, expectOnScreen, openSession, type Session } from './public-support.ts'

const baseURL = inject('baseURL')

/** A phone's browser as it names itself (the gateway draws a first view for phones only). */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

/**
 * Holds the backoffice's entry script back until `release()`: the page shows its first view and
 * nothing of the app. `done()` lets it go and leaves the page.
 */
async function holdAppEntry(page: Page): Promise<{ release: () => void; done: () => Promise<void> }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/backoffice/assets/index-*.js', async (route) => {
    await released
    await route.continue()
  })
  return {
    release: () => release(),
    done: async () => {
      release()
      await page.unroute('**/backoffice/assets/index-*.js')
      await page.goto('about:blank')
    },
  }
}

describe("an agent admin's first view on a phone", () => {
  let session: Session

  beforeAll(async () => {
    session = await openSession({ phone: true, userAgent: ANDROID_CHROME })
    await signInBrowser(session.context, baseURL, AGENT_ADMIN)
  })

  afterAll(async () => {
    await session.close()
  })

  for (const { path, first, app } of [
    {
      path: '/backoffice/agent/booking-requests',
      first: '#first-view .fv-card .fv-primary',
      app: '#root ul[aria-label="Booking requests"] li .MuiTypography-root >> nth=0',
    },
    {
      path: '/backoffice/',
      first: '#first-view .fv-agency',
      app: '#root section[aria-label="Agency Information"] p >> nth=0',
    },
  ]) {
    it(`${path}: its data drawn before the app starts, then the app in its place`, async () => {
      const { page } = session
      // The app's entry is held back until the first view has been looked at.
      const { release, done } = await holdAppEntry(page)
      try {
        await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' })
        const drawn = page.locator(first).first()
        await drawn.waitFor()
        const text = (await drawn.textContent())?.trim()
        expect(text).toBeTruthy()
        await expectOnScreen(page, drawn, 'the first view')
        expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('hidden')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

        release()
        // The app takes over once it shows the same data: the first view is gone, the app seen.
        await page.locator('#first-view').waitFor({ state: 'detached' })
        expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('visible')
        await expect.poll(async () => (await page.locator(app).textContent())?.trim()).toBe(text)
      } finally {
        await done()
      }
    })
  }

  it('draws the booking requests on the tab the agent left them on', async () => {
    const { page } = session
    await page.goto(`${baseURL}/backoffice/agent/booking-requests`)
    await page.locator('#first-view').waitFor({ state: 'detached' })
    await page.getByRole('tab', { name: 'Pending Approval' }).tap()
    await expect
      .poll(() => page.getByRole('tab', { name: 'Pending Approval' }).getAttribute('aria-selected'))
      .toBe('true')

    const { release, done } = await holdAppEntry(page)
    try {
      // Opened again (as from the menu: no filter in the address), the first view is on that tab.
      await page.goto(`${baseURL}/backoffice/agent/booking-requests`, { waitUntil: 'domcontentloaded' })
      expect((await page.locator('#first-view .fv-tab-on').textContent())?.trim()).toBe('Pending Approval')
      const drawn = await page.locator('#first-view .fv-chip').allTextContents()
      expect(drawn.every((status) => status === 'Pending Your Approval')).toBe(true)
      release()
      await page.locator('#first-view').waitFor({ state: 'detached' })
      await expect
        .poll(() => page.getByRole('tab', { name: 'Pending Approval' }).getAttribute('aria-selected'))
        .toBe('true')
    } finally {
      await done()
    }
  })
})
