// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loader as adminSection } from '~/routes/admin.$'
import { loader as adminDashboard } from '~/routes/admin-dashboard'
import { loader as agentSection } from '~/routes/agent.$'
import { loader as agentDashboard } from '~/routes/agent-dashboard'
import { loader as agentProperties } from '~/routes/agent-properties._index'
import { loader as createBooking } from '~/routes/bookings.create'
import { action as logout } from '~/routes/logout'
import { loader as properties } from '~/routes/properties._index'
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
})

const signedInAs = (role: string) =>
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser({ role })) }))
const signedOut = () =>
  backend.routes.set('GET /api/auth/session', () => ({ status: 401, body: { message: 'Unauthorized' } }))

const args = (path: string, params: Record<string, string> = {}) => ({
  request: new Request(`http://localhost:3000${path}`, { headers: { Cookie: 'aero_session=s1' } }),
  params,
  context: {},
})

async function location(run: () => Promise<Response>): Promise<string | null> {
  const response = await run().catch((thrown: unknown) => thrown as Response)
  return response.headers.get('Location')
}

describe('backoffice routes', () => {
  it('sends a super admin to the backoffice pages', async () => {
    signedInAs('super_admin')
    expect(await location(() => adminDashboard(args('/admin-dashboard')))).toBe('/backoffice/')
    expect(await location(() => adminSection(args('/admin/agencies/7', { '*': 'agencies/7' })))).toBe(
      '/backoffice/admin/agencies/7'
    )
  })

  it('sends an agent admin on, keeping the query', async () => {
    signedInAs('agent_admin')
    expect(await location(() => agentDashboard(args('/agent-dashboard?tab=manage-bookings')))).toBe(
      '/backoffice/agent-dashboard?tab=manage-bookings'
    )
    expect(await location(() => createBooking(args('/bookings/create?userId=12')))).toBe(
      '/backoffice/bookings/create?userId=12'
    )
    expect(await location(() => agentSection(args('/agent/booking-requests', { '*': 'booking-requests' })))).toBe(
      '/backoffice/agent/booking-requests'
    )
    expect(await location(() => agentProperties(args('/agent-properties')))).toBe('/backoffice/agent-properties')
  })

  it('asks for a full page load, since the backoffice is another app', async () => {
    signedInAs('agent_admin')
    const response = await agentDashboard(args('/agent-dashboard'))
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true')
  })

  it('runs the route guard first', async () => {
    signedInAs('agent_admin')
    expect(await location(() => adminSection(args('/admin/users', { '*': 'users' })))).toBe('/dashboard')
    signedInAs('user')
    expect(await location(() => agentDashboard(args('/agent-dashboard')))).toBe('/dashboard')
    signedOut()
    expect(await location(() => agentDashboard(args('/agent-dashboard?tab=x')))).toBe(
      '/login?redirectTo=%2Fagent-dashboard%3Ftab%3Dx'
    )
  })
})

describe('/properties', () => {
  it('redirects to the hub', async () => {
    const response = properties()
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe('/aero-industrial-hub')
  })
})

describe('logout action', () => {
  const post = (origin = 'http://localhost:3000') =>
    new Request('http://localhost:3000/logout', {
      method: 'POST',
      headers: { Origin: origin, Cookie: 'aero_session=s1; XSRF-TOKEN=x%3A1' },
    })

  it('ends the backend session with the CSRF header, relays its cookies and goes home', async () => {
    backend.routes.set('POST /api/auth/logout', () => ({
      headers: { 'Set-Cookie': ['aero_session=; Max-Age=0; Path=/', 'XSRF-TOKEN=x2; Path=/'] },
      body: { message: 'Logged out' },
    }))
    const response = await logout({ request: post(), params: {}, context: {} })
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie()).toEqual(['aero_session=; Max-Age=0; Path=/', 'XSRF-TOKEN=x2; Path=/'])
    expect(backend.requests[0].headers['x-xsrf-token']).toBe('x:1')
  })

  it('clears the session cookie itself when the backend cannot', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('POST /api/auth/logout', () => ({ status: 500, body: { message: 'boom' } }))
    const response = await logout({ request: post(), params: {}, context: {} })
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie()).toEqual(['aero_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'])
  })

  it('refuses a cross-site logout', async () => {
    await expect(logout({ request: post('https://evil.example'), params: {}, context: {} })).rejects.toMatchObject({
      init: { status: 403 },
    })
    expect(backend.requests).toHaveLength(0)
  })
})
