// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loader as agencyPropertiesLoader } from '~/routes/agency-properties'
import { action as agencyRequestAction } from '~/routes/agency-request'
import { action as dashboardAction, loader as dashboardLoader, shouldRevalidate } from '~/routes/enhanced-dashboard'
import { action as profileAction } from '~/routes/profile'
import { action as sessionAction, loader as sessionLoader } from '~/routes/resources.session'
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

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const signedInAs = (overrides: Record<string, unknown> = {}) =>
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser(overrides)) }))

const page = (path: string) => new Request(`http://localhost:3000${path}`, { headers: { Cookie: COOKIE } })
const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
    body: new URLSearchParams(fields),
  })
const args = (request: Request) => ({ request, params: {}, context: {} })

async function settle(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run()
  } catch (thrown) {
    return thrown
  }
}

type Result<T> = { data: T; init: { status: number } | null }
const sentTo = (method: string, path: string) => backend.requests.filter((r) => r.method === method && r.path === path)

describe('the route guard on the signed-in pages', () => {
  it('sends a signed-out visitor to /login, remembering the page and its query', async () => {
    backend.routes.set('GET /api/auth/session', () => ({
      status: 401,
      body: { message: 'Authentication required. Please log in.' },
    }))
    const response = (await settle(() => dashboardLoader(args(page('/enhanced-dashboard?tab=bookings'))))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fenhanced-dashboard%3Ftab%3Dbookings')
  })

  it('says the session expired when the backend says so', async () => {
    backend.routes.set('GET /api/auth/session', () => ({
      status: 401,
      body: { message: 'Your session has expired. Please log in again.' },
    }))
    const response = (await settle(() => dashboardLoader(args(page('/enhanced-dashboard'))))) as Response
    expect(response.headers.get('Location')).toBe('/login?reason=expired&redirectTo=%2Fenhanced-dashboard')
  })

  it('goes to login when the sign-in ends between two calls of one page', async () => {
    signedInAs()
    backend.routes.set('GET /api/bookings/user', () => ({
      status: 401,
      headers: { 'Set-Cookie': 'XSRF-TOKEN=x2; Path=/' },
      body: { message: 'Your session has expired. Please log in again.' },
    }))
    const response = (await settle(() => dashboardLoader(args(page('/dashboard?tab=bookings'))))) as Response
    expect(response.headers.get('Location')).toBe('/login?reason=expired&redirectTo=%2Fdashboard%3Ftab%3Dbookings')
    expect(response.headers.getSetCookie()).toEqual(['XSRF-TOKEN=x2; Path=/'])
  })

  it("sends an agent admin from /agency-properties to the backoffice's portfolio", async () => {
    signedInAs({ role: 'agent_admin' })
    const response = (await settle(() => agencyPropertiesLoader(args(page('/agency-properties'))))) as Response
    expect(response.headers.get('Location')).toBe('/backoffice/agent-properties')
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true')
  })
})

describe('/agency-properties', () => {
  it('tells a user without an agency, or not yet approved, why there is nothing to see', async () => {
    signedInAs({ agencyId: null, agencyStatus: 'none' })
    expect(await agencyPropertiesLoader(args(page('/agency-properties')))).toMatchObject({
      denied: 'You must be associated with an agency to view agency properties',
    })
    signedInAs({ agencyStatus: 'pending' })
    expect(await agencyPropertiesLoader(args(page('/agency-properties')))).toMatchObject({
      denied: 'You must be an approved agency member to view agency properties',
    })
    expect(backend.requests.some((r) => r.path.startsWith('/api/agent-properties'))).toBe(false)
  })

  it("loads an approved member's agency properties, or says why it could not", async () => {
    signedInAs()
    backend.routes.set('GET /api/agent-properties/agency/4', () => ({
      body: { success: true, data: [{ id: 9, displayName: 'Corner lot' }] },
    }))
    const loaded = (await agencyPropertiesLoader(args(page('/agency-properties')))) as { properties: Promise<unknown> }
    expect(await loaded.properties).toEqual({ ok: true, properties: [{ id: 9, displayName: 'Corner lot' }] })

    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/agent-properties/agency/4', () => ({
      status: 500,
      body: { message: 'Database unavailable' },
    }))
    const failed = (await agencyPropertiesLoader(args(page('/agency-properties')))) as { properties: Promise<unknown> }
    expect(await failed.properties).toEqual({
      ok: false,
      denied: false,
      message: 'Failed to load agency properties: Database unavailable',
    })
  })
})

