/** What the login screen and its actions agree on: its modes, fields, texts and the answer of a post. */
import type { FieldErrors } from '~/utils/validation'

export type Mode = 'login' | 'register'
/** The login screen toggles between login and register (requirements: account.md#sign-in). */
export const MODES: ReadonlyArray<{ mode: Mode; label: string }> = [
  { mode: 'login', label: 'Login' },
  { mode: 'register', label: 'Register' },
]
export const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const
export type Field = (typeof FIELDS)[number]

/** Two-step sign-in (staff with an authenticator app): the code step after the password. */
export type CodeKind = 'code' | 'recoveryCode'
export type CodeStep = { challenge: string; kind: CodeKind; error: string | null }
export const CODE_PATTERN = /^\d{3}\s?\d{3}$/
export const TWO_FACTOR_TEXTS = {
  title: 'Enter your verification code',
  lead: 'Open your authenticator app and enter the 6-digit code for your account.',
  recoveryLead: 'Enter one of the recovery codes you saved when you turned on two-step sign-in.',
  codeLabel: 'Authentication code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use the authenticator app',
  verify: 'Verify',
  verifying: 'Verifying…',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  recoveryRequired: 'Enter a recovery code',
}

/**
 * The way past an account's sign-in limit (the backend's 429 with `reason: 'account_limit'`):
 * the owner asks for a link by email; the page it opens (login_.trust.tsx) makes this browser
 * a known device of the account, and they sign in with their password as usual.
 */
export const DEVICE_LINK_TEXTS = {
  offer: 'Is this your account? We can email you a link that lets this browser sign in now.',
  request: 'Email me a sign-in link',
  requesting: 'Sending the link…',
  trusted: 'This browser is now trusted for your account. Sign in with your password.',
}
/** Offered after the account's limit answered; `sent` is the answer to asking for it. */
export type DeviceLink = { offered: boolean; sent: string | null }

/** Every post to the login screen that does not sign in answers this: the screen to draw again. */
export interface LoginAnswer {
  mode: Mode
  /** What the user typed, except the passwords. */
  values: { name: string; email: string }
  fieldErrors: FieldErrors<Field>
  formError: string | null
  codeStep: CodeStep | null
  deviceLink: DeviceLink | null
}

/** The address of a mode of this screen; a remembered origin path goes along. */
export function modePath(mode: Mode, redirectTo: string): string {
  const params = new URLSearchParams()
  if (mode === 'register') params.set('mode', 'register')
  if (redirectTo) params.set('redirectTo', redirectTo)
  const search = params.toString()
  return search ? `/login?${search}` : '/login'
}
