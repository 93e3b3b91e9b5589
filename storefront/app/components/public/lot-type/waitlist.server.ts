/**
 * A lot's waitlist on the pages that list lots (the lot-type page and the hub): what the
 * signed-in member's own rows need, and the "Join waitlist" / "Leave waitlist" forms' answer.
 */
import { data } from '@remix-run/node'
import { canBook } from '~/components/public/hub/audience'
import type { Audience } from '~/components/public/hub/audience'
import type { WaitlistEntry } from '~/models/waitlist'
import { listMyWaitlist, submitWaitlistForm } from '~/models/waitlist.server'
import { listOwnLotIds } from '~/models/user-bookings.server'
import { ApiError, cookieHeaders } from '~/utils/api.server'
import { requireUser, throwIfSignedOut } from '~/utils/auth.server'
import { markDegraded } from '~/utils/cache-control.server'

export interface ViewerWaitlist {
  /** The viewer's live places in line; null for anyone who cannot book, or when they cannot be read. */
  waitlist: WaitlistEntry[] | null
  /** The lots the viewer's own live bookings hold: no waitlist is offered on those. */
  heldLotIds: number[]
}

/**
 * The signed-in member's own places in line and the lots their bookings hold. Only a signed-in
 * render reads them, and the page cache never keeps nor serves those (server/page-cache.ts): a
 * visitor's page stays everyone's.
 */
export async function loadViewerWaitlist(
  request: Request,
  viewer: { user: unknown },
  audience: Audience
): Promise<ViewerWaitlist> {
  if (!viewer.user || !canBook(audience)) return { waitlist: null, heldLotIds: [] }
  const [waitlist, heldLotIds] = await Promise.all([loadMyWaitlist(request), loadMyHeldLots(request)])
  return { waitlist, heldLotIds }
}

/** The member's waitlist entries; none shown (and the render not kept) when they cannot be read. */
async function loadMyWaitlist(request: Request): Promise<WaitlistEntry[] | null> {
  try {
    return (await listMyWaitlist(request)).data.data
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's waitlist: ${error.message}`)
    markDegraded(request)
    return null
  }
}

/** The lots the member's own live bookings hold; none (and the render not kept) when they cannot be read. */
async function loadMyHeldLots(request: Request): Promise<number[]> {
  try {
    return (await listOwnLotIds(request)).data.data
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    console.error(`Could not load the user's bookings: ${error.message}`)
    markDegraded(request)
    return []
  }
}

/**
 * "Notify me / Join waitlist" and "Leave waitlist", posted with or without JavaScript, as a
 * page's action answers them (the caller checked the origin). Signed out: to log in first.
 */
export async function waitlistAction(request: Request, form: FormData) {
  await requireUser(request)
  try {
    const { result, status, setCookies } = await submitWaitlistForm(request, form)
    return data(result, { status, headers: cookieHeaders(setCookies) })
  } catch (error) {
    throwIfSignedOut(error, request)
    throw error
  }
}
