/**
 * Who is asking, and the guards that throw them elsewhere (requirements: account.md#route-guard).
 */
import { data, redirect } from '@remix-run/node'
import type { User } from '@aero/shared/user'
import type { SessionUser } from '~/models/session-user'
import { toSessionUser } from '~/models/session-user'
import { getSignedIn } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { pageUnavailable } from '~/utils/cache-control.server'
import { MESSAGES } from '~/utils/messages'
import { loginPath, originPath } from '~/utils/redirects'
import { scoped } from '~/utils/request-scope.server'
import { meetsRequiredRole } from '~/utils/roles'
import type { RequiredRole } from '~/utils/roles'

export interface Viewer {
  user: User | null
  /** When the sign-in ends (the session banner's clock); null when signed out or not told. */
  sessionExpiresAt: string | null
  /** The backend's Set-Cookie headers of the lookup, to relay. */
  setCookies: string[]
  /** The browser had a session and the backend said it expired. */
  sessionExpired: boolean
  /** The backend could not be asked. */
  unavailable: boolean
}

// The root loader and a route's guard run for the same request: ask the backend once. Each
// loader gets its own copy of the Request, so the request's scope (request-scope.server.ts)
// shares the answer between them; the WeakMap, calls with the very same Request.
const viewers = new WeakMap<Request, Promise<Viewer>>()

export function getViewer(request: Request): Promise<Viewer> {
  return scoped('viewer', () => {
    let viewer = viewers.get(request)
    if (!viewer) {
      viewer = lookUpViewer(request)
      viewers.set(request, viewer)
    }
    return viewer
  })
}

async function lookUpViewer(request: Request): Promise<Viewer> {
  try {
    const { data, setCookies } = await getSignedIn(request)
    const sessionExpiresAt = data.session?.expiresAt ?? null
    return { user: data.user, sessionExpiresAt, setCookies, sessionExpired: false, unavailable: false }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 401) {
      const sessionExpired = error.isSessionExpired
      return { user: null, sessionExpiresAt: null, setCookies: error.setCookies, sessionExpired, unavailable: false }
    }
    console.error(`Could not read the signed-in user: ${error.message}`)
    return {
      user: null,
      sessionExpiresAt: null,
      setCookies: error.setCookies,
      sessionExpired: false,
      unavailable: true,
    }
  }
}

export async function getOptionalUser(request: Request): Promise<User | null> {
  return (await getViewer(request)).user
}

export async function getOptionalSessionUser(request: Request): Promise<SessionUser | null> {
  const user = await getOptionalUser(request)
  return user ? toSessionUser(user) : null
}

/** The signed-in user, or a redirect to /login that remembers where they were going. */
export async function requireUser(request: Request): Promise<User> {
  const viewer = await getViewer(request)
  if (viewer.user) return viewer.user
  // Who is asking cannot be told now: the error page, try again shortly, never cached.
  if (viewer.unavailable) throw pageUnavailable()
  const target = loginPath(originPath(new URL(request.url)), { expired: viewer.sessionExpired })
  throw redirect(target, { headers: cookieHeaders(viewer.setCookies) })
}

/**
 * The signed-in user if their role meets `role` (super_admin admits super_admin and
 * admin; agent_admin also admits agent_admin); anyone else goes to /dashboard.
 */
export async function requireRole(request: Request, role: RequiredRole): Promise<User> {
  const user = await requireUser(request)
  if (!meetsRequiredRole(user.role, role)) throw redirect('/dashboard')
  return user
}

/**
 * Refuses a form post from another site (403). Browsers send Origin on POSTs; when
 * present it must name this host.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('Origin')
  if (origin === null) return
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    throw data({ message: 'Cross-site form submissions are not allowed.' }, { status: 403 })
  }
  const hosts = [new URL(request.url).host, request.headers.get('Host'), request.headers.get('X-Forwarded-Host')]
  if (!hosts.some((host) => host && host.toLowerCase() === originHost.toLowerCase())) {
    throw data({ message: 'Cross-site form submissions are not allowed.' }, { status: 403 })
  }
}

/**
 * A backend 401 while a signed-in page works: the sign-in ended under it (expired, or
 * revoked elsewhere). Throws the redirect to /login that remembers the page, with
 * reason=expired when it expired (requirements: account.md#sessions); any other error is left alone.
 */
export function throwIfSignedOut(error: unknown, request: Request): void {
  if (!(error instanceof ApiError) || error.status !== 401) return
  const origin = originPath(new URL(request.url))
  const target = new URL(loginPath(origin, { expired: error.isSessionExpired }), 'http://storefront.invalid')
  if (!error.isSessionExpired) target.searchParams.set('message', MESSAGES.authenticationFailed)
  throw redirect(`${target.pathname}${target.search}`, { headers: cookieHeaders(error.setCookies) })
}
