/**
 * What the backoffice admin journeys share: signing a browser in (the same session the
 * storefront uses), a bearer client of the API to set up data as another person would,
 * and names no other journey or run has used.
 */
import type { BrowserContext, Page } from 'playwright-core'

export const DEMO_PASSWORD = 'Demo@2024'
export const SUPER_ADMIN = 'admin@aero-demo.my'
export const AGENT_ADMIN = 'agent@aero-demo.my'

/** A suffix no other run or journey has used. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

/**
 * Signs the browser in through the API (the login form has its own journeys): the session
 * cookie it sets is the one the storefront and the backoffice both read.
 */
export async function signInBrowser(context: BrowserContext, baseURL: string, email: string): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/auth/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers: { Accept: 'application/json' },
  })
  if (!response.ok()) throw new Error(`login of ${email} failed: ${response.status()} ${await response.text()}`)
}

/** Opens a backoffice page and waits for the shell (the signed-in sidebar) to be there. */
export async function openBackoffice(page: Page, baseURL: string, path: string): Promise<void> {
  await page.goto(`${baseURL}/backoffice${path}`)
  // In the tree even while a dialog the address opens (?booking=...) hides the page behind it.
  await page.getByRole('region', { name: 'Signed-in user', includeHidden: true }).waitFor({ state: 'attached' })
}

/** A bearer-token client of the backend, through the gateway. */
export class Api {
  readonly user: { id: number; email: string; name: string }
  private readonly baseURL: string
  private readonly token: string

  private constructor(baseURL: string, token: string, user: { id: number; email: string; name: string }) {
    this.baseURL = baseURL
    this.token = token
    this.user = user
  }

  static async signIn(baseURL: string, email: string, password = DEMO_PASSWORD): Promise<Api> {
    const response = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (!response.ok) throw new Error(`API login of ${email} failed: ${response.status} ${await response.text()}`)
    const body = (await response.json()) as { token: string; user: { id: number; email: string; name: string } }
    return new Api(baseURL, body.token, body.user)
  }

  /** POST /api/auth/register: a fresh account of role user. */
  static async register(
    baseURL: string,
    name: string,
    email: string
  ): Promise<{ id: number; name: string; email: string }> {
    const response = await fetch(`${baseURL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name, email, password: 'Secret#123' }),
    })
    if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`)
    return ((await response.json()) as { user: { id: number; name: string; email: string } }).user
  }

  async send(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.send(method, path, body)
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }
}

export interface PublicLot {
  id: number
  unitNumber: string | null
  lotNumber: string
  status: string
}

/** The hub's lots, as any visitor sees them. */
export async function hubLots(baseURL: string): Promise<PublicLot[]> {
  const response = await fetch(`${baseURL}/api/lots/public`, { headers: { Accept: 'application/json' } })
  if (!response.ok) throw new Error(`GET /api/lots/public: ${response.status}`)
  return (await response.json()) as PublicLot[]
}

export async function hubLot(baseURL: string, unitNumber: string): Promise<PublicLot> {
  const lot = (await hubLots(baseURL)).find((candidate) => candidate.unitNumber === unitNumber)
  if (!lot) throw new Error(`${unitNumber} is not on the hub`)
  return lot
}
