// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_LINK_TEXTS } from '~/features/login/login-screen'
import { action as loginAction, loader as loginLoader } from '~/routes/login'
import { TRUST_TEXTS, action as trustAction, loader as trustLoader } from '~/routes/login_.trust'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'

/**
 * The way past an account's sign-in limit: the login page offers the emailed link when the
 * account's limit (not the address's) answered, and the link's page makes this browser a known
 * device, then sends it to the login page.
 */
let backend: FakeBackend

beforeAll(async () => {
  backend = await startFakeBackend()
  vi.stubEnv('BACKEND_URL', backend.url)
})
afterAll(async () => {
  vi.unstubAllEnvs()
  await backend.close()
})
beforeEach(() => {
  backend.requests.length = 0
  backend.routes.clear()
  backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
})

const ACCOUNT_LIMITED =
  'Too many failed login attempts on this account. Please try again in 1 minute, or sign in from a browser you have signed in with before. You can also ask for a sign-in link by email to trust this browser.'
const LINK_SENT =
  'If an account uses this email, we have sent it a link that lets this browser sign in. The link works once, for 30 minutes.'
const DEVICE_COOKIE = 'aero_device=s%3Aabc.def; Max-Age=15552000; Path=/; HttpOnly; SameSite=Lax'

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { Origin: 'http://localhost:3000' },
    body: new URLSearchParams(fields),
  })
}
const args = (request: Request) => ({ request, params: {}, context: {} })

type LoginResult = {
  data: {
    formError: string | null
    values: Record<string, string>
    deviceLink: { offered: boolean; sent: string | null } | null
  }
  init: { status: number }
}

describe('login: the emailed link after the account limit', () => {
  it("offers the link when the account's limit answered, with the server's message", async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 429,
      headers: { 'Retry-After': '60' },
      body: { message: ACCOUNT_LIMITED, reason: 'account_limit' },
    }))
    const result = (await loginAction(
      args(post('/login', { intent: 'login', email: 'owner@example.my', password: 'Secret#123' }))
    )) as LoginResult
    expect(result.init.status).toBe(429)
    expect(result.data.formError).toBe(ACCOUNT_LIMITED)
    expect(result.data.deviceLink).toEqual({ offered: true, sent: null })
    expect(result.data.values.email).toBe('owner@example.my')
  })

  it("does not offer it for the address's limit or a wrong password", async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 429,
      body: { message: 'Too many login attempts. Please try again in 15 minutes.' },
    }))
    const perAddress = (await loginAction(
      args(post('/login', { intent: 'login', email: 'owner@example.my', password: 'x' }))
    )) as LoginResult
    expect(perAddress.data.deviceLink).toBeNull()

    backend.routes.set('POST /api/auth/login', () => ({
      status: 401,
      body: { message: 'Invalid credentials. Please try again.' },
    }))
    const wrong = (await loginAction(
      args(post('/login', { intent: 'login', email: 'owner@example.my', password: 'x' }))
    )) as LoginResult
    expect(wrong.data.deviceLink).toBeNull()
  })

  it('asks the backend to email the link and shows its answer, whatever the email', async () => {
    backend.routes.set('POST /api/auth/trust-device', () => ({ status: 202, body: { message: LINK_SENT } }))
    const result = (await loginAction(
      args(post('/login', { intent: 'device-link', email: 'owner@example.my' }))
    )) as LoginResult
    expect(backend.requests.at(-1)?.path).toBe('/api/auth/trust-device')
    expect(JSON.parse(backend.requests.at(-1)?.body ?? '')).toEqual({ email: 'owner@example.my' })
    expect(result.init.status).toBe(200)
    expect(result.data.deviceLink).toEqual({ offered: false, sent: LINK_SENT })
    expect(result.data.formError).toBeNull()
    expect(result.data.values.email).toBe('owner@example.my')
  })

  it("a refused ask shows the server's message and keeps the offer", async () => {
    const refusal = 'Too many sign-in link requests from your connection. Please try again in 40 minutes.'
    backend.routes.set('POST /api/auth/trust-device', () => ({ status: 429, body: { message: refusal } }))
    const result = (await loginAction(
      args(post('/login', { intent: 'device-link', email: 'owner@example.my' }))
    )) as LoginResult
    expect(result.init.status).toBe(429)
    expect(result.data.formError).toBe(refusal)
    expect(result.data.deviceLink).toEqual({ offered: true, sent: null })
  })

  it('says the browser is trusted when the link page sent it here', async () => {
    const load = (url: string) => loginLoader(args(new Request(url)))
    expect(await load('http://localhost:3000/login?reason=trusted')).toMatchObject({ trusted: true, notice: null })
    expect(await load('http://localhost:3000/login')).toMatchObject({ trusted: false })
    expect(DEVICE_LINK_TEXTS.trusted).toBe('This browser is now trusted for your account. Sign in with your password.')
  })
})

describe("the link's page (/login/trust)", () => {
  it('opening the link spends nothing: only the button posts the token', async () => {
    const response = (await trustLoader(args(new Request('http://localhost:3000/login/trust?token=tok_123')))) as {
      data: { token: string | null }
      init: { headers: Record<string, string> }
    }
    expect(response.data).toEqual({ token: 'tok_123' })
    expect(response.init.headers['Cache-Control']).toBe('no-store')
    expect(backend.requests.filter((request) => request.path.startsWith('/api/auth/trust-device'))).toEqual([])
  })

  it('confirms the token, relays the device cookie and sends the browser to the login page', async () => {
    backend.routes.set('POST /api/auth/trust-device/confirm', () => ({
      headers: { 'Set-Cookie': [DEVICE_COOKIE] },
      body: { message: DEVICE_LINK_TEXTS.trusted, deviceCookie: 'aero_device=s%3Aabc.def' },
    }))
    const response = (await trustAction(args(post('/login/trust?token=tok_123', { token: 'tok_123' })))) as Response
    expect(JSON.parse(backend.requests.at(-1)?.body ?? '')).toEqual({ token: 'tok_123' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?reason=trusted')
    expect(response.headers.getSetCookie()).toEqual([DEVICE_COOKIE])
  })

  it("an expired or used link shows the server's message", async () => {
    const invalid = 'This link has expired or was already used. Ask for a new one on the login page.'
    backend.routes.set('POST /api/auth/trust-device/confirm', () => ({
      status: 422,
      body: { message: invalid, errors: [{ field: 'token', message: invalid }] },
    }))
    const result = (await trustAction(args(post('/login/trust?token=old', { token: 'old' })))) as {
      data: { error: string }
      init: { status: number }
    }
    expect(result.init.status).toBe(422)
    expect(result.data.error).toBe(invalid)
  })

  it('a post without a token asks for the link from the email', async () => {
    const result = (await trustAction(args(post('/login/trust', {})))) as { data: { error: string } }
    expect(result.data.error).toBe(TRUST_TEXTS.missing)
    expect(backend.requests).toEqual([])
  })
})
