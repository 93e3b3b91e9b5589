import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser } from './browser.ts'
import { Api, unique } from './backoffice-admin-support.ts'
import { agencyIdByName } from './backoffice-agent-support.ts'

const baseURL = inject('baseURL')
const PASSWORD = 'Secret#123'

/**
 * An agent admin of its own for this journey: two-step sign-in stays on for the account at the
 * end, and the demo agent admin is shared by the other journeys.
 */
async function freshAgentAdmin(): Promise<{ email: string; name: string }> {
  const suffix = unique()
  const account = { name: `Two Step ${suffix}`, email: `two.step.${suffix}@example.my` }
  const admin = await Api.signIn(baseURL, 'admin@aero-demo.my')
  const agencyId = await agencyIdByName(baseURL, 'Nilai Prime Realty')
  await admin.call('POST', '/api/users', { ...account, password: PASSWORD, role: 'agent_admin', agencyId })
  return account
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) from the base32 key the profile page shows. */
function totp(key: string, step = Math.floor(Date.now() / 30_000)): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of key.replace(/\s+/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const digest = createHmac('sha1', secret).update(counter).digest()
  const offset = digest[digest.length - 1] & 0x0f
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

async function passwordStep(page: Page, email: string) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

describe('two-step sign-in for staff', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>
  let agent: { email: string; name: string }

  beforeEach(async () => {
    agent = await freshAgentAdmin()
    session = await openBrowser()
  })

  afterEach(async () => {
    await session.close()
  })

  it('an agent admin turns it on in My Profile, signs out, and signs in with password and code', async () => {
    const { page, context } = session
    await page.goto(`${baseURL}/login?redirectTo=%2Fbackoffice`)
    await passwordStep(page, agent.email)
    await page.waitForURL(/\/backoffice\/?/)
    await page.getByText(`Welcome, ${agent.name}`).waitFor()

    // My Profile: turn it on with the manual key and a code from "the app" (computed here).
    await page.goto(`${baseURL}/backoffice/profile`)
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor()
    await page.getByLabel('Current password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    const manualKey = page.getByTestId('two-factor-manual-key')
    await manualKey.waitFor()
    const key = ((await manualKey.textContent()) ?? '').replace(/\s+/g, '')
    expect(key).toMatch(/^[A-Z2-7]{32}$/)
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg').count()
    ).resolves.toBe(1)
    await page.getByLabel('Authentication code').fill(totp(key))
    await page.getByRole('button', { name: 'Confirm' }).click()
    const codes = page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem')
    await codes.first().waitFor()
    expect(await codes.count()).toBe(10)
    await page.getByText(/Two-step sign-in is on\. Recovery codes left: 10/).waitFor()
    await page.getByRole('button', { name: 'I have saved these codes' }).click()

    // Sign out of both apps. The app bar hides while the (long) profile page is scrolled down.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL(`${baseURL}/`)

    // The password alone no longer signs in: the login page asks for the code.
    await page.goto(`${baseURL}/login`)
    await passwordStep(page, agent.email)
    await page.getByRole('heading', { name: 'Enter your verification code' }).waitFor()
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(401)

    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('Invalid code. Please try again.').waitFor()

    // A fresh code (the next step: the one used to confirm cannot be replayed).
    await page.getByLabel('Authentication code').fill(totp(key, Math.floor(Date.now() / 30_000) + 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(/\/backoffice\/?/)
    await page.getByText(`Welcome, ${agent.name}`).waitFor()
    const cookies = await context.cookies(baseURL)
    expect(cookies.find((cookie) => cookie.name === 'aero_session')?.httpOnly).toBe(true)
  })
})
