import type { Identifier } from 'react-admin'
import { formatTime } from '../../format'
import type { ResourceEndpoint } from '../../plugins/types'

/**
 * The agent admin's waitlist screen: GET /api/agency/waitlist, their members' live entries,
 * newest first, paged by `page` and `perPage` in SQL.
 */
export const AGENCY_WAITLIST_RESOURCE = 'agent/waitlist'
export const AGENCY_WAITLIST_ENDPOINT: ResourceEndpoint = { list: 'agency/waitlist', paging: 'page' }

/** A live entry waits for its turn, or holds the lot's priority window (`offered`) until `offerExpiresAt`. */
export type WaitlistStatus = 'waiting' | 'offered'

/** A lot as a waitlist entry names it. */
export interface WaitlistLot {
  id: number
  lotNumber: string
  unitNumber: string | null
  type?: string | null
  typeCode?: string | null
  status?: string | null
  propertyName?: string | null
}

/** One member's place in one lot's line, as GET /api/agency/waitlist lists it. */
export interface AgencyWaitlistEntry {
  id: Identifier
  lotId: number
  lot: WaitlistLot | null
  user: { id: number; name: string; email: string } | null
  /** The place in the lot's whole line (1 is next). */
  position: number | null
  status: WaitlistStatus
  joinedAt: string | null
  offeredAt?: string | null
  offerExpiresAt: string | null
}

/** One place in a lot's whole line, as GET /api/lots/:lotId/waitlist gives it to super admins (emails masked). */
export interface LotWaitlistEntry {
  id: number
  position: number
  status: WaitlistStatus
  user: { id: number; name: string; email: string } | null
  agency: { id: number; name: string } | null
  joinedAt: string | null
  offeredAt: string | null
  offerExpiresAt: string | null
}

/** "Waiting", or "Their turn until 3:04 PM MYT" while the entry holds the lot's priority window. */
export function waitlistStatusText(entry: Pick<AgencyWaitlistEntry, 'status' | 'offerExpiresAt'>): string {
  if (entry.status === 'offered') {
    return entry.offerExpiresAt ? `Their turn until ${formatTime(entry.offerExpiresAt)}` : 'Their turn'
  }
  return 'Waiting'
}

/** A lot by its unit number and lot number: "MKS-25 · Lot 25". */
export function waitlistLotName(lot: WaitlistLot | null): string {
  if (!lot) return 'N/A'
  return lot.unitNumber ? `${lot.unitNumber} · Lot ${lot.lotNumber}` : `Lot ${lot.lotNumber}`
}

/** The priority window when a development sets none (the backend's WAITLIST_PRIORITY_MINUTES default). */
export const DEFAULT_WAITLIST_WINDOW_MINUTES = 15
export const MAX_WAITLIST_WINDOW_MINUTES = 1440

/** A development as GET /api/developments gives it: the waitlist priority window in force, in minutes. */
export interface DevelopmentWaitlistWindow {
  id: number
  name: string
  waitlistWindowMinutes: number | null
  /** What a development without a window of its own gets (WAITLIST_PRIORITY_MINUTES). */
  defaultWaitlistWindowMinutes?: number
  /** Whether it keeps the default rather than a window of its own. */
  waitlistWindowIsDefault?: boolean
}

/** The minutes a development's line holds a lot for each person in turn. */
export function effectiveWindowMinutes(development: DevelopmentWaitlistWindow): number {
  return (
    development.waitlistWindowMinutes ?? development.defaultWaitlistWindowMinutes ?? DEFAULT_WAITLIST_WINDOW_MINUTES
  )
}

/** Whether the development keeps the default window. */
export function keepsDefaultWindow(development: DevelopmentWaitlistWindow): boolean {
  return development.waitlistWindowIsDefault ?? development.waitlistWindowMinutes === null
}
