import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser } from './browser.ts'

const baseURL = inject('baseURL')
const PASSWORD = 'Demo@2024'

async function logIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

describe('one sign-in covers the storefront and the backoffice', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('signs in on the storefront, is signed in on the backoffice, signs out of both', async () => {
    const { page, context } = session
    await page.goto(`${baseURL}/login`)
    await logIn(page, 'admin@aero-demo.my')

    // A super admin lands on the admin dashboard, which lives in the backoffice.
    await page.waitForURL(/\/backoffice\/?$/)
    await expect(page.getByText('Welcome, Nurul Huda Aziz').waitFor()).resolves.toBeUndefined()
    await page.getByText('Super Admin').first().waitFor()
    await page.getByText('admin@aero-demo.my').first().waitFor()

    // Credentials are never readable by scripts.
    const cookies = await context.cookies(baseURL)
    const sessionCookie = cookies.find((cookie) => cookie.name === 'aero_session')
    expect(sessionCookie?.httpOnly).toBe(true)
    expect(sessionCookie?.sameSite).toBe('Lax')
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
    expect(storage).not.toMatch(/oat_|token/i)

    // The storefront shows the same person, with the Admin Panel entry.
    await page.goto(`${baseURL}/`)
    const profileToggle = page.getByRole('button', { name: /Nurul Huda Aziz/ })
    await profileToggle.click()
    await page.getByRole('link', { name: 'Admin Panel' }).waitFor()

    // Sign out in the backoffice: both apps are signed out.
    await page.goto(`${baseURL}/backoffice/`)
    await page.getByText('Welcome, Nurul Huda Aziz').waitFor()
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL(`${baseURL}/`)
    await page.getByRole('link', { name: 'Login' }).first().waitFor()

    const me = await page.evaluate(async () => (await fetch('/api/users/me')).status)
    expect(me).toBe(401)

    await page.goto(`${baseURL}/backoffice/`)
    await page.waitForURL(/\/login\?redirectTo=%2Fbackoffice/)
  })

  it('signs out on the storefront and the backoffice is signed out too; the origin is remembered', async () => {
    const { page } = session
    // Opening the backoffice signed out sends the browser to the storefront login ...
    await page.goto(`${baseURL}/backoffice/`)
    await page.waitForURL(/\/login\?redirectTo=%2Fbackoffice/)
    // ... and logging in brings it back there.
    await logIn(page, 'agent@aero-demo.my')
    await page.waitForURL(/\/backoffice\/?$/)
    await page.getByText('Welcome, Farid Hassan').waitFor()
    await page.getByText('Agent Admin').first().waitFor()

    await page.goto(`${baseURL}/`)
    await page.getByRole('button', { name: /Farid Hassan/ }).click()
    await page.getByRole('link', { name: 'Agent Panel' }).waitFor()
    await page.getByRole('button', { name: 'Logout' }).click()
    await page.getByRole('link', { name: 'Login' }).first().waitFor()

    await page.goto(`${baseURL}/backoffice/`)
    await page.waitForURL(/\/login\?redirectTo=%2Fbackoffice/)
  })

  it('a wrong password shows the spec message and keeps the email', async () => {
    const { page } = session
    await page.goto(`${baseURL}/login`)
    await page.getByLabel('Email').fill('member@aero-demo.my')
    await page.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByText('Invalid credentials. Please try again.').waitFor()
    expect(await page.getByLabel('Email').inputValue()).toBe('member@aero-demo.my')
  })
})
