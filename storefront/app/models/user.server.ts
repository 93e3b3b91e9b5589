import type { User } from '@aero/shared/user'
import type { AuthSession } from '~/models/session-user'
import { ApiError, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

export interface SignIn {
  user: User
  session: AuthSession
  /** A super admin who must set up two-step sign-in before anything else (TWO_FACTOR_REQUIRED_FOR_SUPER_ADMINS). */
  twoFactorSetupRequired?: boolean
}

export interface Credentials {
  email: string
  password: string
}

export interface Registration {
  name: string
  email: string
  password: string
  confirmPassword: string
  phone?: string
}

/**
 * The signed-in user and when their sign-in ends, in one call: a page asks once for both
 * (401 when signed out or expired).
 */
export async function getSignedIn(request: Request): Promise<ApiResponse<{ user: User; session: AuthSession | null }>> {
  const response = await apiRequest<unknown>(request, '/api/auth/session')
  const record = (response.data ?? {}) as { user?: unknown; session?: AuthSession | null }
  return { ...response, data: { user: checkedUser(record.user, response.setCookies), session: record.session ?? null } }
}

export async function login(request: Request, credentials: Credentials): Promise<ApiResponse<SignIn>> {
  const response = await apiRequest<unknown>(request, '/api/auth/login', { method: 'POST', body: credentials })
  return { ...response, data: checkedSignIn(response.data, response.setCookies) }
}

/** The password step's answer when the account has two-step sign-in on: no sign-in yet, a challenge for the code step. */
export interface TwoFactorChallenge {
  twoFactorRequired: true
  challenge: string
}

export interface SecondStep {
  challenge: string
  code?: string
  recoveryCode?: string
}

/** The password step: signed in, or (two-step sign-in on) a challenge for `loginTwoFactor`. */
export async function loginStep(
  request: Request,
  credentials: Credentials
): Promise<ApiResponse<SignIn | TwoFactorChallenge>> {
  const response = await apiRequest<unknown>(request, '/api/auth/login', { method: 'POST', body: credentials })
  const payload = response.data as Partial<TwoFactorChallenge> | null
  if (payload?.twoFactorRequired === true && typeof payload.challenge === 'string') {
    return { ...response, data: { twoFactorRequired: true, challenge: payload.challenge } }
  }
  return { ...response, data: checkedSignIn(response.data, response.setCookies) }
}

/** The code step: the challenge plus a code from the authenticator app or a recovery code. */
export async function loginTwoFactor(request: Request, step: SecondStep): Promise<ApiResponse<SignIn>> {
  const response = await apiRequest<unknown>(request, '/api/auth/login/two-factor', { method: 'POST', body: step })
  return { ...response, data: checkedSignIn(response.data, response.setCookies) }
}

/**
 * Asks the backend to email the account's owner a link that makes a browser a known device
 * (the way past the account's sign-in limit). The answer is the same whether or not the email
 * has an account.
 */
export async function requestDeviceLink(request: Request, email: string): Promise<ApiResponse<{ message: string }>> {
  const response = await apiRequest<{ message?: unknown }>(request, '/api/auth/trust-device', {
    method: 'POST',
    body: { email },
  })
  return { ...response, data: { message: typeof response.data?.message === 'string' ? response.data.message : '' } }
}

/** Uses an emailed device link: the backend's Set-Cookie makes the browser a known device. Signs nobody in. */
export async function confirmDeviceLink(request: Request, token: string): Promise<ApiResponse<{ message: string }>> {
  const response = await apiRequest<{ message?: unknown }>(request, '/api/auth/trust-device/confirm', {
    method: 'POST',
    body: { token },
  })
  return { ...response, data: { message: typeof response.data?.message === 'string' ? response.data.message : '' } }
}

export async function register(request: Request, registration: Registration): Promise<ApiResponse<SignIn>> {
  const response = await apiRequest<unknown>(request, '/api/auth/register', { method: 'POST', body: registration })
  return { ...response, data: checkedSignIn(response.data, response.setCookies) }
}

/** Ends the session. An unknown session (404) counts as already signed out. */
export async function logout(request: Request): Promise<ApiResponse<null>> {
  try {
    const response = await apiRequest<unknown>(request, '/api/auth/logout', { method: 'POST' })
    return { ...response, data: null }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { status: 404, data: null, setCookies: error.setCookies }
    }
    throw error
  }
}

// The token of a sign-in answer is for API clients; the browser holds the cookie.
function checkedSignIn(payload: unknown, setCookies: string[]): SignIn {
  const record = (payload ?? {}) as Partial<SignIn>
  const signIn: SignIn = { user: checkedUser(record.user, setCookies), session: record.session as AuthSession }
  if (record.twoFactorSetupRequired === true) signIn.twoFactorSetupRequired = true
  return signIn
}

/** User data from the server must carry an id (requirements: account.md#sign-in). */
function checkedUser(payload: unknown, setCookies: string[]): User {
  const user = payload as Partial<User> | null
  const id = user?._id ?? user?.id
  if (!user || typeof user !== 'object' || id === undefined || id === null || typeof user.role !== 'string') {
    throw new ApiError({
      kind: 'invalid_response',
      status: 200,
      message: 'Authentication error: Invalid user data received from server',
      setCookies,
    })
  }
  return { ...user, id, _id: id } as User
}
