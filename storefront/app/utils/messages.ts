/** Which text of the error catalogue a failed sign-in shows (requirements: account.md#sign-in). */

export const MESSAGES = {
  invalidCredentials: 'Invalid credentials. Please try again.',
  loginFailed: 'Login failed. Please try again or contact support.',
  connectionError: 'Connection error. The system cannot connect to the server right now. Please try again later.',
  timeout: 'Server connection timed out. Please try again later.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  registrationFailed: 'Registration failed. Please try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  authenticationFailed: 'Authentication failed. Please log in again.',
  loginRequired: 'Please log in to continue.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  invalidResponse: 'The API endpoint returned an invalid response format. Please contact support.',
  unexpected: 'An unexpected error occurred. Please try again later.',
  lotsLoadFailed: 'Failed to load lots.',
} as const

/** How a call to the backend failed: an answer, no answer, or no answer in time. */
export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid_response'

export interface CallFailure {
  kind: FailureKind
  status: number
  /** The backend's own `message`, when it sent one. */
  serverMessage: string | null
}

const GATEWAY_STATUSES = new Set([502, 503, 504])

export function loginFailureMessage(failure: CallFailure): string {
  if (failure.kind === 'timeout') return MESSAGES.timeout
  if (failure.kind === 'network' || GATEWAY_STATUSES.has(failure.status)) return MESSAGES.connectionError
  if (failure.status === 401) return MESSAGES.invalidCredentials
  if (failure.status === 429) return failure.serverMessage || MESSAGES.tooManyAttempts
  return MESSAGES.loginFailed
}

export function registrationFailureMessage(failure: CallFailure): string {
  if (failure.kind === 'timeout') return MESSAGES.timeout
  if (failure.kind === 'network' || GATEWAY_STATUSES.has(failure.status)) return MESSAGES.connectionError
  if (failure.kind === 'http' && failure.status < 500 && failure.serverMessage) return failure.serverMessage
  return MESSAGES.registrationFailed
}
