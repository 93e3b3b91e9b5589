// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action, loader } from '~/routes/login'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'

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

const SESSION_COOKIES = [
  'aero_session=s1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax',
  'XSRF-TOKEN=x1; Path=/; SameSite=Lax',
]

function signInAnswers(role: string) {
  backend.routes.set('POST /api/auth/login', () => ({
    headers: { 'Set-Cookie': SESSION_COOKIES },
    body: { token: 'oat_secret', user: apiUser({ role }), session: { expiresAt: 'x', windowEndsAt: 'y' } },
  }))
}

function postLogin(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request('http://localhost:3000/login', {
    method: 'POST',
    headers: { Origin: 'http://localhost:3000', ...headers },
    body: new URLSearchParams(fields),
  })
}

const run = (request: Request) => action({ request, params: {}, context: {} })
type ActionData = {
  data: { formError: string | null; fieldErrors: Record<string, string>; values: Record<string, string> }
  init: { status: number }
}

describe('login action', () => {
  it.each([
    ['super_admin', '/admin-dashboard'],
    ['admin', '/admin-dashboard'],
    ['agent_admin', '/agent-dashboard'],
    ['user', '/enhanced-dashboard'],
  ])('sends %s to %s and relays every session cookie', async (role, target) => {
    signInAnswers(role)
    const response = (await run(
      postLogin({ intent: 'login', email: 'member@aero-demo.my', password: 'Demo@2024' })
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(target)
    expect(response.headers.getSetCookie()).toEqual(SESSION_COOKIES)
    expect(JSON.parse(backend.requests.at(-1)?.body ?? '')).toEqual({
      email: 'member@aero-demo.my',
      password: 'Demo@2024',
    })
  })

  it('goes back to a remembered same-site page, never to another site', async () => {
    signInAnswers('user')
    const back = (await run(
      postLogin({ intent: 'login', email: 'a@b.my', password: 'x', redirectTo: '/agency-properties?x=1' })
    )) as Response
    expect(back.headers.get('Location')).toBe('/agency-properties?x=1')

    const offsite = (await run(
      postLogin({ intent: 'login', email: 'a@b.my', password: 'x', redirectTo: '//evil.example' })
    )) as Response
    expect(offsite.headers.get('Location')).toBe('/enhanced-dashboard')
  })

  it('shows the invalid-credentials text on 401 and keeps the email, not the password', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 401,
      body: { message: 'Invalid credentials. Please try again.' },
    }))
    const result = (await run(
      postLogin({ intent: 'login', email: 'member@aero-demo.my', password: 'wrong' })
    )) as ActionData
    expect(result.init.status).toBe(401)
    expect(result.data.formError).toBe('Invalid credentials. Please try again.')
    expect(result.data.values).toEqual({ name: '', email: 'member@aero-demo.my' })
    expect(JSON.stringify(result.data)).not.toContain('wrong')
  })

  it("shows the server's message on 429", async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      status: 429,
      body: { message: 'Too many attempts. Wait 10 minutes.' },
    }))
    const result = (await run(postLogin({ intent: 'login', email: 'a@b.my', password: 'x' }))) as ActionData
    expect(result.data.formError).toBe('Too many attempts. Wait 10 minutes.')
  })

  it('shows the connection error when the backend is down', async () => {
    vi.stubEnv('BACKEND_URL', 'http://127.0.0.1:9')
    try {
      const result = (await run(postLogin({ intent: 'login', email: 'a@b.my', password: 'x' }))) as ActionData
      expect(result.data.formError).toBe(
        'Connection error. The system cannot connect to the server right now. Please try again later.'
      )
    } finally {
      vi.stubEnv('BACKEND_URL', backend.url)
    }
  })

  it('checks the fields before calling the backend', async () => {
    const result = (await run(postLogin({ intent: 'login', email: '', password: '' }))) as ActionData
    expect(result.init.status).toBe(400)
    expect(result.data.fieldErrors).toEqual({ email: 'Email is required', password: 'Password is required' })
    expect(backend.requests).toHaveLength(0)
  })

  it('registers in register mode, then signs the new user in', async () => {
    backend.routes.set('POST /api/auth/register', () => ({
      status: 201,
      headers: { 'Set-Cookie': SESSION_COOKIES },
      body: { token: 't', user: apiUser({ agencyStatus: 'none', agencyId: null }), session: {} },
    }))
    const response = (await run(
      postLogin({
        intent: 'register',
        name: 'Nur Aina',
        email: 'aina@example.my',
        password: 'secret1',
        confirmPassword: 'secret1',
      })
    )) as Response
    expect(response.headers.get('Location')).toBe('/enhanced-dashboard')
    expect(response.headers.getSetCookie()).toEqual(SESSION_COOKIES)
  })

  it('returns registration field errors from the server beside their fields', async () => {
    backend.routes.set('POST /api/auth/register', () => ({
      status: 422,
      body: { message: 'Validation failed', errors: [{ field: 'email', message: 'The email has already been taken' }] },
    }))
    const result = (await run(
      postLogin({
        intent: 'register',
        name: 'Nur Aina',
        email: 'aina@example.my',
        password: 'secret1',
        confirmPassword: 'secret1',
      })
    )) as ActionData
    expect(result.data.fieldErrors).toEqual({ email: 'The email has already been taken' })
    expect(result.data.formError).toBeNull()
  })

  const REGISTRATION = {
    intent: 'register',
    name: 'Nur Aina',
    email: 'aina@example.my',
    password: 'secret1',
    confirmPassword: 'secret1',
  }

  it('registers through the same API call as /register, then signs in like a login', async () => {
    backend.routes.set('POST /api/auth/register', () => ({
      status: 201,
      headers: { 'Set-Cookie': SESSION_COOKIES },
      body: { token: 't', user: apiUser({ agencyStatus: 'none', agencyId: null }), session: {} },
    }))
    const response = (await run(postLogin({ ...REGISTRATION, redirectTo: '/aero-industrial-hub' }))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/aero-industrial-hub')
    expect(response.headers.getSetCookie()).toEqual(SESSION_COOKIES)
    const sent = backend.requests.at(-1)
    expect(sent?.path).toBe('/api/auth/register')
    expect(JSON.parse(sent?.body ?? '')).toEqual({
      name: 'Nur Aina',
      email: 'aina@example.my',
      password: 'secret1',
      confirmPassword: 'secret1',
    })
  })

  it.each([
    ['a one-letter name', { name: 'N' }, { name: 'Name must be at least 2 characters long' }],
    [
      'a short password',
      { password: '12345', confirmPassword: '12345' },
      { password: 'Password must be at least 6 characters long' },
    ],
    ['a confirmation that differs', { confirmPassword: 'secret2' }, { confirmPassword: 'Passwords do not match' }],
    [
      'nothing at all',
      { name: '', email: '', password: '', confirmPassword: '' },
      { name: 'Name is required', email: 'Email is required', password: 'Password is required' },
    ],
  ])('register mode refuses %s with the spec text, calling nothing', async (_case, fields, fieldErrors) => {
    const result = (await run(postLogin({ ...REGISTRATION, ...fields }))) as ActionData
    expect(result.init.status).toBe(400)
    expect(result.data.fieldErrors).toEqual(fieldErrors)
    expect(result.data).toMatchObject({ mode: 'register', formError: null })
    expect(JSON.stringify(result.data)).not.toContain('secret')
    expect(backend.requests).toHaveLength(0)
  })

  it('login mode checks only the login fields (a short password is for the server to judge)', async () => {
    signInAnswers('user')
    const response = (await run(
      postLogin({ intent: 'login', email: 'member@aero-demo.my', password: '123', name: '' })
    )) as Response
    expect(response.status).toBe(302)
    expect(backend.requests.at(-1)?.path).toBe('/api/auth/login')
  })

  it('refuses a form posted from another site', async () => {
    signInAnswers('user')
    await expect(
      run(postLogin({ intent: 'login', email: 'a@b.my', password: 'x' }, { Origin: 'https://evil.example' }))
    ).rejects.toMatchObject({ init: { status: 403 } })
    expect(backend.requests).toHaveLength(0)
  })
})

