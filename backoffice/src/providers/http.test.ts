import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { httpClient, readCookie } from './http'

const fetchMock = vi.fn<typeof fetch>()

const sentHeaders = (): Headers => {
  const init = fetchMock.mock.calls[0]?.[1]
  return new Headers(init?.headers)
}

const clearCookie = (name: string) => {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
}

beforeEach(() => {
  fetchMock.mockReset()
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ id: 1 }), { status: 200, headers: { 'Content-Type': 'application/json' } })
  )
  vi.stubGlobal('fetch', fetchMock)
  // The backend URL-encodes the token; the header carries it decoded.
  document.cookie = 'theme=dark; path=/'
  document.cookie = 'XSRF-TOKEN=abc%2Fdef%3D%3D; path=/'
})

afterEach(() => {
  clearCookie('XSRF-TOKEN')
  clearCookie('theme')
})

describe('httpClient', () => {
  it('sends cookies and asks for JSON on every call', async () => {
    const { json } = await httpClient('/api/agencies')

    expect(json).toEqual({ id: 1 })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/agencies')
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include')
    expect(sentHeaders().get('Accept')).toBe('application/json')
  })

  it('does not send the XSRF token on reads', async () => {
    await httpClient('/api/agencies', { method: 'GET' })
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false)
  })

  it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])('sends the decoded XSRF-TOKEN cookie on %s', async (method) => {
    await httpClient('/api/agencies/1', { method, body: JSON.stringify({ name: 'Nilai Prime Realty' }) })

    const headers = sentHeaders()
    expect(headers.get('X-XSRF-TOKEN')).toBe('abc/def==')
    expect(headers.get('Accept')).toBe('application/json')
    expect(headers.get('Content-Type')).toBe('application/json')
  })

  it('sends no XSRF header when the backend has not set the cookie yet', async () => {
    clearCookie('XSRF-TOKEN')
    await httpClient('/api/auth/logout', { method: 'POST' })
    expect(sentHeaders().has('X-XSRF-TOKEN')).toBe(false)
  })

  it('rejects with the status and the backend message on errors', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Forbidden' }), { status: 403 }))
    await expect(httpClient('/api/users')).rejects.toMatchObject({ status: 403, message: 'Forbidden' })
  })
})

describe('readCookie', () => {
  it('finds a cookie by its exact name and decodes it', () => {
    expect(readCookie('XSRF-TOKEN', 'OLD-XSRF-TOKEN=no; XSRF-TOKEN=a%20b=c')).toBe('a b=c')
    expect(readCookie('XSRF-TOKEN', 'theme=dark')).toBeUndefined()
  })
})
