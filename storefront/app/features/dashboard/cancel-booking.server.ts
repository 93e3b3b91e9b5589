import { data } from '@remix-run/node'
import { cancelBooking } from '~/models/user-bookings.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'
import { cancelFailureMessage } from '~/utils/user-bookings'
import { backToDashboard } from './back-to-dashboard.server'

/** `cancel-booking`: the user cancels one of their pending bookings (the dialog or the no-script form). */
export async function cancelBookingIntent(request: Request, form: FormData) {
  const bookingId = String(form.get('bookingId') ?? '')
  try {
    const { setCookies } = await cancelBooking(request, bookingId)
    return backToDashboard(request, 'booking-cancelled', { tab: 'bookings', booking: null }, setCookies)
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const message = cancelFailureMessage(error.status, error.serverMessage ?? error.message)
    return data(
      { intent: 'cancel-booking' as const, error: message, at: Date.now() },
      { status: error.status || 502, headers: cookieHeaders(error.setCookies) }
    )
  }
}
