import { fetchUtils } from 'react-admin'
import { cookieValue } from '../cookies'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The (URL-decoded) value of a cookie readable by scripts, e.g. the backend's `XSRF-TOKEN`. */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  const value = cookieValue(cookies, name)
  return value === undefined ? undefined : decodeURIComponent(value)
}

export type HttpClient = typeof httpClient

/**
 * The backoffice's one HTTP client. The browser is signed in by the httpOnly session cookie,
 * so every call sends cookies; writes echo the XSRF-TOKEN cookie in `X-XSRF-TOKEN`, as the
 * backend's CSRF protection requires of cookie-authenticated writes.
 */
export function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  if (WRITE_METHODS.has((options.method ?? 'GET').toUpperCase())) {
    const xsrfToken = readCookie('XSRF-TOKEN')
    if (xsrfToken !== undefined) headers.set('X-XSRF-TOKEN', xsrfToken)
  }
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' })
}
