// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action as profileAction, loader as profileLoader } from '~/routes/profile'
import { apiSignedIn, apiUser, startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { BUMIPUTERA_TEXTS } from '~/utils/bumiputera'

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
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser()) }))
  backend.routes.set('GET /api/me/deletion-request', () => ({ body: { request: null } }))
  backend.routes.set('GET /api/notifications/preferences', () => ({ body: [] }))
})

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const args = (request: Request) => ({ request, params: {}, context: {} })

function declaration(kind: string | null, evidence = true): Request {
  const form = new FormData()
  form.set('intent', 'bumiputera')
  if (kind) form.set('kind', kind)
  if (evidence) form.set('evidence', new File(['%PDF-1.4 certificate'], 'certificate.pdf', { type: 'application/pdf' }))
  return new Request('http://localhost:3000/profile', {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
    body: form,
  })
}

type Answered = { data: Record<string, unknown>; init: { status: number } | null }

describe('the profile page: Bumiputera status', () => {
  it('shows the status the identity API sends, with who decided it and when', async () => {
    backend.routes.set('GET /api/auth/session', () => ({
      body: apiSignedIn(
        apiUser({
          bumiputeraStatus: 'verified',
          bumiputeraKind: 'company',
          bumiputeraVerifiedAt: '2026-03-05T02:00:00.000Z',
          bumiputeraVerifiedByName: 'Aisyah Rahman',
        })
      ),
    }))
    const loaded = (await profileLoader(
      args(new Request('http://localhost:3000/profile', { headers: { Cookie: COOKIE } }))
    )) as unknown as Answered
    expect(loaded.data.bumiputera).toEqual({
      status: 'verified',
      kind: 'company',
      decidedAt: '2026-03-05T02:00:00.000Z',
      decidedBy: 'Aisyah Rahman',
    })
  })

  it('sends the multipart declaration on to the backend as it came, then says so on the profile', async () => {
    backend.routes.set('POST /api/users/me/bumiputera', () => ({
      status: 200,
      body: { message: 'Bumiputera status declared. It will be verified by staff.', bumiputeraStatus: 'declared' },
    }))
    const response = (await profileAction(args(declaration('individual')))) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile')
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith('aero_notice=bumiputera-declared.'))
    ).toBe(true)
    const [sent] = backend.requests.filter((r) => r.method === 'POST' && r.path === '/api/users/me/bumiputera')
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent!.body).toContain('name="kind"\r\n\r\nindividual')
    expect(sent!.body).toContain('filename="certificate.pdf"')
    expect(sent!.body).toContain('%PDF-1.4 certificate')
    expect(sent!.headers['x-xsrf-token']).toBe('x:1')
  })

  it("puts the backend's field errors beside their fields and keeps what was chosen", async () => {
    backend.routes.set('POST /api/users/me/bumiputera', () => ({
      status: 422,
      body: {
        message: 'Validation failed',
        errors: [
          { field: 'kind', message: 'Choose individual or company.' },
          { field: 'evidence', message: 'The evidence must be a PDF, JPG or PNG file.' },
        ],
      },
    }))
    const answered = (await profileAction(args(declaration('company')))) as unknown as Answered
    expect(answered.init?.status).toBe(422)
    expect(answered.data).toEqual({
      intent: 'bumiputera',
      message: null,
      fieldErrors: {
        kind: 'Choose individual or company.',
        evidence: 'The evidence must be a PDF, JPG or PNG file.',
      },
      kind: 'company',
      evidenceName: 'certificate.pdf',
    })
  })

  it("shows a refusal without field errors in the backend's words", async () => {
    backend.routes.set('POST /api/users/me/bumiputera', () => ({
      status: 409,
      body: { message: 'Your Bumiputera status is already verified.' },
    }))
    const answered = (await profileAction(args(declaration('individual')))) as unknown as Answered
    expect(answered.init?.status).toBe(409)
    expect(answered.data.message).toBe('Your Bumiputera status is already verified.')
  })

  it('says the declaration could not be sent when the backend cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('POST /api/users/me/bumiputera', () => ({ status: 503, body: 'Service Unavailable' }))
    const answered = (await profileAction(args(declaration('individual')))) as unknown as Answered
    expect(answered.init?.status).toBe(503)
    expect(answered.data.message).toBe(BUMIPUTERA_TEXTS.failed)
  })
})
