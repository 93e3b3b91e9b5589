// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { startFakeBackend } from '~/test/fake-backend'
import type { FakeBackend } from '~/test/fake-backend'
import { ApiError, apiRequest, cookieHeaders, readCookie } from '~/utils/api.server'

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

function browserRequest(cookie?: string) {
  const headers = new Headers({ 'User-Agent': 'test-browser', 'X-Forwarded-For': '203.0.113.9' })
  if (cookie) headers.set('Cookie', cookie)
  return new Request('http://localhost:3000/login', { headers })
}

describe('apiRequest', () => {
  it("forwards the browser's cookies and asks for JSON", async () => {
    backend.routes.set('GET /api/users/me', () => ({ body: { id: 1 } }))
    const response = await apiRequest(browserRequest('aero_session=abc; XSRF-TOKEN=t%3D1'), '/api/users/me')

    expect(response).toEqual({ status: 200, data: { id: 1 }, setCookies: [] })
    const [sent] = backend.requests
    expect(sent.headers.cookie).toBe('aero_session=abc; XSRF-TOKEN=t%3D1')
    expect(sent.headers.accept).toBe('application/json')
    expect(sent.headers['user-agent']).toBe('test-browser')
    expect(sent.headers['x-forwarded-for']).toBe('203.0.113.9')
    // Reads are not writes: no CSRF header.
    expect(sent.headers['x-xsrf-token']).toBeUndefined()
  })

  it("tells the backend the browser's protocol: the proxy's X-Forwarded-Proto, else the request's own", async () => {
    backend.routes.set('GET /api/users/me', () => ({ body: { id: 1 } }))
    const behindTls = new Request('http://localhost:3000/login', { headers: { 'X-Forwarded-Proto': 'https' } })
    await apiRequest(behindTls, '/api/users/me')
    await apiRequest(new Request('http://localhost:3000/login'), '/api/users/me')
    await apiRequest(new Request('https://shop.example.my/login'), '/api/users/me')
    expect(backend.requests.map((sent) => sent.headers['x-forwarded-proto'])).toEqual(['https', 'http', 'https'])
  })

  it('adds the URL-decoded XSRF-TOKEN cookie as X-XSRF-TOKEN on writes and sends a JSON body', async () => {
    backend.routes.set('POST /api/auth/logout', () => ({ body: { message: 'Logged out' } }))
    await apiRequest(browserRequest('aero_session=abc; XSRF-TOKEN=e%3Agcm.v1%3Axyz'), '/api/auth/logout', {
      method: 'POST',
      body: { all: true },
    })
    const [sent] = backend.requests
    expect(sent.headers['x-xsrf-token']).toBe('e:gcm.v1:xyz')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent.body)).toEqual({ all: true })
  })

  it('collects every Set-Cookie header of the answer', async () => {
    backend.routes.set('POST /api/auth/login', () => ({
      headers: { 'Set-Cookie': ['aero_session=s1; Path=/; HttpOnly; SameSite=Lax', 'XSRF-TOKEN=x1; Path=/'] },
      body: { token: 't' },
    }))
    const response = await apiRequest(browserRequest(), '/api/auth/login', { method: 'POST', body: {} })
    expect(response.setCookies).toEqual(['aero_session=s1; Path=/; HttpOnly; SameSite=Lax', 'XSRF-TOKEN=x1; Path=/'])
  })

  it("turns an error answer into an ApiError with the server's message, field errors and cookies", async () => {
    backend.routes.set('POST /api/auth/register', () => ({
      status: 422,
      headers: { 'Set-Cookie': 'XSRF-TOKEN=x2; Path=/' },
      body: { message: 'Validation failed', errors: [{ field: 'email', message: 'The email has already been taken' }] },
    }))
    const error = await apiRequest(browserRequest(), '/api/auth/register', { method: 'POST', body: {} }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      kind: 'http',
      status: 422,
      serverMessage: 'Validation failed',
      fieldErrors: [{ field: 'email', message: 'The email has already been taken' }],
      setCookies: ['XSRF-TOKEN=x2; Path=/'],
    })
  })

  it('recognises an expired session', async () => {
    backend.routes.set('GET /api/users/me', () => ({ status: 401, body: { message: 'Your session has expired' } }))
    const error = await apiRequest(browserRequest('aero_session=old'), '/api/users/me').catch((e) => e)
    expect(error.isSessionExpired).toBe(true)
  })

  it('treats an HTML answer as an error even with status 200', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    backend.routes.set('GET /api/users/me', () => ({
      headers: { 'Content-Type': 'text/html' },
      body: '<!doctype html><p>Welcome</p>',
    }))
    const error = await apiRequest(browserRequest(), '/api/users/me').catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error.kind).toBe('invalid_response')
    expect(error.message).toBe('The API endpoint returned an invalid response format. Please contact support.')
  })

  it('reports an unreachable backend as a network failure', async () => {
    vi.stubEnv('BACKEND_URL', 'http://127.0.0.1:9')
    try {
      const error = await apiRequest(browserRequest(), '/api/users/me').catch((e) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ kind: 'network', status: 0 })
    } finally {
      vi.stubEnv('BACKEND_URL', backend.url)
    }
  })
})

describe('cookie helpers', () => {
  it('reads one cookie, URL-decoded', () => {
    expect(readCookie(browserRequest('a=1; XSRF-TOKEN=a%2Bb; b=2'), 'XSRF-TOKEN')).toBe('a+b')
    expect(readCookie(browserRequest('a=1'), 'XSRF-TOKEN')).toBeNull()
    expect(readCookie(browserRequest(), 'a')).toBeNull()
  })

  it('builds headers that keep each Set-Cookie apart', () => {
    const headers = cookieHeaders(['a=1; Path=/'], ['b=2; Path=/', 'c=3'])
    expect(headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/', 'c=3'])
  })
})
