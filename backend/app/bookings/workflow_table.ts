import type { LotStatus } from '#inventory'

/**
 * The workflow as data: what each status means (STATUS_MEANING) and how bookings move (TRANSITIONS). Every
 * set of statuses the app uses is derived from them; none is written by hand elsewhere.
 */

export type BookingFigure = 'pendingAgent' | 'pendingAdmin' | 'approved' | 'sold' | 'rejected' | 'cancelled' | 'expired'

export type StatusGroup =
  'pending' | 'pending_agent' | 'forwarded' | 'approved' | 'sold' | 'rejected' | 'cancelled' | 'expired'

export type ApprovalTier = 'agent' | 'developer'

type StatusMeaning = {
  /** How the booking ended (null: still open). Every end but `sold` gave the lot back to `available`. */
  end: 'sold' | 'rejected' | 'cancelled' | 'expired' | null
  /** Its hold runs on the clock: it expires at `held_until` unless decided. */
  held: boolean
  /** The approval tier whose queue it waits in: its time there counts against the development's target. */
  queue: ApprovalTier | null
  /** Whose decision comes next: the tier that reviews its documents now. */
  decides: ApprovalTier | null
  figure: BookingFigure | null
  groups: readonly StatusGroup[]
}

/**
 * What each status means (requirements: booking.md#statuses). The statuses no transition leads
 * to are legacy rows, kept readable (#bookings/diagram).
 */
export const STATUS_MEANING = {
  pending: { end: null, held: true, queue: null, decides: null, figure: 'pendingAgent', groups: ['pending'] },
  pending_agent: {
    end: null,
    held: true,
    queue: 'agent',
    decides: 'agent',
    figure: 'pendingAgent',
    groups: ['pending', 'pending_agent'],
  },
  pending_admin: {
    end: null,
    held: true,
    queue: 'developer',
    decides: 'developer',
    figure: 'pendingAdmin',
    groups: ['pending', 'forwarded'],
  },
  approved: { end: null, held: false, queue: null, decides: 'developer', figure: 'approved', groups: ['approved'] },
  confirmed: { end: null, held: false, queue: null, decides: null, figure: 'approved', groups: ['approved'] },
  rejected: {
    end: 'rejected',
    held: false,
    queue: null,
    decides: null,
    figure: 'rejected',
    groups: ['rejected', 'cancelled'],
  },
  rejected_by_agent: {
    end: 'rejected',
    held: false,
    queue: null,
    decides: null,
    figure: 'rejected',
    groups: ['rejected', 'cancelled'],
  },
  rejected_by_admin: {
    end: 'rejected',
    held: false,
    queue: null,
    decides: null,
    figure: 'rejected',
    groups: ['rejected'],
  },
  cancelled: {
    end: 'cancelled',
    held: false,
    queue: null,
    decides: null,
    figure: 'cancelled',
    groups: ['cancelled'],
  },
  expired: { end: 'expired', held: false, queue: null, decides: null, figure: 'expired', groups: ['expired'] },
  booked: { end: null, held: false, queue: null, decides: null, figure: 'approved', groups: ['approved'] },
  sold: { end: 'sold', held: false, queue: null, decides: null, figure: 'sold', groups: ['sold'] },
  completed: { end: 'sold', held: false, queue: null, decides: null, figure: 'sold', groups: ['sold'] },
  checking: { end: null, held: false, queue: null, decides: null, figure: null, groups: ['pending'] },
} as const satisfies Record<string, StatusMeaning>

export type BookingStatus = keyof typeof STATUS_MEANING

export const BOOKING_STATUSES = Object.keys(STATUS_MEANING) as BookingStatus[]

export function statusesWhere(test: (meaning: StatusMeaning) => boolean): BookingStatus[] {
  return BOOKING_STATUSES.filter((status) => test(STATUS_MEANING[status]))
}

/** Ended (sold, rejected, cancelled, expired): never processed again (requirements: booking.md#admin-processing). */
export const FINAL_STATUSES = statusesWhere((meaning) => meaning.end !== null)

/** Ended without a sale: the lot went back to `available`. */
export const RELEASED_STATUSES = statusesWhere((meaning) => meaning.end !== null && meaning.end !== 'sold')

export const SOLD_STATUSES = statusesWhere((meaning) => meaning.end === 'sold')

