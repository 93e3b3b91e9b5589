import { redirect } from '@remix-run/node'
import type { ActionFunctionArgs } from '@remix-run/node'
import { logout } from '~/models/user.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { assertSameOrigin } from '~/utils/auth.server'

const SESSION_COOKIE = 'aero_session'

export function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  let setCookies: string[] = []
  try {
    setCookies = (await logout(request)).setCookies
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // The browser is signed out here whatever the backend said.
    console.error(`Logout call failed: ${error.message}`)
    setCookies = error.setCookies
  }
  const headers = cookieHeaders(setCookies)
  if (!setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) {
    headers.append('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`)
  }
  return redirect('/', { headers })
}

// Never shown (both handlers redirect); it makes this a page route, so a refused
// post renders the error page rather than JSON.
export default function Logout() {
  return null
}
