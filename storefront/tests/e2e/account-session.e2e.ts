import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { freshEmail, logIn, openBrowserWithoutScripts, openDatabase, registerThroughScreen } from './account-support.ts'

const baseURL = inject('baseURL')
const HOUR = 60 * 60 * 1000

/**
 * No screen can age a sign-in, so these journeys move its expiry in the e2e database
 * (the token row every browser sign-in is, docs/decisions/001-one-sign-in.md).
 */
describe('the session: expiring banner, extension, expiry', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>
  let db: Awaited<ReturnType<typeof openDatabase>>

  beforeAll(async () => {
    db = await openDatabase()
  })

  afterAll(async () => {
    await db.end()
  })

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  async function signedInFreshUser(label: string) {
    const { page } = session
    const user = { name: 'Session Keeper', email: freshEmail(label), password: 'secret12' }
    await registerThroughScreen(page, baseURL, user)
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    return user
  }

  async function setExpiry(email: string, expiresAt: Date) {
    const [result] = await db.execute(
      'UPDATE auth_access_tokens SET expires_at = ? WHERE tokenable_id = (SELECT id FROM users WHERE email = ?)',
      [expiresAt, email]
    )
    expect((result as { affectedRows: number }).affectedRows).toBeGreaterThan(0)
  }

  async function expiryOf(email: string): Promise<Date> {
    const [rows] = await db.execute(
      'SELECT MAX(expires_at) AS expiresAt FROM auth_access_tokens WHERE tokenable_id = (SELECT id FROM users WHERE email = ?)',
      [email]
    )
    return new Date((rows as Array<{ expiresAt: Date }>)[0].expiresAt)
  }

  it('warns when an hour or less is left, and "Yes, Keep Me Logged In" extends the sign-in', async () => {
    const { page, context } = session
    const user = await signedInFreshUser('banner')
    const banner = page.getByRole('region', { name: 'Your session is about to expire.' })
    expect(await banner.count()).toBe(0)

    await setExpiry(user.email, new Date(Date.now() + 30 * 60 * 1000))
    await page.reload()
    await banner.waitFor()
    await banner.getByText(/You will be logged out in (29|30) minutes\./).waitFor()

    await banner.getByRole('button', { name: 'Yes, Keep Me Logged In' }).click()
    await banner.waitFor({ state: 'detached' })
    expect((await expiryOf(user.email)).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR)
    // Still gone on the next page.
    await page.goto(`${baseURL}/enhanced-dashboard?tab=profile`)
    await page.getByRole('heading', { name: 'My Profile' }).waitFor()
    expect(await banner.count()).toBe(0)

    // Nothing about the sign-in is readable by scripts.
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(storage).not.toMatch(/oat_|token|session/i)
    const cookies = await context.cookies(baseURL)
    expect(cookies.find((cookie) => cookie.name === 'aero_session')?.httpOnly).toBe(true)
  })

  it('counts down to less than a minute, then goes to login and back after signing in', async () => {
    const { page } = session
    const user = await signedInFreshUser('countdown')
    await page.goto(`${baseURL}/enhanced-dashboard?tab=bookings`)
    await setExpiry(user.email, new Date(Date.now() + 8_000))
    await page.reload()
    await page.getByText('You will be logged out in less than a minute.').waitFor()

    // The page notices the end by itself and asks the server, which agrees.
    await page.waitForURL(/\/login\?reason=expired&redirectTo=%2Fenhanced-dashboard%3Ftab%3Dbookings/, {
      timeout: 20_000,
    })
    await page.getByText('Your session has expired. Please log in again.').waitFor()
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/enhanced-dashboard?tab=bookings`)
  })

  it('an expired sign-in met on a page load goes to /login?reason=expired', async () => {
    const { page } = session
    const user = await signedInFreshUser('expired')
    await setExpiry(user.email, new Date(Date.now() - 60_000))
    await page.goto(`${baseURL}/profile`)
    await page.waitForURL(`${baseURL}/login?reason=expired&redirectTo=%2Fprofile`)
    await page.getByText('Your session has expired. Please log in again.').waitFor()
    await page.getByRole('link', { name: 'Login' }).first().waitFor()
    await logIn(page, user.email, user.password)
    await page.waitForURL(`${baseURL}/profile`)
  })

  it('the banner is there and extends the sign-in without JavaScript too', async () => {
    const user = await signedInFreshUser('plain.banner')
    const plain = await openBrowserWithoutScripts()
    try {
      const { page } = plain
      await page.goto(`${baseURL}/login`)
      await logIn(page, user.email, user.password)
      await page.waitForURL(`${baseURL}/enhanced-dashboard`)
      await setExpiry(user.email, new Date(Date.now() + 10 * 60 * 1000))
      await page.goto(`${baseURL}/enhanced-dashboard?tab=profile`)
      await page.getByText(/You will be logged out in (9|10) minutes\./).waitFor()
      await page.getByRole('button', { name: 'Yes, Keep Me Logged In' }).click()
      await page.waitForURL(`${baseURL}/enhanced-dashboard?tab=profile`)
      expect(await page.getByRole('button', { name: 'Yes, Keep Me Logged In' }).count()).toBe(0)
      expect((await expiryOf(user.email)).getTime()).toBeGreaterThan(Date.now() + 23 * HOUR)
    } finally {
      await plain.close()
    }
  })
})