describe('the dashboard: cancelling a booking', () => {
  it('cancels with the XSRF header, closes the dialog and hands over the success notice', async () => {
    signedInAs()
    backend.routes.set('DELETE /api/bookings/41', () => ({
      body: { message: 'Booking cancelled successfully', id: 41 },
    }))
    const response = (await dashboardAction(
      args(
        post('/enhanced-dashboard?tab=bookings&status=pending&booking=41', {
          intent: 'cancel-booking',
          bookingId: '41',
        })
      )
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/enhanced-dashboard?tab=bookings&status=pending')
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('aero_notice=booking-cancelled.'))).toBe(
      true
    )
    expect(sentTo('DELETE', '/api/bookings/41')[0].headers['x-xsrf-token']).toBe('x:1')
  })

  it.each([
    [403, 'Not yours', "You don't have permission to cancel this booking. Please contact support."],
    [404, 'Gone', 'Booking not found. It may have already been cancelled or processed.'],
    [
      409,
      'Only a pending booking can be cancelled.',
      'Failed to cancel booking: Only a pending booking can be cancelled.',
    ],
  ])('answers a %i with its message', async (status, serverMessage, shown) => {
    signedInAs()
    backend.routes.set('DELETE /api/bookings/41', () => ({ status, body: { message: serverMessage } }))
    const result = (await dashboardAction(
      args(post('/enhanced-dashboard?tab=bookings', { intent: 'cancel-booking', bookingId: '41' }))
    )) as Result<{ error: string }>
    expect(result.data.error).toBe(shown)
  })

  it('never puts anything but a booking number in the API path', async () => {
    signedInAs()
    const result = (await dashboardAction(
      args(post('/enhanced-dashboard', { intent: 'cancel-booking', bookingId: '../users/12' }))
    )) as Result<{ error: string }>
    expect(result.data.error).toBe('Booking not found. It may have already been cancelled or processed.')
    expect(backend.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0)
  })

  it('goes to login with the spec text when the sign-in was revoked meanwhile', async () => {
    signedInAs()
    backend.routes.set('DELETE /api/bookings/41', () => ({
      status: 401,
      body: { message: 'Authentication required. Please log in.' },
    }))
    const response = (await settle(() =>
      dashboardAction(args(post('/enhanced-dashboard?tab=bookings', { intent: 'cancel-booking', bookingId: '41' })))
    )) as Response
    const location = new URL(response.headers.get('Location') ?? '', 'http://x')
    expect(location.pathname).toBe('/login')
    expect(location.searchParams.get('redirectTo')).toBe('/enhanced-dashboard?tab=bookings')
    expect(location.searchParams.get('message')).toBe('Authentication failed. Please log in again.')
  })
})

