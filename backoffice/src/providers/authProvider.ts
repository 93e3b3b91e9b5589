import type { AuthProvider, UserIdentity } from 'react-admin'
import { effectiveRole, isBackofficeRole, type Role } from '../roles'
import { httpClient, type HttpClient } from './http'
import { CURRENT_USER_URL, type User } from '@aero/shared/user'

export const LOGOUT_URL = '/api/auth/logout'
/** Storefront pages: outside this SPA, so they are reached by full page navigations. */
export const STOREFRONT_HOME = '/'
export const STOREFRONT_DASHBOARD = '/dashboard'

/** The storefront's sign-in page, remembering where to come back to. */
export function storefrontLoginUrl(origin: string): string {
  return `/login?redirectTo=${encodeURIComponent(origin)}`
}

/** What react-admin asks canAccess: may the user do `action` on `resource`? */
export interface AccessRequest {
  action: string
  resource: string
}

export interface AuthProviderOptions {
  /** Which resources a role may reach; built from the plugins by the composition root. */
  canAccess: (role: Role, request: AccessRequest) => boolean
  http?: HttpClient
  /** A full page navigation (the storefront is not part of this SPA's router). */
  navigateTo?: (url: string) => void
  /** The browser's current path, /backoffice prefix included. */
  currentPath?: () => string
  /**
   * How long a fetched user answers the checks that follow (ms). react-admin asks checkAuth,
   * getPermissions, canAccess and getIdentity one after another on every start and page change;
   * one answer serves them all instead of a round trip each.
   */
  reuseUserFor?: number
  now?: () => number
}

/** Tells react-admin where the browser went; `message: false` keeps it from showing a toast. */
interface AuthRedirect {
  redirectTo: string
  message: false
  logoutUser?: boolean
}

/** What getIdentity answers: react-admin's identity plus the user's email and role. */
export interface BackofficeIdentity extends UserIdentity {
  fullName: string
  email: string
  role: Role
  /** The agency of an agent admin (or member); its booking changes are pushed on its channel. */
  agencyId: string | number | null
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status
}

export function createAuthProvider({
  canAccess,
  http = httpClient,
  navigateTo = (url) => window.location.assign(url),
  currentPath = () => window.location.pathname + window.location.search,
  reuseUserFor = 5000,
  now = Date.now,
}: AuthProviderOptions): AuthProvider {
  // react-admin follows every failed checkAuth/checkError with a call to logout(). By then this
  // provider has already acted on the failure (sent the browser away, or let the error show), so
  // that logout must neither end a session that may still be valid nor navigate a second time.
  let authFailureHandled = false
  // Once the browser is leaving the SPA, the first destination wins.
  let leaving = false
  // checkAuth, getPermissions and getIdentity run together on start: share one request, and
  // its answer for a few seconds after (reuseUserFor).
  let pendingUser: Promise<User> | undefined
  let recentUser: { user: User; at: number } | undefined

  const leaveFor = (url: string) => {
    if (leaving) return
    leaving = true
    navigateTo(url)
  }

  const sendToLogin = (): AuthRedirect => {
    authFailureHandled = true
    const loginUrl = storefrontLoginUrl(currentPath())
    leaveFor(loginUrl)
    return { redirectTo: loginUrl, message: false, logoutUser: true }
  }

  const fetchCurrentUser = (): Promise<User> => {
    if (recentUser && now() - recentUser.at < reuseUserFor) return Promise.resolve(recentUser.user)
    pendingUser ??= http(CURRENT_USER_URL)
      .then(({ json }) => {
        recentUser = { user: json as User, at: now() }
        return json as User
      })
      .finally(() => {
        pendingUser = undefined
      })
    return pendingUser
  }

  return {
    // Sign-in belongs to the storefront; react-admin only calls this from a login form, which
    // the backoffice does not have.
    async login() {
      leaveFor(storefrontLoginUrl(currentPath()))
    },

    async checkAuth() {
      let user: User
      try {
        user = await fetchCurrentUser()
      } catch (error) {
        if (hasStatus(error, 401)) throw sendToLogin()
        authFailureHandled = true
        throw error
      }
      if (!isBackofficeRole(user.role)) {
        authFailureHandled = true
        leaveFor(STOREFRONT_DASHBOARD)
        throw { redirectTo: STOREFRONT_DASHBOARD, message: false } satisfies AuthRedirect
      }
      authFailureHandled = false
    },

    async checkError(error: unknown) {
      // 403 means signed in with the wrong role for that call: the user stays signed in.
      if (hasStatus(error, 401)) {
        recentUser = undefined
        throw sendToLogin()
      }
    },

    async getIdentity(): Promise<BackofficeIdentity> {
      const user = await fetchCurrentUser()
      return {
        id: user.id,
        fullName: user.name,
        email: user.email,
        role: user.role,
        agencyId: user.agencyId ?? null,
        avatar: undefined,
      }
    },

    async getPermissions(): Promise<Role> {
      const user = await fetchCurrentUser()
      return effectiveRole(user.role)
    },

    async canAccess({ action, resource }) {
      const user = await fetchCurrentUser()
      return canAccess(user.role, { action, resource })
    },

    async logout() {
      recentUser = undefined
      if (authFailureHandled || leaving) return false
      try {
        await http(LOGOUT_URL, { method: 'POST' })
      } catch (error) {
        // 401: the session had already ended, which is what signing out wants.
        if (!hasStatus(error, 401)) throw error
      }
      leaveFor(STOREFRONT_HOME)
      // The browser is already on its way to the storefront: react-admin must not navigate.
      return false
    },
  }
}
