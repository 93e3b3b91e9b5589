// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { readBookingForm, requestBooking } from '~/models/bookings.server'

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

function bookingPost(fields: Record<string, string>, files: Record<string, File> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [name, file] of Object.entries(files)) form.append(name, file)
  return new Request('http://localhost:3000/book/5', {
    method: 'POST',
    body: form,
    headers: { Cookie: 'aero_session=abc; XSRF-TOKEN=x%3A1', 'User-Agent': 'test-browser' },
  })
}

const FIELDS = {
  lotId: '5',
  name: 'Daniel Tan',
  email: 'member@aero-demo.my',
  phone: '+60 16-555 0192',
  requestMessage: 'Corner please',
}

describe('requestBooking', () => {
  it('sends the whole multipart body on in one request, with cookies and the XSRF header', async () => {
    backend.routes.set('POST /api/bookings/request', () => ({
      status: 201,
      body: { message: 'Booking request submitted successfully!', id: 9, status: 'pending_agent', lotId: 5, lot: null },
    }))
    const cheque = new File(['%PDF-1.4 cheque'], 'cheque.pdf', { type: 'application/pdf' })
    const outcome = await requestBooking(bookingPost(FIELDS, { cheque }))

    expect(outcome.ok).toBe(true)
    expect(backend.requests).toHaveLength(1)
    const [sent] = backend.requests
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(sent.headers.cookie).toBe('aero_session=abc; XSRF-TOKEN=x%3A1')
    expect(sent.headers['x-xsrf-token']).toBe('x:1')
    expect(sent.body).toContain('name="cheque"; filename="cheque.pdf"')
    expect(sent.body).toContain('%PDF-1.4 cheque')
    expect(sent.body).toContain('Daniel Tan')
    expect(outcome.form.values.name).toBe('Daniel Tan')
    expect(outcome.form.fileNames).toEqual({ cheque: 'cheque.pdf' })
  })

  it("keeps what was typed when the backend refuses, with the backend's answer", async () => {
    backend.routes.set('POST /api/bookings/request', () => ({
      status: 409,
      body: { message: 'This lot is no longer available. Please choose another lot.' },
    }))
    const outcome = await requestBooking(bookingPost(FIELDS))
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.error.status).toBe(409)
    expect(outcome.error.serverMessage).toBe('This lot is no longer available. Please choose another lot.')
    expect(outcome.form.values).toEqual(FIELDS)
  })
})

describe('readBookingForm', () => {
  it('reads the text fields and the names of the files, not their contents', async () => {
    const icFront = new File(['front'], 'front.jpg', { type: 'image/jpeg' })
    const icBack = new File(['back'], 'back.png', { type: 'image/png' })
    const form = await readBookingForm(bookingPost({ ...FIELDS, unknown: 'ignored' }, { icFront, icBack }))
    expect(form.values).toEqual(FIELDS)
    expect(form.fileNames).toEqual({ icFront: 'front.jpg', icBack: 'back.png' })
  })
})
