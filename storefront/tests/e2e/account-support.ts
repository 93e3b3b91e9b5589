/**
 * What the account journeys share: the backend's API as a bearer client (to play the
 * agent admin, or to set up a booking), fresh users made through /register, and the
 * e2e database itself (to move a sign-in's expiry, which no screen can do).
 */
import type { Page } from 'playwright-core'
import { openContext } from './browser.ts'

export const DEMO_PASSWORD = 'Demo@2024'

/** An address no other run or journey has used. */
export function freshEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.my`
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login', exact: true }).click()
}

/** Registers through the standalone /register screen, which then goes to /login. */
export async function registerThroughScreen(
  page: Page,
  baseURL: string,
  user: { name: string; email: string; password: string }
): Promise<void> {
  await page.goto(`${baseURL}/register`)
  await page.getByLabel('Full name').fill(user.name)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm password').fill(user.password)
  await page.getByRole('button', { name: 'Register' }).click()
  await page.getByText('Registration successful!').waitFor()
  await page.waitForURL(/\/login/, { timeout: 5000 })
}

/** A bearer-token client of the backend, through the gateway. */
export class ApiClient {
  private readonly baseURL: string
  private readonly token: string
  readonly user: { id: number; email: string; name: string }

  private constructor(baseURL: string, token: string, user: { id: number; email: string; name: string }) {
    this.baseURL = baseURL
    this.token = token
    this.user = user
  }

  static async signIn(baseURL: string, email: string, password: string): Promise<ApiClient> {
    const response = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (!response.ok) throw new Error(`API login of ${email} failed: ${response.status} ${await response.text()}`)
    const body = (await response.json()) as { token: string; user: { id: number; email: string; name: string } }
    return new ApiClient(baseURL, body.token, body.user)
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${this.token}` }
    let payload: BodyInit | undefined
    if (body instanceof FormData) payload = body
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    const response = await fetch(`${this.baseURL}${path}`, { method, headers, body: payload })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path} failed: ${response.status} ${text}`)
    return (text ? JSON.parse(text) : null) as T
  }
}

export async function agencyIdByName(baseURL: string, name: string): Promise<number> {
  const agencies = (await (await fetch(`${baseURL}/api/agencies/public`)).json()) as Array<{ id: number; name: string }>
  const agency = agencies.find((candidate) => candidate.name === name)
  if (!agency) throw new Error(`No agency named ${name}`)
  return agency.id
}

/** A 1 x 1 PNG: real image bytes for the identity card uploads. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

/** The e2e database, named as tests/e2e/stack.ts names it. */
export async function openDatabase() {
  const mysql = await import('mysql2/promise')
  const name = process.env.E2E_DB_NAME ?? 'aero_e2e'
  return mysql.createConnection({
    host: process.env.MYSQL_HOST ?? '127.0.0.1',
    port: Number(process.env.MYSQL_PORT ?? 3306),
    user: process.env.MYSQL_USER ?? 'root',
    password: process.env.MYSQL_PASSWORD ?? '',
    database: name,
    // The backend stores UTC.
    timezone: 'Z',
  })
}

/** A browser with JavaScript off: the forms must work as plain HTML. */
export function openBrowserWithoutScripts() {
  return openContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
}

/**
 * Ends a journey's bookings (turned down by the demo agent admin or the super admin, as each
 * booking's tier asks) so the lots they hold are free for the journeys after it: the demo hub
 * has 24 lots, and every journey that leaves one held takes it from all the others.
 */
export async function releaseBookings(baseURL: string, ids: number[]): Promise<void> {
  const admin = await ApiClient.signIn(baseURL, 'admin@aero-demo.my', DEMO_PASSWORD)
  const agent = await ApiClient.signIn(baseURL, 'agent@aero-demo.my', DEMO_PASSWORD)
  for (const id of ids) {
    const { status } = await admin.call<{ status: string }>('GET', `/api/bookings/${id}`)
    if (status === 'pending_agent') {
      await agent.call('PUT', `/api/bookings/${id}/agent-response`, {
        action: 'reject',
        agentNotes: 'Journey clean-up',
      })
    } else if (status === 'pending_admin' || status === 'approved') {
      await admin.call('PUT', `/api/bookings/${id}/status-update`, { status: 'rejected', message: 'Journey clean-up' })
    }
  }
}
