/** The signed-in user's places on lots' waitlists (backend/app/waitlist). */
import type { WaitlistEntry, WaitlistJoined, WaitlistResult } from '~/models/waitlist'
import { WAITLIST_MESSAGES, positionText } from '~/models/waitlist'
import { ApiError, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'

/** GET /api/waitlist/mine: the user's live entries (waiting or offered), with each lot and position. */
export function listMyWaitlist(request: Request): Promise<ApiResponse<{ data: WaitlistEntry[] }>> {
  return apiRequest<{ data: WaitlistEntry[] }>(request, '/api/waitlist/mine')
}

/** POST /api/lots/:lotId/waitlist. */
export function joinWaitlist(request: Request, lotId: number): Promise<ApiResponse<WaitlistJoined>> {
  return apiRequest<WaitlistJoined>(request, `/api/lots/${lotId}/waitlist`, { method: 'POST', body: {} })
}

/** DELETE /api/lots/:lotId/waitlist: off the line (an offer held passes to the next at once). */
export function leaveWaitlist(request: Request, lotId: number): Promise<ApiResponse<{ message: string }>> {
  return apiRequest<{ message: string }>(request, `/api/lots/${lotId}/waitlist`, { method: 'DELETE' })
}

/** A lot id from a form field: a positive whole number, or null. */
export function readLotId(value: FormDataEntryValue | null): number | null {
  const id = Number(typeof value === 'string' ? value : NaN)
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null
}

/**
 * Joins or leaves a lot's waitlist as a form asked (`intent`, `lotId`): the answer the page
 * shows, in the backend's words when it refused, and the cookies it set. Signed-out answers
 * (401) are thrown to the caller.
 */
export async function submitWaitlistForm(
  request: Request,
  form: FormData
): Promise<{ result: WaitlistResult; status: number; setCookies: string[] }> {
  const intent = form.get('intent') === 'leave-waitlist' ? 'leave-waitlist' : 'join-waitlist'
  const lotId = readLotId(form.get('lotId'))
  const base = { intent, lotId: lotId ?? 0, at: Date.now() } as const
  if (lotId === null) {
    return { result: { ...base, ok: false, message: 'Lot not found.' }, status: 404, setCookies: [] }
  }
  try {
    if (intent === 'join-waitlist') {
      const { data, setCookies } = await joinWaitlist(request, lotId)
      return { result: { ...base, ok: true, message: positionText(data.position) }, status: 201, setCookies }
    }
    const { data, setCookies } = await leaveWaitlist(request, lotId)
    return { result: { ...base, ok: true, message: data?.message || WAITLIST_MESSAGES.left }, status: 200, setCookies }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error
    return {
      result: { ...base, ok: false, message: error.serverMessage ?? WAITLIST_MESSAGES.failed },
      status: error.status >= 400 ? error.status : 502,
      setCookies: error.setCookies,
    }
  }
}
