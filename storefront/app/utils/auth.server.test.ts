// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { assertSameOrigin, getOptionalUser, requireRole, requireUser } from '~/utils/auth.server'
import { runInRequestScope } from '~/utils/request-scope.server'

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

function signedInAs(role: string) {
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser({ role })) }))
}

const pageRequest = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { headers: { Cookie: 'aero_session=s1', ...headers } })

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the guard to throw')
}

describe('getOptionalUser', () => {
  it('returns the signed-in user, asking the backend once per request', async () => {
    signedInAs('user')
    const request = pageRequest('/')
    const [first, second] = await Promise.all([getOptionalUser(request), getOptionalUser(request)])
    expect(first?.email).toBe('member@aero-demo.my')
    expect(second).toBe(first)
    expect(backend.requests).toHaveLength(1)
  })

  it('asks once for all the loaders of one page request, though each gets its own copy of the Request', async () => {
    signedInAs('user')
    // Remix hands the root's loader and the route's each a new Request for the same HTTP request.
    const [root, route] = await runInRequestScope('GET', () =>
      Promise.all([getOptionalUser(pageRequest('/profile')), requireUser(pageRequest('/profile'))])
    )
    expect(root?.email).toBe('member@aero-demo.my')
    expect(route).toBe(root)
    expect(backend.requests).toHaveLength(1)
  })

  it('asks again for a form post (its action may change who is asking) and outside any request scope', async () => {
    signedInAs('user')
    await runInRequestScope('POST', () =>
      Promise.all([getOptionalUser(pageRequest('/profile')), getOptionalUser(pageRequest('/profile'))])
    )
    expect(backend.requests).toHaveLength(2)
    await Promise.all([getOptionalUser(pageRequest('/')), getOptionalUser(pageRequest('/'))])
    expect(backend.requests).toHaveLength(4)
  })

  it('is null when the backend says 401, and when it cannot be reached', async () => {
    backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    expect(await getOptionalUser(pageRequest('/'))).toBeNull()

    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/auth/session', () => ({ status: 500, body: { message: 'boom' } }))
    expect(await getOptionalUser(pageRequest('/'))).toBeNull()
  })

  it('rejects user data without an id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn({ name: 'No Id', role: 'user' }) }))
    expect(await getOptionalUser(pageRequest('/'))).toBeNull()
  })
})

describe('requireUser', () => {
  it('sends a signed-out visitor to /login, remembering the page, and relays cookies', async () => {
    backend.routes.set('GET /api/auth/session', () => ({
      status: 401,
      headers: { 'Set-Cookie': 'XSRF-TOKEN=x; Path=/' },
      body: { message: 'Unauthorized access' },
    }))
    const response = (await thrown(requireUser(pageRequest('/agency-properties?page=2')))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fagency-properties%3Fpage%3D2')
    expect(response.headers.getSetCookie()).toEqual(['XSRF-TOKEN=x; Path=/'])
  })

  it('says so when the session expired', async () => {
    backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Session expired' } }))
    const response = (await thrown(requireUser(pageRequest('/profile')))) as Response
    expect(response.headers.get('Location')).toBe('/login?reason=expired&redirectTo=%2Fprofile')
  })
})

describe('requireRole', () => {
  it.each([
    ['super_admin', 'super_admin'],
    ['admin', 'super_admin'],
    ['agent_admin', 'agent_admin'],
    ['super_admin', 'agent_admin'],
    ['admin', 'agent_admin'],
  ] as const)('admits %s where %s is required', async (role, required) => {
    signedInAs(role)
    await expect(requireRole(pageRequest('/x'), required)).resolves.toMatchObject({ role })
  })

  it.each([
    ['user', 'agent_admin'],
    ['user', 'super_admin'],
    ['agent_admin', 'super_admin'],
  ] as const)('sends %s to /dashboard where %s is required', async (role, required) => {
    signedInAs(role)
    const response = (await thrown(requireRole(pageRequest('/x'), required))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/dashboard')
  })
})

describe('assertSameOrigin', () => {
  const post = (headers: Record<string, string>) =>
    new Request('http://localhost:3000/login', { method: 'POST', headers: { Host: 'localhost:3000', ...headers } })

  it('lets same-site posts and posts without an Origin through', () => {
    expect(() => assertSameOrigin(post({ Origin: 'http://localhost:3000' }))).not.toThrow()
    expect(() => assertSameOrigin(post({}))).not.toThrow()
  })

  it('refuses a post from another site with 403', () => {
    for (const origin of ['https://evil.example', 'http://localhost:4000', 'null']) {
      let error: unknown
      try {
        assertSameOrigin(post({ Origin: origin }))
      } catch (caught) {
        error = caught
      }
      expect(error).toMatchObject({ init: { status: 403 } })
    }
  })
})
