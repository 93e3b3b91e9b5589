import { displayDateTime, displayTime } from '#core/dates'
import { DateTime } from 'luxon'
import type { Lot } from '#inventory'

/** The times people read are Malaysia's, as everywhere in the app. */
export const WAITLIST_ZONE = 'Asia/Kuala_Lumpur'

/** "10:15 AM MYT", with the day first when it is not today in Malaysia ("Jun 04, 2025, 10:15 AM MYT"). */
export function heldUntilText(until: DateTime, now: DateTime = DateTime.utc()): string {
  return until.setZone(WAITLIST_ZONE).hasSame(now.setZone(WAITLIST_ZONE), 'day')
    ? displayTime(until)
    : displayDateTime(until)
}

/** Why anyone else's booking attempt is refused while an offer runs (409). */
export function heldForWaitlistMessage(until: DateTime, now: DateTime = DateTime.utc()): string {
  return `This lot is held for the next person on its waitlist until ${heldUntilText(until, now)}. Please try again later.`
}

/** The lot-type page a hub lot is shown on (the storefront's /properties/aeroindustrial/type/{A|B|C}). */
export function lotPageLink(lot: Pick<Lot, 'kind' | 'typeCode'>): string {
  return lot.kind === 'lot' && lot.typeCode ? `/properties/aeroindustrial/type/${lot.typeCode}` : '/properties'
}

export type WaitlistOffer = { lotId: number; userId: number; offerExpiresAt: DateTime }

/** Offers made in one change, written in its transaction; the notifications module tells each person. */
export type WaitlistOffered = { offers: Array<{ lotId: number; userId: number; offerExpiresAt: string }> }

declare module '#core/outbox' {
  interface OutboxTopics {
    'waitlist:offered': WaitlistOffered
  }
}
