import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'

const baseURL = inject('baseURL')

describe('accounts on the storefront', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('an approved member lands on the dashboard with their agency', async () => {
    const { page } = session
    await page.goto(`${baseURL}/login`)
    await page.getByLabel('Email').fill('member@aero-demo.my')
    await page.getByLabel('Password', { exact: true }).fill('Demo@2024')
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.getByRole('heading', { name: 'Welcome, Daniel Tan Wei Ming' }).waitFor()
    await page.getByText('Member of Nilai Prime Realty').waitFor()
    await page.getByText('Regular User').waitFor()
    // The header offers the agency's properties to approved members only.
    await page.getByRole('link', { name: 'Agency Properties' }).waitFor()
  })

  it('a user with a pending request sees it pending', async () => {
    const { page } = session
    await page.goto(`${baseURL}/enhanced-dashboard`)
    await page.waitForURL(/\/login\?redirectTo=%2Fenhanced-dashboard/)
    await page.getByLabel('Email').fill('pending@aero-demo.my')
    await page.getByLabel('Password', { exact: true }).fill('Demo@2024')
    await page.getByRole('button', { name: 'Login', exact: true }).click()

    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.getByText('Agency Membership Pending').waitFor()
    expect(await page.getByRole('link', { name: 'Agency Properties' }).count()).toBe(0)
  })

  it('registers, is sent to login after two seconds, and signs in', async () => {
    const { page } = session
    const email = `new.buyer.${Date.now()}@example.my`
    await page.goto(`${baseURL}/register`)
    await page.getByLabel('Full name').fill('New Buyer')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByLabel('Confirm password').fill('secret12')
    await page.getByRole('button', { name: 'Register' }).click()

    await page.getByText('Registration successful!').waitFor()
    await page.waitForURL(/\/login/, { timeout: 5000 })
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.getByRole('heading', { name: 'Welcome, New Buyer' }).waitFor()
    await page.getByText('No agency yet').waitFor()
  })

  it('registering an email already in use says so and creates nothing', async () => {
    const { page } = session
    await page.goto(`${baseURL}/register`)
    await page.getByLabel('Full name').fill('Copy Cat')
    await page.getByLabel('Email').fill('member@aero-demo.my')
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByLabel('Confirm password').fill('secret12')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('An account with this email already exists.').first().waitFor()
    expect(page.url()).toContain('/register')
  })
})
