import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../roles'
import { createAuthProvider } from './authProvider'
import type { User } from '@aero/shared/user'

const fetchMock = vi.fn<typeof fetch>()
const navigateTo = vi.fn<(url: string) => void>()
const canAccess = vi.fn<(role: Role, request: { action: string; resource: string }) => boolean>()

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const userWithRole = (role: Role): User => ({
  id: 7,
  _id: 7,
  name: 'Aisha Rahman',
  email: 'agent@aero-demo.my',
  phone: '+60 12-345 6789',
  address: null,
  role,
  company: 'Nilai Prime Realty',
  position: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  agencyId: 2,
  agencyName: 'Nilai Prime Realty',
  agencyStatus: 'approved',
  agencyStatusDate: null,
  agencyRequestDate: null,
  agencyRequestMessage: null,
  hasPendingAgencyRequest: false,
  canMakeBookings: true,
  canRequestBookings: true,
  isAgencyMember: true,
  isAdmin: role === 'admin' || role === 'super_admin',
})

/** The backend: GET /api/users/me answers `me`; POST /api/auth/logout answers 200. */
const serve = (me: () => Response) => {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    if (url === '/api/users/me' && method === 'GET') return me()
    if (url === '/api/auth/logout' && method === 'POST') return jsonResponse({ message: 'Logged out' })
    return jsonResponse({ message: 'Not found' }, 404)
  })
}

const callsTo = (url: string, method: string) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)

const newProvider = () => createAuthProvider({ canAccess, navigateTo })

beforeEach(() => {
  fetchMock.mockReset()
  navigateTo.mockReset()
  canAccess.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  window.history.pushState({}, '', '/backoffice/profile?tab=bookings')
})

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('checkAuth', () => {
  it('sends a signed-out visitor to the storefront login, remembering the backoffice path', async () => {
    serve(() => jsonResponse({ message: 'Unauthorized' }, 401))
    const authProvider = newProvider()

    const loginUrl = '/login?redirectTo=%2Fbackoffice%2Fprofile%3Ftab%3Dbookings'
    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: loginUrl, message: false, logoutUser: true })
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(loginUrl)
    expect(callsTo('/api/users/me', 'GET')).toHaveLength(1)
  })

  it('does not end the session or navigate again when react-admin logs out after the failure', async () => {
    serve(() => jsonResponse({ message: 'Session expired' }, 401))
    const authProvider = newProvider()
    await authProvider.checkAuth({}).catch(() => undefined)

    await expect(authProvider.logout({})).resolves.toBe(false)
    expect(callsTo('/api/auth/logout', 'POST')).toHaveLength(0)
    expect(navigateTo).toHaveBeenCalledOnce()
  })

  it('sends a signed-in user without a backoffice role to the storefront dashboard, still signed in', async () => {
    serve(() => jsonResponse(userWithRole('user')))
    const authProvider = newProvider()

    await expect(authProvider.checkAuth({})).rejects.toEqual({ redirectTo: '/dashboard', message: false })
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith('/dashboard')

    await authProvider.logout({})
    expect(callsTo('/api/auth/logout', 'POST')).toHaveLength(0)
    expect(navigateTo).toHaveBeenCalledOnce()
  })

  it('reports a server failure without signing the user out', async () => {
    serve(() => jsonResponse({ message: 'Server error' }, 500))
    const authProvider = newProvider()

    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 500, message: 'Server error' })
    await expect(authProvider.logout({})).resolves.toBe(false)
    expect(callsTo('/api/auth/logout', 'POST')).toHaveLength(0)
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it.each(['agent_admin', 'admin', 'super_admin'] as const)('admits %s', async (role) => {
    serve(() => jsonResponse(userWithRole(role)))
    await expect(newProvider().checkAuth({})).resolves.toBeUndefined()
    expect(navigateTo).not.toHaveBeenCalled()
  })
})