/**
 * The booking holds its lot (requirements: decisions.md#d2-no-double-booking): the lot is out of
 * `available` while the booking waits, is approved, and for good once sold.
 */
export const HOLDING_STATUSES = statusesWhere((meaning) => meaning.end === null || meaning.end === 'sold')

export const HELD_STATUSES = statusesWhere((meaning) => meaning.held)

export const QUEUED_STATUSES = statusesWhere((meaning) => meaning.queue !== null)

export function statusesCountedAs(figure: BookingFigure): BookingStatus[] {
  return statusesWhere((meaning) => meaning.figure === figure)
}

export const STATUS_GROUPS = Object.fromEntries(
  (['pending', 'approved', 'sold', 'rejected', 'cancelled', 'forwarded', 'pending_agent', 'expired'] as const).map(
    (group) => [group, statusesWhere((meaning) => (meaning.groups as readonly string[]).includes(group))]
  )
) as Record<string, BookingStatus[]>

export function holdsLot(status: BookingStatus) {
  return HOLDING_STATUSES.includes(status)
}

/** The abilities the booking workflow's transitions name (BookingPolicy answers for each). */
export type BookingAbility = 'request' | 'requestAsAgentAdmin' | 'bookFor' | 'respondAsAgent' | 'process' | 'cancel'

type TransitionRow = {
  from: readonly BookingStatus[] | null
  action: string
  by: BookingAbility | 'system'
  to: BookingStatus
  lot?: LotStatus
  stamp?: 'agentRequest' | 'agentResponse' | 'adminNotes' | 'cancellation'
}

/**
 * docs/booking-workflow.md is printed from this table (`node ace bookings:diagram`). Rows are tried in
 * order; the first one the actor may take and whose `from` matches wins.
 */
export const TRANSITIONS = [
  {
    from: null,
    action: 'request',
    by: 'requestAsAgentAdmin',
    to: 'pending_admin',
    lot: 'reserved',
    stamp: 'agentRequest',
  },
  { from: null, action: 'request', by: 'request', to: 'pending_agent', lot: 'reserved' },
  { from: null, action: 'book_for_client', by: 'bookFor', to: 'pending_admin', lot: 'reserved' },
  { from: ['pending_agent'], action: 'approve', by: 'respondAsAgent', to: 'pending_admin', stamp: 'agentResponse' },
  {
    from: ['pending_agent'],
    action: 'reject',
    by: 'respondAsAgent',
    to: 'rejected_by_agent',
    lot: 'available',
    stamp: 'agentResponse',
  },
  { from: ['pending_admin'], action: 'booked', by: 'process', to: 'approved', lot: 'booked', stamp: 'adminNotes' },
  { from: ['pending_admin', 'approved'], action: 'sold', by: 'process', to: 'sold', lot: 'sold', stamp: 'adminNotes' },
  {
    from: ['pending_admin', 'approved'],
    action: 'reject',
    by: 'process',
    to: 'rejected',
    lot: 'available',
    stamp: 'adminNotes',
  },
  {
    from: ['pending_agent', 'pending_admin'],
    action: 'cancel',
    by: 'cancel',
    to: 'cancelled',
    lot: 'available',
    stamp: 'cancellation',
  },
  { from: ['pending_agent', 'pending_admin'], action: 'expire', by: 'system', to: 'expired', lot: 'available' },
  { from: ['pending_agent'], action: 'close', by: 'system', to: 'rejected_by_agent', lot: 'available' },
] as const satisfies readonly TransitionRow[]

export type Transition = (typeof TRANSITIONS)[number]
export type BookingAction = Transition['action']

/** The statuses in which a booking waits for whoever holds `by` (the `from` of that ability's rows). */
export function statusesAwaiting(by: Transition['by']): BookingStatus[] {
  return [...new Set(TRANSITIONS.flatMap((row) => (row.by === by && row.from ? [...row.from] : [])))]
}

export function statusesFrom(action: BookingAction): BookingStatus[] {
  return [...new Set(TRANSITIONS.flatMap((row) => (row.action === action && row.from ? [...row.from] : [])))]
}

/** The lot status a booking in `status` left its lot in (the `lot` of the rows leading to it), or null. */
export function lotStatusOf(status: BookingStatus): LotStatus | null {
  return TRANSITIONS.flatMap((row) => (row.to === status && 'lot' in row ? [row.lot] : []))[0] ?? null
}
