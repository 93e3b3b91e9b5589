import { HttpError } from 'react-admin'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { postWithProgress } from './upload'

/** XMLHttpRequest as the helper uses it, driven by the test. */
class FakeXhr {
  static sent: FakeXhr[] = []
  method = ''
  url = ''
  withCredentials = false
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  statusText = ''
  responseText = ''
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.sent.push(this)
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }))
  }
  answer(status: number, statusText: string, body: string) {
    Object.assign(this, { status, statusText, responseText: body })
    this.events.dispatchEvent(new Event('load'))
  }
  fail() {
    this.events.dispatchEvent(new Event('error'))
  }
}

beforeEach(() => {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  document.cookie = 'XSRF-TOKEN=token%3D1'
})
afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
})

describe('postWithProgress', () => {
  it('posts the multipart body as httpClient would, reporting the upload in percents', async () => {
    const body = new FormData()
    body.append('userId', '7')
    const percents: number[] = []
    const answer = postWithProgress<{ message: string }>('/api/bookings', body, (percent) => percents.push(percent))
    const [request] = FakeXhr.sent
    expect([request!.method, request!.url, request!.withCredentials]).toEqual(['POST', '/api/bookings', true])
    expect(request!.headers).toEqual({ Accept: 'application/json', 'X-XSRF-TOKEN': 'token=1' })
    expect(request!.body).toBe(body)

    request!.progress(300, 1200)
    request!.progress(1200, 1200)
    request!.answer(
      201,
      'Created',
      JSON.stringify({ message: 'Booking successfully created and sent to admin for review' })
    )
    expect(await answer).toEqual({ message: 'Booking successfully created and sent to admin for review' })
    expect(percents).toEqual([25, 100, 100])
  })

  it("refuses with the backend's message and body, as an HttpError", async () => {
    const answer = postWithProgress('/api/bookings', new FormData(), () => undefined)
    const errors = [{ field: 'icBack', message: 'Both front and back sides of IC are required' }]
    FakeXhr.sent[0]!.answer(422, 'Unprocessable Entity', JSON.stringify({ message: 'Validation failed', errors }))
    const error = await answer.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ message: 'Validation failed', status: 422, body: { errors } })
  })

  it('fails as fetch does when no answer comes', async () => {
    const answer = postWithProgress('/api/bookings', new FormData(), () => undefined)
    FakeXhr.sent[0]!.fail()
    await expect(answer).rejects.toBeInstanceOf(TypeError)
  })
})
