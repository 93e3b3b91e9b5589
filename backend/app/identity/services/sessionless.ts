import type { HttpRequest } from '@adonisjs/core/http'

export const SESSION_COOKIE = 'aero_session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * No session cookie, and either a bearer token or a read: such a request skips the session store and the
 * CSRF secret (about a third of a bearer `GET /api/users/me`, profiled). A sign-in still gets its session.
 */
export function isSessionless(request: HttpRequest): boolean {
  if (sentCookie(request.header('cookie'), SESSION_COOKIE)) return false
  return SAFE_METHODS.has(request.method()) || /^bearer\s/i.test(request.header('authorization') ?? '')
}

export function sentCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`))
}
