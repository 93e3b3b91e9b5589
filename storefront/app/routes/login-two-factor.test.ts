// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action } from '~/routes/login'
import { apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'

/** The login action's code step (two-step sign-in for staff with an authenticator app). */
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
})

const SESSION_COOKIES = ['aero_session=s1; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax', 'XSRF-TOKEN=x1; Path=/']

function postLogin(fields: Record<string, string>) {
  return new Request('http://localhost:3000/login', {
    method: 'POST',
    headers: { Origin: 'http://localhost:3000' },
    body: new URLSearchParams(fields),
  })
}

const run = (request: Request) => action({ request, params: {}, context: {} })
type CodeStep = { challenge: string; kind: string; error: string | null }
type ActionData = {
  data: { formError: string | null; values: Record<string, string>; codeStep: CodeStep | null }
  init: { status?: number; headers?: Headers } | null
}

describe('login action: two-step sign-in', () => {
  it('asks for the code when the password step says so, without signing in', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      headers: { 'Set-Cookie': SESSION_COOKIES },
      body: { twoFactorRequired: true, challenge: 'challenge-1' },
    }))
    const result = (await run(
      postLogin({ intent: 'login', email: 'agent@aero-demo.my', password: 'Demo@2024' })
    )) as ActionData
    expect(result.data.codeStep).toEqual({ challenge: 'challenge-1', kind: 'code', error: null })
    expect(result.data.values.email).toBe('agent@aero-demo.my')
    expect(JSON.stringify(result.data)).not.toContain('Demo@2024')
    const headers = new Headers(result.init?.headers)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(headers.getSetCookie()).toEqual(SESSION_COOKIES)
  })

  it('completes the sign-in with the code and lands on the home of the role', async () => {
    backend.routes.set('POST /api/auth/login/two-factor', () => ({
      headers: { 'Set-Cookie': SESSION_COOKIES },
      body: { token: 'oat_x', user: apiUser({ role: 'agent_admin' }), session: { expiresAt: 'x', windowEndsAt: 'y' } },
    }))
    const response = (await run(
      postLogin({ intent: 'two-factor', challenge: 'challenge-1', kind: 'code', code: '123 456' })
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/agent-dashboard')
    expect(response.headers.getSetCookie()).toEqual(SESSION_COOKIES)
    expect(JSON.parse(backend.requests.at(-1)?.body ?? '')).toEqual({ challenge: 'challenge-1', code: '123 456' })
  })

  it('sends a super admin who must set it up to My Profile in the backoffice', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      body: {
        token: 'oat_x',
        user: apiUser({ role: 'super_admin' }),
        session: { expiresAt: 'x', windowEndsAt: 'y' },
        twoFactorSetupRequired: true,
      },
    }))
    const response = (await run(
      postLogin({ intent: 'login', email: 'admin@aero-demo.my', password: 'Demo@2024' })
    )) as Response
    expect(response.headers.get('Location')).toBe('/backoffice/profile')
  })

  it('sends a recovery code as one', async () => {
    backend.routes.set('POST /api/auth/login/two-factor', () => ({
      body: { token: 'oat_x', user: apiUser({ role: 'super_admin' }), session: { expiresAt: 'x', windowEndsAt: 'y' } },
    }))
    const response = (await run(
      postLogin({ intent: 'two-factor', challenge: 'c', kind: 'recoveryCode', recoveryCode: 'abcde-fghjk' })
    )) as Response
    expect(response.headers.get('Location')).toBe('/admin-dashboard')
    expect(JSON.parse(backend.requests.at(-1)?.body ?? '')).toEqual({ challenge: 'c', recoveryCode: 'abcde-fghjk' })
  })

  it('keeps the code step with the message on a wrong code or too many attempts', async () => {
    backend.routes.set('POST /api/auth/login/two-factor', () => ({
      status: 422,
      body: {
        message: 'Invalid code. Please try again.',
        errors: [{ field: 'code', message: 'Invalid code. Please try again.' }],
      },
    }))
    const wrong = (await run(
      postLogin({ intent: 'two-factor', challenge: 'c', kind: 'code', code: '000000' })
    )) as ActionData
    expect(wrong.init?.status).toBe(422)
    expect(wrong.data.codeStep).toEqual({ challenge: 'c', kind: 'code', error: 'Invalid code. Please try again.' })

    backend.routes.set('POST /api/auth/login/two-factor', () => ({
      status: 429,
      body: { message: 'Too many login attempts. Please try again in 15 minutes.' },
    }))
    const limited = (await run(
      postLogin({ intent: 'two-factor', challenge: 'c', kind: 'code', code: '000000' })
    )) as ActionData
    expect(limited.init?.status).toBe(429)
    expect(limited.data.codeStep?.error).toBe('Too many login attempts. Please try again in 15 minutes.')
  })

  it('checks the code before calling, and goes back to the password when the challenge expired', async () => {
    const malformed = (await run(
      postLogin({ intent: 'two-factor', challenge: 'c', kind: 'code', code: '12ab' })
    )) as ActionData
    expect(malformed.init?.status).toBe(400)
    expect(malformed.data.codeStep?.error).toBe('Enter the 6-digit code from your authenticator app')
    expect(backend.requests).toHaveLength(0)

    const expired = 'Your sign-in has expired. Please enter your email and password again.'
    backend.routes.set('POST /api/auth/login/two-factor', () => ({
      status: 422,
      body: { message: expired, errors: [{ field: 'challenge', message: expired }] },
    }))
    const result = (await run(
      postLogin({ intent: 'two-factor', challenge: 'old', kind: 'code', code: '123456' })
    )) as ActionData
    expect(result.data.codeStep).toBeNull()
    expect(result.data.formError).toBe(expired)
  })
})
