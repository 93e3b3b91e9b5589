import type { Page } from 'playwright-core'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { DEMO, documentFiles, highestAvailableLot, openSession, signIn, type Session } from './public-support.ts'
import { markDocument, notReloaded, subscribed } from './live-support.ts'

const baseURL = inject('baseURL')
const HUB = '/aero-industrial-hub'
/** Every open hub hears of a committed change within a second; the journey allows two. */
const LIVE_WITHIN_MS = 2_000
/** The site plan's fills (app/components/public/hub/site-plan.tsx): available green, reserved yellow. */
const FILL = { available: '#15803d', reserved: '#facc15' }

const hubRow = (page: Page, unit: string) =>
  page
    .getByRole('region', { name: /Shop lots of Phase 4/ })
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${unit}`) }) })

const planLot = (page: Page, unit: string) =>
  page
    .getByRole('group', { name: 'Lots on the site plan' })
    .getByRole('link', { name: new RegExp(`^${unit},`) })
    .locator('rect.site-plan__lot')

const count = (page: Page, key: 'available' | 'reserved') =>
  page.locator(`.availability__count--${key} dd`).textContent().then(Number)

/** Waits until `read` answers `expected`, failing after `ms`. */
async function within<T>(ms: number, read: () => Promise<T>, expected: T): Promise<void> {
  const deadline = Date.now() + ms
  let last: T = await read()
  while (last !== expected) {
    if (Date.now() > deadline) throw new Error(`Still ${String(last)} after ${ms} ms, expected ${String(expected)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
    last = await read()
  }
}

describe('the live hub', () => {
  let watcher: Session
  let member: Session
  let files: ReturnType<typeof documentFiles>

  beforeEach(async () => {
    ;[watcher, member] = await Promise.all([openSession(), openSession()])
    files = documentFiles()
  })
  afterEach(async () => {
    files.cleanup()
    await Promise.all([watcher.close(), member.close()])
  })

  it("shows another visitor's booking on an open hub without a reload: row, counts, plan and a spoken note", async () => {
    const lot = await highestAvailableLot(baseURL)
    const unit = lot.unitNumber

    // A visitor (signed out) has the hub open, listening once the page is live.
    const listening = subscribed(watcher.page)
    await watcher.page.goto(`${baseURL}${HUB}`)
    await listening
    await markDocument(watcher.page)
    expect(await hubRow(watcher.page, unit).locator('.badge').textContent()).toBe('Available')
    expect(await planLot(watcher.page, unit).getAttribute('fill')).toBe(FILL.available)
    const available = await count(watcher.page, 'available')
    const reserved = await count(watcher.page, 'reserved')

    // An approved member books that lot on their own hub.
    await signIn(member.page, baseURL, DEMO.member, HUB)
    await hubRow(member.page, unit)
      .getByRole('link', { name: /^Book Now/ })
      .click()
    const dialog = member.page.getByRole('dialog', { name: `Request a booking: ${unit}` })
    await dialog.getByLabel(/^Payment cheque/).setInputFiles(files.cheque)
    await dialog.getByLabel(/^IC front/).setInputFiles(files.icFront)
    await dialog.getByLabel(/^IC back/).setInputFiles(files.icBack)
    await dialog.getByRole('checkbox', { name: /consent/ }).check()
    await dialog.getByRole('button', { name: 'Submit booking request' }).click()
    await member.page.getByText('Booking request submitted successfully!').waitFor()

    // The visitor's page follows in place, counted from the member's answer.
    await within(LIVE_WITHIN_MS, () => hubRow(watcher.page, unit).locator('.badge').textContent(), 'Reserved')
    expect(await planLot(watcher.page, unit).getAttribute('fill')).toBe(FILL.reserved)
    expect(await count(watcher.page, 'available')).toBe(available - 1)
    expect(await count(watcher.page, 'reserved')).toBe(reserved + 1)
    expect(await watcher.page.locator('.live-announcer').getAttribute('aria-live')).toBe('polite')
    expect(await watcher.page.locator('.live-announcer').textContent()).toBe(`${unit} was just reserved.`)
    expect(
      await hubRow(watcher.page, unit)
        .getByRole('link', { name: /^Book Now/ })
        .count()
    ).toBe(0)
    expect(await notReloaded(watcher.page)).toBe(true)
  })
})
