/**
 * Lot status changes pushed on the public `lots` channel, applied to the lots a page already
 * shows (the hub, a lot-type page): the row, the counts, the availability bar and the site
 * plan follow without a reload, and a polite live region says what changed.
 */
import { LOT_STATUSES } from '~/components/public/lot-status'
import type { LotStatus } from '~/components/public/lot-status'

/** The public channel every committed lot status change is pushed on. */
export const LOTS_CHANNEL = 'lots'

/** One pushed change: the lot, its new and previous status, why and when (ISO time). */
export interface LotMessage {
  type: 'lot'
  lotId: number
  developmentId: number
  typeCode: 'A' | 'B' | 'C' | null
  lotNumber: string
  unitNumber: string | null
  status: LotStatus
  previous: LotStatus | null
  /**
   * `waitlist`: only the lot's line changed (the status is the same), with its figures;
   * `release`: a release batch or a super admin's edit put the lot on sale (`released: true`), or an
   * edit took it off sale (`released: false`); the status is the same.
   */
  cause: 'booking' | 'admin' | 'import' | 'expiry' | 'waitlist' | 'release'
  at: string
  /** Sent when a waitlist offer starts or ends: until when it holds the lot, null once over. */
  offeredUntil?: string | null
  /** Sent when the lot's waitlist changed: how many are in line now. */
  waitlistCount?: number
  /** Sent when the lot's release changed: whether it is on sale now. */
  released?: boolean
  /** Sent when the lot became, or stopped being, reserved for verified Bumiputera buyers (the status the same). */
  bumiputeraReserved?: boolean
}

/** What a page's lot needs for a change to apply to it. */
export interface LiveLot {
  id: number
  lotNumber: string
  unitNumber: string | null
  status: LotStatus
  updatedAt: string | null
  offeredUntil?: string | null
  waitlistCount?: number
  /** False while the lot is not released for sale (shown, not bookable). */
  released?: boolean
  /** A Bumiputera quota lot whose release is not recorded (marked on the page). */
  bumiputeraReserved?: boolean
}

export interface LotCounts {
  available: number
  reserved: number
  booked: number
  sold: number
  locked: number
  total: number
  percentageAvailable: number
}

const STATUSES = new Set<string>(LOT_STATUSES)

/** A message is used only when it has the shape of a lot change; anything else is dropped. */
export function isLotMessage(value: unknown): value is LotMessage {
  if (typeof value !== 'object' || value === null) return false
  const message = value as Record<string, unknown>
  return (
    message.type === 'lot' &&
    typeof message.lotId === 'number' &&
    typeof message.status === 'string' &&
    STATUSES.has(message.status)
  )
}

function timeOf(value: string | null | undefined): number | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : time
}

type SideChanges = Partial<Pick<LiveLot, 'offeredUntil' | 'waitlistCount' | 'released' | 'bumiputeraReserved'>>

/** The waitlist and release fields a message carries that differ from the lot's (a message without them changes none). */
function sideChanges(lot: LiveLot, message: LotMessage): SideChanges {
  const changes: SideChanges = {}
  // A lot taken again is held by a booking now, not by a waitlist offer.
  const offeredUntil =
    message.offeredUntil !== undefined ? message.offeredUntil : message.status === 'available' ? undefined : null
  if (offeredUntil !== undefined && offeredUntil !== (lot.offeredUntil ?? null)) changes.offeredUntil = offeredUntil
  if (typeof message.waitlistCount === 'number' && message.waitlistCount !== lot.waitlistCount)
    changes.waitlistCount = message.waitlistCount
  // A lot without the flag is on sale, as the backend reads a lot without it.
  if (typeof message.released === 'boolean' && message.released !== (lot.released !== false))
    changes.released = message.released
  if (
    typeof message.bumiputeraReserved === 'boolean' &&
    message.bumiputeraReserved !== (lot.bumiputeraReserved === true)
  )
    changes.bumiputeraReserved = message.bumiputeraReserved
  return changes
}

