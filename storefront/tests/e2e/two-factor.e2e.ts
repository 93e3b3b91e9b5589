import { createHmac } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { openBrowser } from './browser.ts'

const baseURL = inject('baseURL')
const AGENT = 'agent@aero-demo.my'
const PASSWORD = 'Demo@2024'

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

async function passwordStep(page: Page) {
  await page.getByLabel('Email').fill(AGENT)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Turns two-step sign-in off again through the API (the demo agent is shared by other journeys). */
async function turnOffByApi(key: string) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer none' },
    body: JSON.stringify({ email: AGENT, password: PASSWORD }),
  })
  const first = (await login.json()) as { challenge?: string; token?: string }
  let token = first.token
  if (first.challenge) {
    const code = await fetch(`${baseURL}/api/auth/login/two-factor`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer none' },
      body: JSON.stringify({ challenge: first.challenge, code: totp(key, Math.floor(Date.now() / 30_000) + 1) }),
    })
    token = ((await code.json()) as { token?: string }).token
  }
  if (!token) return
  await fetch(`${baseURL}/api/auth/two-factor/disable`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ password: PASSWORD }),
  })
}

describe('two-step sign-in for staff', () => {
  let session: Awaited<ReturnType<typeof openBrowser>>
  let key = ''

  beforeEach(async () => {
    session = await openBrowser()
  })

  afterEach(async () => {
    if (key) await turnOffByApi(key)
    await session.close()
  })

  it('an agent admin turns it on in My Profile, signs out, and signs in with password and code', async () => {
    const { page, context } = session
    await page.goto(`${baseURL}/login?redirectTo=%2Fbackoffice`)
    await passwordStep(page)
    await page.waitForURL(/\/backoffice\/?/)
    await page.getByText('Welcome, Farid Hassan').waitFor()

    // My Profile: turn it on with the manual key and a code from "the app" (computed here).
    await page.goto(`${baseURL}/backoffice/profile`)
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor()
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    const manualKey = page.getByTestId('two-factor-manual-key')
    await manualKey.waitFor()
    key = ((await manualKey.textContent()) ?? '').replace(/\s+/g, '')
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

    // Sign out of both apps.
    await page.getByRole('button', { name: 'Profile' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.waitForURL(`${baseURL}/`)

    // The password alone no longer signs in: the login page asks for the code.
    await page.goto(`${baseURL}/login`)
    await passwordStep(page)
    await page.getByRole('heading', { name: 'Enter your verification code' }).waitFor()
    expect(await page.evaluate(async () => (await fetch('/api/users/me')).status)).toBe(401)

    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.getByText('Invalid code. Please try again.').waitFor()

    // A fresh code (the next step: the one used to confirm cannot be replayed).
    await page.getByLabel('Authentication code').fill(totp(key, Math.floor(Date.now() / 30_000) + 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(/\/backoffice\/?/)
    await page.getByText('Welcome, Farid Hassan').waitFor()
    const cookies = await context.cookies(baseURL)
    expect(cookies.find((cookie) => cookie.name === 'aero_session')?.httpOnly).toBe(true)
  })
})
