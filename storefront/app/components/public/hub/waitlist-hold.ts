import { formatDate, formatDateTime, formatTime } from '~/utils/format'

/** What the hold needs of a lot: its status and, while a waitlist offer holds it, until when. */
export interface HoldableLot {
  status: string
  offeredUntil?: string | null
}

/**
 * Until when a waitlist offer holds this lot (only the person offered it may request it), or
 * null when none does. The lot reads "available" meanwhile, so every screen that offers it asks here.
 */
export function heldUntil(lot: HoldableLot, now: number = Date.now()): string | null {
  if (lot.status !== 'available' || !lot.offeredUntil) return null
  const until = Date.parse(lot.offeredUntil)
  return Number.isNaN(until) || until <= now ? null : lot.offeredUntil
}

/** '10:15 AM MYT' today (on the development's clock), the date too otherwise. */
export function offerTimeText(iso: string, now: number = Date.now()): string {
  return formatDate(iso) === formatDate(now) ? formatTime(iso) : formatDateTime(iso)
}

/** "Held for the waitlist until 2:05 PM MYT". */
export function heldText(until: string, now: number = Date.now()): string {
  return `Held for the waitlist until ${offerTimeText(until, now)}`
}
