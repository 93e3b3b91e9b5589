// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action as profileAction, loader as profileLoader } from '~/routes/profile'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { EMAIL_PREFERENCES_SAVE_FAILED } from '~/utils/email-preferences.server'

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
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser({ role: 'agent_admin' })) }))
  backend.routes.set('GET /api/me/deletion-request', () => ({ body: { request: null } }))
})

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const PREFERENCES = [
  { kind: 'booking_status', label: 'My bookings: a decision', email: true },
  { kind: 'booking_request', label: 'My agency: a new booking request', email: false },
]
const page = () => new Request('http://localhost:3000/profile', { headers: { Cookie: COOKIE } })
const post = (fields: Array<[string, string]>) =>
  new Request('http://localhost:3000/profile', {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
    body: new URLSearchParams(fields),
  })
const args = (request: Request) => ({ request, params: {}, context: {} })
const sentTo = (method: string, path: string) => backend.requests.filter((r) => r.method === method && r.path === path)
type Loaded = { data: { emailPreferences: unknown } }
type Answered = { data: unknown; init: { status: number } | null }

describe('the profile page: email notifications', () => {
  it('loads the switches of the kinds the backend says the person receives', async () => {
    backend.routes.set('GET /api/notifications/preferences', () => ({ body: PREFERENCES }))
    const loaded = (await profileLoader(args(page()))) as unknown as Loaded
    expect(loaded.data.emailPreferences).toEqual(PREFERENCES)
  })

  it('still shows the profile when the switches cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/notifications/preferences', () => ({ status: 500, body: { message: 'Down' } }))
    const loaded = (await profileLoader(args(page()))) as unknown as Loaded
    expect(loaded.data.emailPreferences).toBeNull()
  })

  it('saves a plain form post: every kind shown, on when ticked, off when not (unticked boxes are not posted)', async () => {
    backend.routes.set('PUT /api/notifications/preferences', () => ({ body: PREFERENCES }))
    const response = (await profileAction(
      args(
        post([
          ['intent', 'email-preferences'],
          ['kinds', 'booking_status'],
          ['kinds', 'booking_request'],
          ['email', 'booking_request'],
        ])
      )
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile')
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith('aero_notice=email-preferences-saved.'))
    ).toBe(true)
    const [sent] = sentTo('PUT', '/api/notifications/preferences')
    expect(JSON.parse(sent!.body)).toEqual({
      preferences: [
        { kind: 'booking_status', email: false },
        { kind: 'booking_request', email: true },
      ],
    })
    expect(sent!.headers['x-xsrf-token']).toBe('x:1')
    // Nothing else on the page was saved.
    expect(sentTo('PUT', '/api/auth/me')).toHaveLength(0)
  })

  it("shows the backend's refusal on the card, not on the profile form", async () => {
    backend.routes.set('PUT /api/notifications/preferences', () => ({
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [{ field: 'preferences.0.kind', message: 'You do not receive this kind of notification.' }],
      },
    }))
    const answer = (await profileAction(
      args(
        post([
          ['intent', 'email-preferences'],
          ['kinds', 'booking_forwarded'],
        ])
      )
    )) as unknown as Answered
    expect(answer.init?.status).toBe(422)
    expect(answer.data).toEqual({
      intent: 'email-preferences',
      formError: 'You do not receive this kind of notification.',
    })

    backend.routes.set('PUT /api/notifications/preferences', () => ({ status: 503, body: { message: 'Down' } }))
    const down = (await profileAction(
      args(
        post([
          ['intent', 'email-preferences'],
          ['kinds', 'booking_status'],
        ])
      )
    )) as unknown as Answered
    expect(down.data).toEqual({ intent: 'email-preferences', formError: EMAIL_PREFERENCES_SAVE_FAILED })
  })

  it('sends nothing for a form that names no kind', async () => {
    const answer = (await profileAction(args(post([['intent', 'email-preferences']])))) as unknown as Answered
    expect(answer.init?.status).toBe(400)
    expect(sentTo('PUT', '/api/notifications/preferences')).toHaveLength(0)
  })
})
