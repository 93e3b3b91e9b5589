/**
 * The sign-in's expiry for the session banner (GET, every five minutes while a page is
 * open) and its extension (POST, 'Yes, Keep Me Logged In'). The banner calls both with a
 * fetcher; without JavaScript its form posts here with `redirectTo` and comes back.
 */
import { data, redirect } from '@remix-run/node'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { extendSession, getSession } from '~/models/account.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin } from '~/utils/auth.server'
import { loginPath, safeRedirect } from '~/utils/redirects'

export type SessionStatus =
  | { status: 'active'; expiresAt: string }
  | { status: 'expired' }
  | { status: 'signed-out' }
  /** The backend could not say; the banner keeps what it knows. */
  | { status: 'unknown' }

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader({ request }: LoaderFunctionArgs) {
  try {
    const { data: state, setCookies } = await getSession(request)
    return answer({ status: 'active', expiresAt: state.session.expiresAt }, setCookies)
  } catch (error) {
    return failure(error)
  }
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  // Present only when the form was posted without JavaScript: go back to that page.
  const returnTo = safeRedirect(form.get('redirectTo'), '')
  try {
    const { data: state, setCookies } = await extendSession(request)
    if (returnTo) return redirect(returnTo, { headers: cookieHeaders(setCookies) })
    return answer({ status: 'active', expiresAt: state.session.expiresAt }, setCookies)
  } catch (error) {
    if (returnTo && error instanceof ApiError && error.status === 401) {
      return redirect(loginPath(returnTo, { expired: error.isSessionExpired }), {
        headers: cookieHeaders(error.setCookies),
      })
    }
    return failure(error)
  }
}

function answer(status: SessionStatus, setCookies: string[] = []) {
  const headers = cookieHeaders(setCookies)
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value)
  return data(status, { headers })
}

function failure(error: unknown) {
  if (!(error instanceof ApiError)) throw error
  if (error.status === 401) {
    return answer({ status: error.isSessionExpired ? 'expired' : 'signed-out' }, error.setCookies)
  }
  console.error(`Session check failed: ${error.message}`)
  return answer({ status: 'unknown' }, error.setCookies)
}