describe('the dashboard: profile and password', () => {
  it('checks the profile before sending and keeps what was typed', async () => {
    signedInAs()
    const result = (await dashboardAction(
      args(
        post('/enhanced-dashboard?tab=profile&edit=profile', {
          intent: 'update-profile',
          name: '',
          phone: '123',
          address: 'Nilai',
        })
      )
    )) as Result<{ fieldErrors: Record<string, string>; values: Record<string, string> }>
    expect(result.init?.status).toBe(400)
    expect(result.data.fieldErrors).toEqual({ name: 'Name is required', phone: 'Please enter a valid phone number' })
    expect(result.data.values).toEqual({ name: '', phone: '123', address: 'Nilai' })
    expect(sentTo('PUT', '/api/auth/me')).toHaveLength(0)
  })

  it('sends only what changed besides the name, then closes the form with the notice', async () => {
    // The phone on record was typed with dashes long ago; it is not re-sent unchanged.
    signedInAs({ phone: '+60 16-555 0192', address: null })
    backend.routes.set('PUT /api/auth/me', () => ({ body: apiUser() }))
    const response = (await dashboardAction(
      args(
        post('/enhanced-dashboard?tab=profile&edit=profile', {
          intent: 'update-profile',
          name: ' Daniel Tan ',
          phone: '+60 16-555 0192',
          address: ' 12 Jalan Nilai ',
        })
      )
    )) as Response
    expect(response.headers.get('Location')).toBe('/enhanced-dashboard?tab=profile')
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith('aero_notice=profile-updated.'))).toBe(
      true
    )
    expect(JSON.parse(sentTo('PUT', '/api/auth/me')[0].body)).toEqual({ name: 'Daniel Tan', address: '12 Jalan Nilai' })
  })

  it('shows a wrong current password beside its field, and server failures as the spec says', async () => {
    signedInAs()
    const fields = {
      intent: 'change-password',
      currentPassword: 'wrong',
      newPassword: 'secret12',
      confirmPassword: 'secret12',
    }
    backend.routes.set('POST /api/auth/change-password', () => ({
      status: 422,
      body: {
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      },
    }))
    const wrong = (await dashboardAction(
      args(post('/enhanced-dashboard?tab=profile&dialog=password', fields))
    )) as Result<{
      fieldErrors: Record<string, string>
      formError: string | null
    }>
    expect(wrong.data).toMatchObject({
      fieldErrors: { currentPassword: 'Current password is incorrect' },
      formError: null,
    })
    expect(JSON.stringify(wrong.data)).not.toContain('secret12')

    backend.routes.set('POST /api/auth/change-password', () => ({ status: 500, body: { message: 'boom' } }))
    const broken = (await dashboardAction(
      args(post('/enhanced-dashboard?tab=profile&dialog=password', fields))
    )) as Result<{
      formError: string
    }>
    expect(broken.data.formError).toBe('Server error. Please try again later or contact support.')

    backend.routes.set('POST /api/auth/change-password', () => ({ body: { message: 'Password changed successfully' } }))
    const changed = (await dashboardAction(
      args(post('/enhanced-dashboard?tab=profile&dialog=password', fields))
    )) as Response
    expect(changed.headers.get('Location')).toBe('/enhanced-dashboard?tab=profile')
  })

  it("sends a staff member's second factor with the password change, and shows its refusal", async () => {
    signedInAs({ role: 'agent_admin' })
    const fields = {
      intent: 'change-password',
      currentPassword: 'Secret#123',
      newPassword: 'secret12',
      confirmPassword: 'secret12',
      code: ' 123 456 ',
    }
    const required = 'Enter the 6-digit code from your authenticator app, or a recovery code.'
    backend.routes.set('POST /api/auth/change-password', () => ({
      status: 422,
      body: { message: required, errors: [{ field: 'code', message: required }] },
    }))
    const refused = (await dashboardAction(
      args(post('/enhanced-dashboard?tab=profile&dialog=password', fields))
    )) as Result<{ formError: string | null }>
    expect(refused.data.formError).toBe(required)
    expect(JSON.parse(sentTo('POST', '/api/auth/change-password')[0].body)).toMatchObject({ code: '123 456' })

    await dashboardAction(
      args(post('/enhanced-dashboard?tab=profile&dialog=password', { ...fields, code: 'abcde-fghjk' }))
    )
    expect(JSON.parse(sentTo('POST', '/api/auth/change-password')[1].body)).toMatchObject({
      recoveryCode: 'abcde-fghjk',
    })
  })

  it('the simple profile page saves the name and phone and never the address', async () => {
    signedInAs({ phone: null })
    backend.routes.set('PUT /api/auth/me', () => ({ body: apiUser() }))
    const response = (await profileAction(
      args(
        post('/profile?edit=1', { intent: 'update-profile', name: 'Daniel', phone: '+60123456789', address: 'ignored' })
      )
    )) as Response
    expect(response.headers.get('Location')).toBe('/profile')
    expect(JSON.parse(sentTo('PUT', '/api/auth/me')[0].body)).toEqual({ name: 'Daniel', phone: '+60123456789' })
  })
})

describe('shouldRevalidate of the dashboard', () => {
  const check = (from: string, to: string, formMethod?: string) =>
    shouldRevalidate({
      currentUrl: new URL(`http://x${from}`),
      nextUrl: new URL(`http://x${to}`),
      formMethod: formMethod as 'POST' | undefined,
      defaultShouldRevalidate: true,
      currentParams: {},
      nextParams: {},
    } as Parameters<typeof shouldRevalidate>[0])

  it('keeps the data for tabs, filters, search and the profile dialogs', () => {
    expect(check('/dashboard?tab=overview', '/dashboard?tab=bookings&status=pending&q=mks')).toBe(false)
    expect(check('/dashboard?tab=profile', '/dashboard?tab=profile&dialog=password')).toBe(false)
  })

  it("loads a booking's details, after posts, and when asked again", () => {
    expect(check('/dashboard?tab=bookings', '/dashboard?tab=bookings&booking=4')).toBe(true)
    expect(check('/dashboard?tab=bookings', '/dashboard?tab=bookings', 'POST')).toBe(true)
    expect(check('/dashboard?tab=bookings', '/dashboard?tab=bookings')).toBe(true)
  })
})

