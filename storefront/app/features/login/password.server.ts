import { loginStep, register } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { loginFailureMessage, registrationFailureMessage } from '~/utils/messages'
import { safeRedirect } from '~/utils/redirects'
import { homePathFor } from '~/utils/roles'
import { hasErrors, readTextFields, validateLogin, validateQuickRegistration } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'
import { loginAnswer, redirectAfterSignIn } from './answer.server'
import { FIELDS } from './login-screen'
import type { CodeStep, Field, Mode } from './login-screen'

const ACCOUNT_LIMIT_REASON = 'account_limit'
/** Where two-step sign-in is set up: the backoffice's My Profile. */
const TWO_FACTOR_SETUP_PATH = '/backoffice/profile'

/**
 * `login` and `register`: the password step. Signs in (or registers) and goes on, or asks for
 * the second step's code, or draws the form again with what went wrong.
 */
export async function passwordIntent(request: Request, form: FormData) {
  const mode: Mode = form.get('intent') === 'register' ? 'register' : 'login'
  const redirectTo = safeRedirect(form.get('redirectTo'), '')
  const values = readTextFields(form, FIELDS)
  // What the user typed comes back on error, except the passwords.
  const kept = { name: values.name.trim(), email: values.email.trim() }

  const fieldErrors: FieldErrors<Field> = mode === 'login' ? validateLogin(values) : validateQuickRegistration(values)
  if (hasErrors(fieldErrors)) return loginAnswer({ mode, values: kept, fieldErrors }, { status: 400 })

  try {
    const { data: signIn, setCookies } =
      mode === 'login'
        ? await loginStep(request, { email: kept.email, password: values.password })
        : await register(request, {
            name: kept.name,
            email: kept.email,
            password: values.password,
            confirmPassword: values.confirmPassword,
          })
    if ('twoFactorRequired' in signIn) {
      const codeStep: CodeStep = { challenge: signIn.challenge, kind: 'code', error: null }
      const headers = cookieHeaders(setCookies)
      headers.set('Cache-Control', 'no-store')
      return loginAnswer({ mode, values: kept, codeStep }, { headers })
    }
    // A super admin who must set up two-step sign-in first goes to My Profile to do it.
    const home = signIn.twoFactorSetupRequired ? TWO_FACTOR_SETUP_PATH : redirectTo || homePathFor(signIn.user.role)
    return redirectAfterSignIn(home, { headers: cookieHeaders(setCookies) })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverFieldErrors = fieldErrorsFrom(error.fieldErrors, FIELDS)
    const formError = hasErrors(serverFieldErrors)
      ? null
      : mode === 'login'
        ? loginFailureMessage(error)
        : registrationFailureMessage(error)
    // Held back by the account's limit, not this address's: the owner may ask for the link.
    const deviceLink =
      mode === 'login' && error.status === 429 && error.reason === ACCOUNT_LIMIT_REASON
        ? { offered: true, sent: null }
        : null
    return loginAnswer(
      { mode, values: kept, fieldErrors: serverFieldErrors, formError, deviceLink },
      { status: error.status >= 400 ? error.status : 502, headers: cookieHeaders(error.setCookies) }
    )
  }
}
