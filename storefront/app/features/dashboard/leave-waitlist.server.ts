import { data } from '@remix-run/node'
import { submitWaitlistForm } from '~/models/waitlist.server'
import { cookieHeaders } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'
import { backToDashboard } from './back-to-dashboard.server'

/** `leave-waitlist`: the user leaves a lot's waitlist from My Bookings. */
export async function leaveWaitlistIntent(request: Request, form: FormData) {
  try {
    const { result, status, setCookies } = await submitWaitlistForm(request, form)
    if (result.ok) return backToDashboard(request, 'waitlist-left', { tab: 'bookings', booking: null }, setCookies)
    return data(
      { intent: 'leave-waitlist' as const, error: result.message, at: result.at },
      { status, headers: cookieHeaders(setCookies) }
    )
  } catch (error) {
    throwIfSignedOut(error, request)
    throw error
  }
}
