import { describe, expect, it } from 'vitest'
import { loginFailureMessage, registrationFailureMessage } from '~/utils/messages'

const http = (status: number, serverMessage: string | null = null) => ({ kind: 'http' as const, status, serverMessage })

describe('loginFailureMessage (requirements: account.md#sign-in)', () => {
  it('explains bad credentials', () => {
    expect(loginFailureMessage(http(401, 'E_INVALID_CREDENTIALS'))).toBe('Invalid credentials. Please try again.')
  })

  it("passes on the server's rate-limit message", () => {
    expect(loginFailureMessage(http(429, 'Too many login attempts. Try again in 15 minutes.'))).toBe(
      'Too many login attempts. Try again in 15 minutes.'
    )
    expect(loginFailureMessage(http(429))).toBe('Too many login attempts. Please try again later.')
  })

  it('says the server cannot be reached when there is no answer or a gateway error', () => {
    const connection = 'Connection error. The system cannot connect to the server right now. Please try again later.'
    expect(loginFailureMessage({ kind: 'network', status: 0, serverMessage: null })).toBe(connection)
    expect(loginFailureMessage(http(502, 'The service is temporarily unavailable.'))).toBe(connection)
    expect(loginFailureMessage(http(503))).toBe(connection)
  })

  it('reports a timeout', () => {
    expect(loginFailureMessage({ kind: 'timeout', status: 0, serverMessage: null })).toBe(
      'Server connection timed out. Please try again later.'
    )
  })

  it('falls back to the generic text for anything else', () => {
    expect(loginFailureMessage(http(500, 'Internal error'))).toBe('Login failed. Please try again or contact support.')
    expect(loginFailureMessage({ kind: 'invalid_response', status: 200, serverMessage: null })).toBe(
      'Login failed. Please try again or contact support.'
    )
  })
})

describe('registrationFailureMessage', () => {
  it("shows the server's message", () => {
    expect(registrationFailureMessage(http(409, 'An account with this email already exists'))).toBe(
      'An account with this email already exists'
    )
  })

  it('falls back when the server gives no usable message', () => {
    expect(registrationFailureMessage(http(400))).toBe('Registration failed. Please try again.')
    expect(registrationFailureMessage(http(500, 'Internal server error'))).toBe(
      'Registration failed. Please try again.'
    )
  })

  it('says the server cannot be reached', () => {
    expect(registrationFailureMessage({ kind: 'network', status: 0, serverMessage: null })).toMatch(
      /^Connection error\./
    )
  })
})