describe('/agency-request', () => {
  it('checks the fields and the blocking rules before sending', async () => {
    signedInAs({ agencyId: 4, agencyStatus: 'pending' })
    const empty = (await agencyRequestAction(args(post('/agency-request', { agencyId: '', message: '' })))) as Result<{
      fieldErrors: Record<string, string>
    }>
    expect(empty.data.fieldErrors).toEqual({ agencyId: 'Please select an agency', message: 'Please enter a message' })

    const elsewhere = (await agencyRequestAction(
      args(post('/agency-request', { agencyId: '5', message: 'Hello' }))
    )) as unknown as Result<{ fieldErrors: Record<string, string>; values: Record<string, string> }>
    expect(elsewhere.data.fieldErrors.agencyId).toBe(
      'You already have a pending request for a different agency. Please wait for that request to be processed.'
    )
    expect(elsewhere.data.values).toEqual({ agencyId: '5', message: 'Hello' })
    expect(sentTo('POST', '/api/users/request-agency')).toHaveLength(0)
  })

  it('sends agencyId and requestMessage, then names where to go back to', async () => {
    signedInAs({ agencyId: null, agencyStatus: 'none' })
    backend.routes.set('POST /api/users/request-agency', () => ({
      status: 201,
      body: {
        message: 'Agency membership request submitted successfully! Please wait for approval before booking.',
        agencyId: 5,
      },
    }))
    const result = (await agencyRequestAction(
      args(post('/agency-request', { agencyId: '5', message: ' Please add me ', redirectTo: '/aero-industrial-hub' }))
    )) as Result<{ submitted: boolean; redirectTo: string; message: string }>
    expect(result.data).toMatchObject({ submitted: true, redirectTo: '/aero-industrial-hub' })
    expect(JSON.parse(sentTo('POST', '/api/users/request-agency')[0].body)).toEqual({
      agencyId: 5,
      requestMessage: 'Please add me',
    })

    const offsite = (await agencyRequestAction(
      args(post('/agency-request', { agencyId: '5', message: 'Hi', redirectTo: 'https://evil.example' }))
    )) as Result<{ redirectTo: string }>
    expect(offsite.data.redirectTo).toBe('/enhanced-dashboard')
  })
})

describe('/resources/session', () => {
  it("reads the sign-in's expiry, and says when it has ended", async () => {
    backend.routes.set('GET /api/auth/session', () => ({
      body: { user: apiUser(), session: { expiresAt: '2025-01-01T10:00:00.000Z' } },
    }))
    expect(((await sessionLoader(args(page('/resources/session')))) as Result<unknown>).data).toEqual({
      status: 'active',
      expiresAt: '2025-01-01T10:00:00.000Z',
    })
    backend.routes.set('GET /api/auth/session', () => ({
      status: 401,
      body: { message: 'Your session has expired. Please log in again.' },
    }))
    expect(((await sessionLoader(args(page('/resources/session')))) as Result<unknown>).data).toEqual({
      status: 'expired',
    })
    backend.routes.set('GET /api/auth/session', () => ({
      status: 401,
      body: { message: 'Authentication required. Please log in.' },
    }))
    expect(((await sessionLoader(args(page('/resources/session')))) as Result<unknown>).data).toEqual({
      status: 'signed-out',
    })
  })

  it('extends the sign-in with the XSRF header; without JavaScript it goes back to the page', async () => {
    backend.routes.set('POST /api/auth/session/extend', () => ({
      headers: { 'Set-Cookie': 'aero_session=s2; Path=/; HttpOnly' },
      body: { user: apiUser(), session: { expiresAt: '2025-01-02T10:00:00.000Z' } },
    }))
    const fetched = (await sessionAction(args(post('/resources/session', { intent: 'extend' })))) as Result<unknown>
    expect(fetched.data).toEqual({ status: 'active', expiresAt: '2025-01-02T10:00:00.000Z' })
    expect(sentTo('POST', '/api/auth/session/extend')[0].headers['x-xsrf-token']).toBe('x:1')

    const plain = (await sessionAction(args(post('/resources/session', { redirectTo: '/profile' })))) as Response
    expect(plain.status).toBe(302)
    expect(plain.headers.get('Location')).toBe('/profile')
    expect(plain.headers.getSetCookie()).toEqual(['aero_session=s2; Path=/; HttpOnly'])
  })

  it('refuses a cross-site extension', async () => {
    const request = new Request('http://localhost:3000/resources/session', {
      method: 'POST',
      headers: { Cookie: COOKIE, Origin: 'https://evil.example' },
      body: new URLSearchParams({ intent: 'extend' }),
    })
    await expect(sessionAction(args(request))).rejects.toMatchObject({ init: { status: 403 } })
    expect(backend.requests).toHaveLength(0)
  })
})
