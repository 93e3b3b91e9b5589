import { requestDeviceLink } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { MESSAGES, loginFailureMessage } from '~/utils/messages'
import { loginAnswer } from './answer.server'

/**
 * `device-link`: asks for the emailed link past the account's sign-in limit; the backend
 * answers the same whether or not the email has an account.
 */
export async function deviceLinkIntent(request: Request, form: FormData) {
  const values = { name: '', email: String(form.get('email') ?? '').trim() }
  if (!values.email) return loginAnswer({ values, formError: MESSAGES.loginFailed }, { status: 400 })
  try {
    const { data: sent, setCookies } = await requestDeviceLink(request, values.email)
    return loginAnswer(
      { values, deviceLink: { offered: false, sent: sent.message } },
      { status: 200, headers: cookieHeaders(setCookies) }
    )
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const status = error.status >= 400 ? error.status : 502
    const formError =
      error.status === 429 || error.status === 422
        ? (error.serverMessage ?? MESSAGES.loginFailed)
        : loginFailureMessage(error)
    // Still held back: the offer stays, so the owner can ask again once the wait is over.
    return loginAnswer(
      { values, formError, deviceLink: { offered: true, sent: null } },
      { status, headers: cookieHeaders(error.setCookies) }
    )
  }
}
