import transmit from '@adonisjs/transmit/services/main'
import { closeStreamsOf } from '#core/live_streams'

/**
 * What the browsers hear over server-sent events (start/transmit.ts authorizes the channels), pushed after
 * each commit. A push is a hint to refresh; the database stays the truth. `lots` is public; the others are
 * private to the user, the agency's agent admins or the super admins.
 */
export const LIVE_CHANNELS = {
  lots: 'lots',
  userBookings: (userId: number) => `users/${userId}/bookings`,
  agencyBookings: (agencyId: number) => `agencies/${agencyId}/bookings`,
  adminBookings: 'admin/bookings',
  userNotifications: (userId: number) => `users/${userId}/notifications`,
} as const

export const PRIVATE_CHANNEL_PATTERNS = {
  userBookings: 'users/:userId/bookings',
  agencyBookings: 'agencies/:agencyId/bookings',
  adminBookings: 'admin/bookings',
  userNotifications: 'users/:userId/notifications',
} as const

const PRIVATE_CHANNEL = /^(users\/[1-9]\d*\/(bookings|notifications)|agencies\/[1-9]\d*\/bookings|admin\/bookings)$/

/** A channel's kind, without the person or agency it names: what the live-messages metric is labelled by. */
export function channelKind(channel: string): string {
  if (channel === LIVE_CHANNELS.lots) return 'lots'
  if (channel === LIVE_CHANNELS.adminBookings) return 'admin_bookings'
  const named = /^(users|agencies)\/[1-9]\d*\/(bookings|notifications)$/.exec(channel)
  return named ? `${named[1] === 'users' ? 'user' : 'agency'}_${named[2]}` : 'other'
}

export function isPrivateChannel(channel: unknown): channel is string {
  return typeof channel === 'string' && PRIVATE_CHANNEL.test(channel)
}

export type LiveCause = 'booking' | 'admin' | 'import' | 'expiry' | 'release'

/** A lot's committed status change, as core reads inventory's `lot:status_changed` (`previous`: null for a new lot). */
export type LotStatusChange = {
  lotId: number
  developmentId: number
  typeCode: string | null
  lotNumber: string
  unitNumber: string | null
  status: string
  previous: string | null
  cause: LiveCause
  at: string
  /** Only when the lot's release changed (`cause: 'release'`, the status unchanged): whether it is on sale now. */
  released?: boolean
  /** Only when the lot's Bumiputera reservation changed (`cause: 'admin'`, the status unchanged). */
  bumiputeraReserved?: boolean
}

/** The names a lot message carries, as any module's lot has them (a new lot may have the optional ones unset). */
export type LotNames = {
  id: number
  developmentId: number
  typeCode?: string | null
  lotNumber: string
  unitNumber?: string | null
  status: string
}

/**
 * A lot message's fields for a lot whose status did not move (its release or its waitlist changed):
 * `previous` is its status, so open pages and the gateway hear it as any status change.
 */
export function lotInPlace<L extends LotNames, Cause extends string>(lot: L, cause: Cause, at: string) {
  return {
    lotId: lot.id,
    developmentId: lot.developmentId,
    typeCode: (lot.typeCode ?? null) as NonNullable<L['typeCode']> | null,
    lotNumber: lot.lotNumber,
    unitNumber: lot.unitNumber ?? null,
    status: lot.status as L['status'],
    previous: lot.status as L['status'],
    cause,
    at,
  }
}

/** A booking's committed transition, as core reads bookings' `booking:status_changed`. */
export type BookingStatusChange = {
  bookingId: number
  lotId: number
  agencyId: number | null
  userId: number | null
  createdById: number | null
  action: string
  from: string | null
  to: string
  at: string
}

export type LotMessage = { type: 'lot' } & LotStatusChange

export type NotificationMessage = {
  type: 'notification'
  id: number
  kind: string
  title: string
  link: string | null
  createdAt: string
}

export type BookingMessage = {
  type: 'booking'
  bookingId: number
  lotId: number
  action: string
  from: string | null
  to: string
  at: string
}

export function broadcastLotChange(change: LotStatusChange): void {
  const message: LotMessage = {
    type: 'lot',
    lotId: change.lotId,
    developmentId: change.developmentId,
    typeCode: change.typeCode,
    lotNumber: change.lotNumber,
    unitNumber: change.unitNumber,
    status: change.status,
    previous: change.previous,
    cause: change.cause,
    at: change.at,
    ...(change.released === undefined ? {} : { released: change.released }),
    ...(change.bumiputeraReserved === undefined ? {} : { bumiputeraReserved: change.bumiputeraReserved }),
  }
  transmit.broadcast(LIVE_CHANNELS.lots, message)
}

/** The message names no person and carries no notes: only which booking moved and where to. */
export function broadcastBookingChange(change: BookingStatusChange): void {
  const message: BookingMessage = {
    type: 'booking',
    bookingId: change.bookingId,
    lotId: change.lotId,
    action: change.action,
    from: change.from,
    to: change.to,
    at: change.at,
  }
  const channels = new Set<string>()
  for (const userId of [change.userId, change.createdById]) {
    if (userId !== null) channels.add(LIVE_CHANNELS.userBookings(userId))
  }
  if (change.agencyId !== null) channels.add(LIVE_CHANNELS.agencyBookings(change.agencyId))
  channels.add(LIVE_CHANNELS.adminBookings)
  for (const channel of channels) transmit.broadcast(channel, message)
}

/**
 * How one instance tells the others to close a person's streams. Nobody may subscribe to it, and it is named
 * as Transmit names its own so it is never taken for a site channel.
 */
export const ACCESS_ENDED_CHANNEL = '$$transmit/access-ended'

export function endLiveAccess({ userId }: { userId: number }): void {
  closeStreamsOf(userId)
  transmit.broadcast(ACCESS_ENDED_CHANNEL, { userId })
}

export function closeRelayedStreams({ channel, payload }: { channel: string; payload: unknown }): void {
  if (channel !== ACCESS_ENDED_CHANNEL) return
  const userId = Number((payload as { userId?: unknown } | null)?.userId)
  if (Number.isInteger(userId) && userId > 0) closeStreamsOf(userId)
}