describe('identity and permissions', () => {
  it('maps the user to react-admin identity fields', async () => {
    serve(() => jsonResponse(userWithRole('agent_admin')))
    await expect(newProvider().getIdentity?.()).resolves.toEqual({
      id: 7,
      fullName: 'Aisha Rahman',
      email: 'agent@aero-demo.my',
      role: 'agent_admin',
      agencyId: 2,
      avatar: undefined,
    })
  })

  it('answers the role as permissions, admin acting as super_admin', async () => {
    serve(() => jsonResponse(userWithRole('agent_admin')))
    await expect(newProvider().getPermissions?.({})).resolves.toBe('agent_admin')
    serve(() => jsonResponse(userWithRole('admin')))
    await expect(newProvider().getPermissions?.({})).resolves.toBe('super_admin')
  })

  it('shares one request between checks made together', async () => {
    serve(() => jsonResponse(userWithRole('super_admin')))
    const authProvider = newProvider()
    await Promise.all([authProvider.checkAuth({}), authProvider.getIdentity?.(), authProvider.getPermissions?.({})])
    expect(callsTo('/api/users/me', 'GET')).toHaveLength(1)
  })

  it('answers the checks that follow from the same answer for a few seconds, then asks again', async () => {
    serve(() => jsonResponse(userWithRole('agent_admin')))
    let clock = 1_000
    const authProvider = createAuthProvider({ canAccess, navigateTo, now: () => clock })
    await authProvider.checkAuth({})
    await authProvider.getPermissions?.({})
    clock += 4_000
    await authProvider.getIdentity?.()
    expect(callsTo('/api/users/me', 'GET')).toHaveLength(1)
    clock += 1_001
    await authProvider.checkAuth({})
    expect(callsTo('/api/users/me', 'GET')).toHaveLength(2)
  })

  it('asks again after a 401 instead of trusting the remembered user', async () => {
    serve(() => jsonResponse(userWithRole('agent_admin')))
    const authProvider = newProvider()
    await authProvider.checkAuth({})
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined()
    serve(() => jsonResponse({ message: 'Unauthorized access' }, 401))
    await expect(authProvider.checkAuth({})).rejects.toBeDefined()
    expect(callsTo('/api/users/me', 'GET')).toHaveLength(2)
  })

  it('asks the plugin rules with the user role', async () => {
    serve(() => jsonResponse(userWithRole('agent_admin')))
    canAccess.mockReturnValue(true)
    const request = { action: 'list', resource: 'bookings' }
    await expect(newProvider().canAccess?.(request)).resolves.toBe(true)
    expect(canAccess).toHaveBeenCalledExactlyOnceWith('agent_admin', request)
  })
})

describe('checkError', () => {
  it('on 401 sends the browser to the storefront login', async () => {
    const authProvider = newProvider()
    const loginUrl = '/login?redirectTo=%2Fbackoffice%2Fprofile%3Ftab%3Dbookings'
    await expect(authProvider.checkError({ status: 401, message: 'Session expired' })).rejects.toMatchObject({
      redirectTo: loginUrl,
      logoutUser: true,
    })
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith(loginUrl)
  })

  it('on 403 keeps the user signed in where they are', async () => {
    await expect(newProvider().checkError({ status: 403, message: 'Forbidden' })).resolves.toBeUndefined()
    expect(navigateTo).not.toHaveBeenCalled()
  })
})

describe('logout', () => {
  it('ends the session with a CSRF-protected POST, then goes to the storefront home', async () => {
    document.cookie = 'XSRF-TOKEN=token%2B1; path=/'
    let answerLogout: (response: Response) => void = () => undefined
    fetchMock.mockImplementation((input) =>
      String(input) === '/api/auth/logout'
        ? new Promise<Response>((resolve) => {
            answerLogout = resolve
          })
        : Promise.resolve(jsonResponse(userWithRole('agent_admin')))
    )
    const authProvider = newProvider()
    await authProvider.checkAuth({})

    const loggingOut = authProvider.logout({})
    await vi.waitFor(() => expect(callsTo('/api/auth/logout', 'POST')).toHaveLength(1))
    // Nothing leaves the page before the backend has ended the session.
    expect(navigateTo).not.toHaveBeenCalled()

    answerLogout(jsonResponse({ message: 'Logged out' }))
    await expect(loggingOut).resolves.toBe(false)
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith('/')

    const [, init] = callsTo('/api/auth/logout', 'POST')[0] ?? []
    expect(new Headers(init?.headers).get('X-XSRF-TOKEN')).toBe('token+1')
    expect(init?.credentials).toBe('include')
  })

  it('still goes home when the session had already ended', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Unauthorized' }, 401))
    await expect(newProvider().logout({})).resolves.toBe(false)
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith('/')
  })

  it('stays on the page when the backend could not sign out', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Server error' }, 500))
    await expect(newProvider().logout({})).rejects.toMatchObject({ status: 500 })
    expect(navigateTo).not.toHaveBeenCalled()
  })
})
