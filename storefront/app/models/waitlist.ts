/**
 * A lot's waitlist as the storefront reads it (backend/app/waitlist): when a taken
 * lot comes back, the first in line may request it alone until their offer runs out.
 */

/** A live entry: still waiting, or offered the lot now. */
export type WaitlistStatus = 'waiting' | 'offered'

/** One of the signed-in user's entries (GET /api/waitlist/mine). */
export interface WaitlistEntry {
  id: number
  lotId: number
  lot: {
    id: number
    lotNumber: string
    unitNumber: string | null
    type: string | null
    typeCode: 'A' | 'B' | 'C' | null
    status: string
    propertyName: string | null
  } | null
  /** 1 for the first in line. */
  position: number | null
  status: WaitlistStatus | string
  joinedAt: string | null
  /** While offered: until when only this user may request the lot. */
  offerExpiresAt: string | null
}

/** POST /api/lots/:lotId/waitlist. */
export interface WaitlistJoined {
  lotId: number
  position: number
  status: string
  offerExpiresAt: string | null
}

/** What a join or leave answered, on the page that posted it. */
export interface WaitlistResult {
  intent: 'join-waitlist' | 'leave-waitlist'
  lotId: number
  ok: boolean
  message: string
  at: number
}

export const WAITLIST_MESSAGES = {
  failed: 'Failed to update the waitlist. Please try again.',
  loadFailed: 'Failed to load your waitlist. Please try again later.',
  left: 'You have left the waitlist.',
} as const

/** "You are number 2 on the waitlist." */
export function positionText(position: number | null): string {
  return position ? `You are number ${position} on the waitlist.` : 'You are on the waitlist.'
}

/** Whether a form's intent is a waitlist form's ("Join waitlist", "Leave waitlist"). */
export function isWaitlistIntent(intent: unknown): intent is WaitlistResult['intent'] {
  return intent === 'join-waitlist' || intent === 'leave-waitlist'
}

/** Whether a page's answer is a waitlist form's (on the pages that post other forms too). */
export function isWaitlistResult(value: unknown): value is WaitlistResult {
  return isWaitlistIntent((value as { intent?: unknown } | null | undefined)?.intent)
}
