// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { action } from '~/routes/enhanced-dashboard'
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
  backend.routes.set('GET /api/auth/session', () => ({ body: apiSignedIn(apiUser()) }))
})

const COOKIE = 'aero_session=s1; XSRF-TOKEN=x%3A1'
const REPLACE = '/api/bookings/77/documents/12/replace'

/** "Upload again" posted as the browser posts it without JavaScript: the file as multipart. */
function uploadAgain(query = 'tab=bookings&booking=77&upload=12') {
  const body = new FormData()
  body.set('document', new File(['%PDF-1.4 the cheque again'], 'cheque-again.pdf', { type: 'application/pdf' }))
  return new Request(`http://localhost:3000/enhanced-dashboard?${query}`, {
    method: 'POST',
    headers: { Cookie: COOKIE, Origin: 'http://localhost:3000' },
    body,
  })
}

type Answered = { data: { intent: string; ok: boolean; documentId: string; message: string }; init: { status: number } }
const answer = async (request: Request) => (await action({ request, params: {}, context: {} })) as unknown as Answered

describe('the dashboard: a rejected document uploaded again', () => {
  it('sends the file on to the backend as posted and says it will be reviewed again', async () => {
    backend.routes.set(`POST ${REPLACE}`, () => ({
      status: 201,
      body: { id: 31, documentType: 'cheque', documentName: 'cheque-again.pdf' },
    }))
    const answered = await answer(uploadAgain())
    expect(answered.init.status).toBe(201)
    expect(answered.data).toMatchObject({
      intent: 'upload-document',
      ok: true,
      documentId: '12',
      message: 'Document uploaded. It will be reviewed again.',
    })
    const [sent] = backend.requests.filter((request) => request.path === REPLACE)
    expect(sent!.method).toBe('POST')
    expect(sent!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent!.body).toContain('name="document"; filename="cheque-again.pdf"')
    expect(sent!.body).toContain('%PDF-1.4 the cheque again')
    expect(sent!.headers['x-xsrf-token']).toBe('x:1')
  })

  it("shows the backend's refusal as written, with its status", async () => {
    backend.routes.set(`POST ${REPLACE}`, () => ({
      status: 409,
      body: { message: 'Only a rejected document can be uploaded again.' },
    }))
    const refused = await answer(uploadAgain())
    expect(refused.init.status).toBe(409)
    expect(refused.data).toMatchObject({ ok: false, message: 'Only a rejected document can be uploaded again.' })

    backend.routes.set(`POST ${REPLACE}`, () => ({
      status: 422,
      body: {
        message: 'The payment cheque must be a PDF, JPG or PNG file.',
        errors: [{ field: 'document', message: 'The payment cheque must be a PDF, JPG or PNG file.' }],
      },
    }))
    const invalid = await answer(uploadAgain())
    expect(invalid.init.status).toBe(422)
    expect(invalid.data.message).toBe('The payment cheque must be a PDF, JPG or PNG file.')
  })

  it('sends nothing for an address that names no document', async () => {
    const answered = await answer(uploadAgain('tab=bookings&booking=77&upload=..%2F..%2Fusers'))
    expect(answered.init.status).toBe(404)
    expect(answered.data.ok).toBe(false)
    expect(backend.requests.some((request) => request.path.includes('/documents/'))).toBe(false)
  })

  it('sends a signed-out visitor to the login page', async () => {
    backend.routes.set(`POST ${REPLACE}`, () => ({ status: 401, body: { message: 'Unauthorized access' } }))
    const response = (await action({ request: uploadAgain(), params: {}, context: {} }).catch(
      (thrown: unknown) => thrown
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toMatch(/^\/login\?/)
  })
})