describe('login loader', () => {
  const load = (url: string) => loader({ request: new Request(url), params: {}, context: {} })

  it('explains an expired session and shows ?message as given', async () => {
    const result = await load('http://localhost:3000/login?reason=expired&message=%3Cb%3EHi%3C%2Fb%3E')
    expect(result).toMatchObject({ notice: 'Your session has expired. Please log in again.', message: '<b>Hi</b>' })
  })

  it('asks to log in when there was no sign-in (reason=no-token)', async () => {
    expect(await load('http://localhost:3000/login?reason=no-token')).toMatchObject({
      notice: 'Please log in to continue.',
      message: null,
    })
    expect(await load('http://localhost:3000/login?reason=other')).toMatchObject({ notice: null })
  })

  it('opens in register mode at /login?mode=register, in login mode otherwise', async () => {
    expect(await load('http://localhost:3000/login?mode=register&redirectTo=%2Fprofile')).toMatchObject({
      mode: 'register',
      redirectTo: '/profile',
    })
    expect(await load('http://localhost:3000/login')).toMatchObject({ mode: 'login' })
    expect(await load('http://localhost:3000/login?mode=anything')).toMatchObject({ mode: 'login' })
  })

  it('prefills the demo member only on a development server on localhost', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect((await load('http://localhost:3000/login')).demoAccount).toEqual({
      email: 'member@aero-demo.my',
      password: 'Demo@2024',
    })
    expect((await load('http://aero.example.my/login')).demoAccount).toBeNull()
    vi.stubEnv('NODE_ENV', 'production')
    expect((await load('http://localhost:3000/login')).demoAccount).toBeNull()
    vi.stubEnv('NODE_ENV', 'test')
  })

  it('sends a signed-in user on to their page', async () => {
    backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser({ role: 'agent_admin' })) }))
    await expect(load('http://localhost:3000/login')).rejects.toMatchObject({ status: 302 })
  })
})
