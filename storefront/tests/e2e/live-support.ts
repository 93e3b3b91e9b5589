/** What the live journeys share: knowing a page listens, and seeing that it was never reloaded. */
import type { Page } from 'playwright-core'

/** Resolves once the page has subscribed to a channel over the live stream. */
export function subscribed(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/__transmit/subscribe') && response.ok())
}

/** Marks the document, so that a reload (which would wipe the mark) is seen. */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    ;(window as unknown as { notReloaded: boolean }).notReloaded = true
  })
}

export async function notReloaded(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)
}
