import { loginTwoFactor } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { MESSAGES, loginFailureMessage } from '~/utils/messages'
import { safeRedirect } from '~/utils/redirects'
import { homePathFor } from '~/utils/roles'
import { loginAnswer, redirectAfterSignIn } from './answer.server'
import { CODE_PATTERN, TWO_FACTOR_TEXTS } from './login-screen'
import type { CodeKind } from './login-screen'

/**
 * `two-factor`: the code step of a two-step sign-in: the password step's challenge (a
 * short-lived token, useless without a code) and a code from the app or a recovery code. A
 * wrong code keeps the step with its message; an expired challenge sends the user back to
 * the password.
 */
export async function twoFactorIntent(request: Request, form: FormData) {
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  const challenge = String(form.get('challenge') ?? '')
  const kind: CodeKind = form.get('kind') === 'recoveryCode' ? 'recoveryCode' : 'code'
  const value = String(form.get(kind) ?? '').trim()
  const values = { name: '', email: String(form.get('email') ?? '').trim() }
  const again = (error: string, status: number, headers?: Headers) =>
    loginAnswer({ values, codeStep: { challenge, kind, error } }, { status, headers })
  if (!challenge) return loginAnswer({ values, formError: MESSAGES.loginFailed }, { status: 400 })
  if (kind === 'code' && !CODE_PATTERN.test(value)) return again(TWO_FACTOR_TEXTS.codeRequired, 400)
  if (kind === 'recoveryCode' && !value) return again(TWO_FACTOR_TEXTS.recoveryRequired, 400)

  try {
    const { data: signIn, setCookies } = await loginTwoFactor(request, { challenge, [kind]: value })
    return redirectAfterSignIn(redirectTo || homePathFor(signIn.user.role), { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const status = error.status >= 400 ? error.status : 502
    const headers = cookieHeaders(error.setCookies)
    if (error.fieldErrors.some((field) => field.field === 'challenge')) {
      return loginAnswer({ values, formError: error.serverMessage ?? MESSAGES.loginFailed }, { status, headers })
    }
    const message = error.status === 422 || error.status === 429 ? error.serverMessage : null
    return again(message ?? loginFailureMessage(error), status, headers)
  }
}
