import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { openBrowser } from './browser.ts'
import { DEMO_PASSWORD, freshEmail, logIn, openBrowserWithoutScripts } from './account-support.ts'

const baseURL = inject('baseURL')

describe('accounts on the storefront: sign-in, registration and the route guard', () => {
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
    await logIn(page, 'member@aero-demo.my', DEMO_PASSWORD)

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
    await logIn(page, 'pending@aero-demo.my', DEMO_PASSWORD)

    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.getByText('Agency Membership Pending').waitFor()
    expect(await page.getByRole('link', { name: 'Agency Properties' }).count()).toBe(0)
    // A pending user is not asked to join another agency.
    expect(await page.getByRole('link', { name: 'Join an Agency' }).count()).toBe(0)
  })

  it('registers, is sent to login after two seconds, and signs in', async () => {
    const { page } = session
    const email = freshEmail('new.buyer')
    await page.goto(`${baseURL}/register`)
    await page.getByLabel('Full name').fill('New Buyer')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('secret12')
    await page.getByLabel('Confirm password').fill('secret12')
    await page.getByRole('button', { name: 'Register' }).click()

    await page.getByText('Registration successful!').waitFor()
    const shownAt = Date.now()
    await page.waitForURL(/\/login/, { timeout: 5000 })
    expect(Date.now() - shownAt).toBeGreaterThan(1500)
    await logIn(page, email, 'secret12')
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.getByRole('heading', { name: 'Welcome, New Buyer' }).waitFor()
    await page.getByText('No agency yet').waitFor()
    await page.getByRole('link', { name: 'Join an Agency' }).waitFor()
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

  it('the register screen shows each rule next to its field and clears it on edit', async () => {
    const { page } = session
    await page.goto(`${baseURL}/register`)
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Name is required').waitFor()
    await page.getByText('Email is required').waitFor()
    await page.getByText('Password is required').waitFor()

    await page.getByLabel('Full name').fill('Rule Checker')
    expect(await page.getByText('Name is required').count()).toBe(0)

    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('12345')
    await page.getByLabel('Confirm password').fill('54321')
    await page.getByLabel('Phone').fill('12-34')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Email is invalid').waitFor()
    await page.getByText('Password must be at least 6 characters').waitFor()
    await page.getByText('Passwords do not match').waitFor()
    await page.getByText('Please enter a valid phone number').waitFor()
    // The error is tied to its field.
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true')

    await page.getByLabel('Phone').fill('+60 12 345 6789')
    expect(await page.getByText('Please enter a valid phone number').count()).toBe(0)
  })

  it("the login screen's register mode checks its rules", async () => {
    const { page } = session
    await page.goto(`${baseURL}/login`)
    await page.getByRole('region', { name: 'Log in to your account' }).getByRole('link', { name: 'Register' }).click()
    await page.getByRole('heading', { name: 'Create your account' }).waitFor()
    await page.getByLabel('Full name').fill('Quick Register')
    await page.getByLabel('Email').fill(freshEmail('quick'))
    await page.getByLabel('Password', { exact: true }).fill('abc')
    await page.getByLabel('Confirm password').fill('abd')
    await page.getByRole('button', { name: 'Register' }).click()
    await page.getByText('Password must be at least 6 characters long').waitFor()
    await page.getByText('Passwords do not match').waitFor()
  })

  it('a signed-out visit remembers the page and comes back to it after login', async () => {
    const { page } = session
    await page.goto(`${baseURL}/profile`)
    await page.waitForURL(`${baseURL}/login?redirectTo=%2Fprofile`)
    await logIn(page, 'user@aero-demo.my', DEMO_PASSWORD)
    await page.waitForURL(`${baseURL}/profile`)
    await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor()
    await page.getByText('aisyah', { exact: false }).first().waitFor()
  })

  it('explains why login is asked for, and shows a message parameter as text only', async () => {
    const { page } = session
    await page.goto(`${baseURL}/login?reason=expired`)
    await page.getByText('Your session has expired. Please log in again.').waitFor()
    await page.goto(`${baseURL}/login?reason=no-token`)
    await page.getByText('Please log in to continue.').waitFor()
    await page.goto(`${baseURL}/login?message=${encodeURIComponent('<b id="injected">Hello</b>')}`)
    await page.getByText('<b id="injected">Hello</b>').waitFor()
    expect(await page.locator('#injected').count()).toBe(0)
  })

  it('a wrong role goes to /dashboard; an agent admin is sent to the portfolio in the backoffice', async () => {
    const { page } = session
    await page.goto(`${baseURL}/login`)
    await logIn(page, 'user@aero-demo.my', DEMO_PASSWORD)
    await page.waitForURL(`${baseURL}/enhanced-dashboard`)
    await page.goto(`${baseURL}/agent-dashboard`)
    await page.waitForURL(`${baseURL}/dashboard`)
    await page.getByRole('heading', { name: 'Welcome, Aisyah Rahman' }).waitFor()

    const agent = await openBrowser()
    try {
      await agent.page.goto(`${baseURL}/agency-properties`)
      await agent.page.waitForURL(/\/login\?redirectTo=%2Fagency-properties/)
      await logIn(agent.page, 'agent@aero-demo.my', DEMO_PASSWORD)
      await agent.page.waitForURL(/\/backoffice\/agent-properties/)
    } finally {
      await agent.close()
    }
  })

  it('registration and login work without JavaScript', async () => {
    const plain = await openBrowserWithoutScripts()
    try {
      const { page } = plain
      const email = freshEmail('noscript')
      await page.goto(`${baseURL}/register`)
      await page.getByRole('button', { name: 'Register' }).click()
      await page.getByText('Name is required').waitFor()
      await page.getByLabel('Full name').fill('Plain Html')
      await page.getByLabel('Email').fill(email)
      await page.getByLabel('Password', { exact: true }).fill('secret12')
      await page.getByLabel('Confirm password').fill('secret12')
      await page.getByRole('button', { name: 'Register' }).click()
      await page.getByText('Registration successful!').waitFor()
      await page.getByRole('link', { name: 'Continue to login' }).click()
      await logIn(page, email, 'secret12')
      await page.waitForURL(`${baseURL}/enhanced-dashboard`)
      await page.getByRole('heading', { name: 'Welcome, Plain Html' }).waitFor()
    } finally {
      await plain.close()
    }
  })
})