/**
 * The lots with one change applied, or null when it changes nothing shown: a lot the page does
 * not list, a status (and waitlist offer) it already has, or a change older than the page's own
 * copy of the lot (the page's data was loaded after it).
 */
export function patchLots<T extends LiveLot>(lots: readonly T[], message: LotMessage): T[] | null {
  const index = lots.findIndex((lot) => lot.id === message.lotId)
  if (index === -1) return null
  const lot = lots[index]
  const side = sideChanges(lot, message)
  if (lot.status === message.status && Object.keys(side).length === 0) return null
  const changedAt = timeOf(message.at)
  const loadedAt = timeOf(lot.updatedAt)
  if (changedAt !== null && loadedAt !== null && changedAt < loadedAt) return null
  const next = [...lots]
  next[index] = { ...lot, ...side, status: message.status, updatedAt: message.at ?? lot.updatedAt }
  return next
}

/** The lots with every change received so far applied (each lot's latest change). */
export function applyLotMessages<T extends LiveLot>(lots: T[], messages: ReadonlyMap<number, LotMessage>): T[] {
  let current = lots
  for (const message of messages.values()) current = patchLots(current, message) ?? current
  return current
}

/**
 * The availability overview's figures counted from the lots, as the backend counts them
 * (backend/app/inventory/queries/lots_of_type.ts): pending lots are held, so they count as
 * reserved; locked lots count only in the total.
 */
export function countLots(lots: readonly Pick<LiveLot, 'status'>[]): LotCounts {
  const counts = { available: 0, reserved: 0, booked: 0, sold: 0, locked: 0 }
  for (const lot of lots) {
    if (lot.status === 'available') counts.available++
    else if (lot.status === 'reserved' || lot.status === 'pending') counts.reserved++
    else if (lot.status === 'booked') counts.booked++
    else if (lot.status === 'sold') counts.sold++
    else if (lot.status === 'locked') counts.locked++
  }
  const total = lots.length
  return { ...counts, total, percentageAvailable: total ? Math.round((counts.available / total) * 100) : 0 }
}

const NEWS: Record<LotStatus, string> = {
  available: 'is available again',
  reserved: 'was just reserved',
  pending: 'is now pending',
  booked: 'was just booked',
  sold: 'was just sold',
  locked: 'was just locked',
}

type DescribedChange = Pick<LotMessage, 'unitNumber' | 'lotNumber' | 'status'> &
  Partial<Pick<LotMessage, 'cause' | 'released'>>

function newsOf(message: DescribedChange): string {
  if (message.cause !== 'release') return NEWS[message.status]
  return message.released === false ? 'was taken off sale' : 'was just released for sale'
}

/** 'MKS-07 was just reserved', 'Lot 7 is available again', 'MKS-08 was just released for sale'. */
export function describeLotChange(message: DescribedChange): string {
  const name = message.unitNumber?.trim() || `Lot ${message.lotNumber}`
  return `${name} ${newsOf(message)}.`
}

/**
 * Whether a change may add a lot to the page or take one off it, which only the page's data loaded
 * again can tell: a development may leave its lots not yet released off its public pages, so a lot
 * the page lists and takes off sale may go, and one put on sale that the page does not list may come.
 */
export function changesWhatIsListed(lots: readonly Pick<LiveLot, 'id'>[], message: LotMessage): boolean {
  if (typeof message.released !== 'boolean') return false
  const listed = lots.some((lot) => lot.id === message.lotId)
  return message.released ? !listed : listed
}

/** Beyond this many changes at once (an import), the live region gives their number only. */
const MAX_NAMED_CHANGES = 3

/** What the live region says of changes that came together. */
export function describeLotChanges(messages: readonly DescribedChange[]): string {
  if (messages.length === 0) return ''
  if (messages.length > MAX_NAMED_CHANGES) return `${messages.length} lots just changed status.`
  return messages.map(describeLotChange).join(' ')
}
