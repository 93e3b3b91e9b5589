/** What the user dashboard loads: the user's bookings, one booking's details, their waitlist. */
import type { UserBooking } from '~/models/user-booking'
import type { WaitlistEntry } from '~/models/waitlist'
import { WAITLIST_MESSAGES } from '~/models/waitlist'
import { listMyWaitlist } from '~/models/waitlist.server'
import { getBooking, listOwnBookings } from '~/models/user-bookings.server'
import { ApiError } from '~/utils/api.server'
import { throwIfSignedOut } from '~/utils/auth.server'
import { CANCEL_MESSAGES } from '~/utils/user-bookings'

const BOOKINGS_LOAD_FAILED = 'Failed to load your bookings. Please try again later.'

export async function loadBookings(request: Request): Promise<{ list: UserBooking[]; error: string | null }> {
  try {
    return { list: (await listOwnBookings(request)).data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's bookings: ${error.message}`)
    return { list: [], error: BOOKINGS_LOAD_FAILED }
  }
}

export async function loadWaitlist(request: Request): Promise<{ list: WaitlistEntry[] | null; error: string | null }> {
  try {
    return { list: (await listMyWaitlist(request)).data.data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's waitlist: ${error.message}`)
    return { list: null, error: WAITLIST_MESSAGES.loadFailed }
  }
}

export async function loadBooking(
  request: Request,
  bookingId: string
): Promise<{ booking: UserBooking; error: null } | { booking: null; error: string }> {
  try {
    return { booking: (await getBooking(request, bookingId)).data, error: null }
  } catch (error) {
    throwIfSignedOut(error, request)
    if (!(error instanceof ApiError)) throw error
    const message =
      error.status === 404
        ? CANCEL_MESSAGES.notFound
        : error.status === 403
          ? error.serverMessage || 'You do not have permission to view this booking.'
          : 'Failed to load the booking. Please try again later.'
    return { booking: null, error: message }
  }
}
