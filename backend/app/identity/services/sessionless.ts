import type { HttpRequest } from '@adonisjs/core/http'

/** The browser session's cookie (config/session.ts). */
export const SESSION_COOKIE = 'aero_session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A request that has no browser session and cannot start one: it carries no session cookie,
 * and it either signs itself with a bearer token (API clients are stateless) or only reads.
 * Such a request skips the session store and the CSRF secret entirely: no session is read or
 * written, no cookie is encrypted and set (the session and shield middlewares' per-request
 * cost, about a third of `GET /api/users/me` with a bearer token when profiled). A sign-in
 * (a write without a cookie) still gets its session.
 */
export function isSessionless(request: HttpRequest): boolean {
  if (sentCookie(request.header('cookie'), SESSION_COOKIE)) return false
  return SAFE_METHODS.has(request.method()) || /^bearer\s/i.test(request.header('authorization') ?? '')
}

/** True when the Cookie header holds a cookie of that name. */
export function sentCookie(header: string | undefined, name: string): boolean {
  return (header ?? '').split(';').some((pair) => pair.trim().startsWith(`${name}=`))
}
