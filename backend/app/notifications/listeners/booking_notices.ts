import { Booking, type BookingHoldReminder, type BookingStatusChanged } from '#bookings'
import { displayDateTime } from '#core/dates'
import { User } from '#identity'
import { isAgentAdmin, isSuperAdmin, type Role } from '#core/roles'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { recordNotices, sendNotices, type Notice } from '#notifications/actions/notify'
import type { NotificationKind } from '#notifications/kinds'
import { agentAdminsOf, superAdmins } from '#notifications/queries/recipients'

const STATUS_LABELS: Record<string, string> = {
  pending_agent: 'Pending Agency Approval',
  pending_admin: 'Pending Admin Approval',
  // The super admin's "booked" decision: Booked, as the backoffice's badge and My Bookings say.
  approved: 'Booked',
  sold: 'Sold',
  rejected: 'Rejected',
  rejected_by_agent: 'Rejected by Agent',
  cancelled: 'Cancelled',
  expired: 'Expired',
}

export function statusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())
}

/** Where a person opens a booking: the member's dashboard, the agency's queue, the approvals. */
export function bookingLink(role: Role, bookingId: number): string {
  if (isSuperAdmin(role)) return `/backoffice/admin/bookings?booking=${bookingId}`
  if (isAgentAdmin(role)) return `/backoffice/agent/booking-requests?booking=${bookingId}`
  return `/dashboard?booking=${bookingId}`
}

/** What the requester is told for each status the booking reaches. */
const REQUESTER_TITLES: Record<string, string> = {
  pending_admin: 'Your booking was approved by your agency and forwarded to the developer',
  rejected_by_agent: 'Your booking request was rejected by your agency',
  approved: 'Your booking was confirmed as booked',
  sold: 'Your booking was confirmed as sold',
  rejected: 'Your booking was rejected by the developer',
  cancelled: 'Your booking was cancelled',
  expired: 'Your booking hold expired',
}

type Subject = {
  booking: Booking
  lotLabel: string
  development: string
  actorName: string
  event: BookingStatusChanged
}

function summary({ booking, lotLabel, development, actorName, event }: Subject): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Booking', `#${String(booking.id).slice(-6)}`],
    ['Lot', lotLabel],
    ['Development', development],
    ['Status', statusLabel(event.to)],
    ['Decided by', actorName],
  ]
  rows.splice(3, 0, ...priceRows(booking))
  if (event.notes) rows.push(['Notes', event.notes])
  return rows
}

/** Ringgit from sen: whole ringgit without decimals, otherwise to the sen. */
export function ringgit(sen: number): string {
  const whole = sen % 100 === 0
  return `RM ${(sen / 100).toLocaleString('en-MY', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`
}

/**
 * The price the booking was made at, then its discount and net price when a package took some off;
 * a booking older than price lists shows its lot's own price.
 */
export function priceRows(booking: Booking): Array<[string, string]> {
  const priceSen = booking.priceSen ?? (booking.lot?.price ? Math.round(booking.lot.price * 100) : null)
  if (!priceSen) return []
  const rows: Array<[string, string]> = [['Price', ringgit(priceSen)]]
  if (booking.discountSen && booking.netPriceSen !== null) {
    rows.push(['Discount', `- ${ringgit(booking.discountSen)}`], ['Net price', ringgit(booking.netPriceSen)])
  }
  return rows
}

function sentence(subject: Subject, what: string): string {
  const notes = subject.event.notes ? ` Notes: ${subject.event.notes}` : ''
  return `${subject.lotLabel} at ${subject.development}: ${what} by ${subject.actorName}. Status: ${statusLabel(subject.event.to)}.${notes}`
}

function notice(
  person: { id: number; role: Role },
  kind: NotificationKind,
  title: string,
  subject: Subject,
  what: string
): Notice {
  return {
    userId: person.id,
    kind,
    title,
    body: sentence(subject, what),
    link: bookingLink(person.role, subject.booking.id),
    summary: summary(subject),
    action: 'Open the booking',
  }
}

const WHAT: Record<string, string> = {
  request: 'booking requested',
  book_for_client: 'booking made',
  approve: 'approved and forwarded to admin',
  reject: 'rejected',
  booked: 'booked',
  sold: 'marked sold',
  cancel: 'cancelled',
  expire: 'hold expired',
  close: 'closed with its agency',
}

/**
 * Never the person who took the transition (docs/notifications.md#who-is-told): the requester of every
 * change after the request, the agency's agent admins of a new request and of the final outcome, and super
 * admins of a booking reaching them or cancelled while waiting for them.
 */
export async function bookingNotices(
  event: BookingStatusChanged,
  client?: TransactionClientContract
): Promise<Notice[]> {
  const booking = await Booking.query({ client })
    .where('id', event.bookingId)
    .preload('lot', (lot) => lot.preload('development'))
    .first()
  if (!booking) return []
  const actor = event.actorId ? await User.find(event.actorId, { client }) : null
  const lot = booking.lot
  const subject: Subject = {
    booking,
    event,
    lotLabel: lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`,
    development: lot.development?.name ?? 'the development',
    actorName: actor ? actor.name : 'the system',
  }
  const what = WHAT[event.action] ?? event.action
  const notices: Notice[] = []
  const notMe = (person: { id: number }) => person.id !== event.actorId

  const requesterIds = [...new Set([booking.userId, booking.createdById].filter((id): id is number => id !== null))]
  const requesters = requesterIds.length
    ? await User.query({ client }).whereIn('id', requesterIds).select('id', 'name', 'role')
    : []
  const agents = await agentAdminsOf(booking.agencyId, client)

  if (event.from === null) {
    const title = `New booking request: ${subject.lotLabel}`
    for (const agent of agents.filter(notMe)) notices.push(notice(agent, 'booking_request', title, subject, what))
    for (const person of requesters.filter(notMe)) {
      notices.push(notice(person, 'booking_status', `A booking was made for you: ${subject.lotLabel}`, subject, what))
    }
    if (event.to === 'pending_admin') {
      const forwarded = `Booking awaiting your decision: ${subject.lotLabel}`
      for (const admin of (await superAdmins(client)).filter(notMe)) {
        notices.push(notice(admin, 'booking_forwarded', forwarded, subject, what))
      }
    }
    return notices
  }

  const title = `${REQUESTER_TITLES[event.to] ?? `Your booking is now ${statusLabel(event.to)}`}: ${subject.lotLabel}`
  for (const person of requesters.filter(notMe)) notices.push(notice(person, 'booking_status', title, subject, what))

  if (event.to === 'pending_admin') {
    const forwarded = `Booking awaiting your decision: ${subject.lotLabel}`
    for (const admin of (await superAdmins(client)).filter(notMe)) {
      notices.push(notice(admin, 'booking_forwarded', forwarded, subject, what))
    }
  }
  const agencyHears = ['approved', 'sold', 'rejected', 'cancelled', 'expired'].includes(event.to)
  if (agencyHears) {
    const agencyTitle = `Agency booking ${statusLabel(event.to).toLowerCase()}: ${subject.lotLabel}`
    for (const agent of agents.filter(notMe)) notices.push(notice(agent, 'booking_decided', agencyTitle, subject, what))
  }
  if (event.action === 'cancel' && event.from === 'pending_admin') {
    const cancelled = `Booking withdrawn before your decision: ${subject.lotLabel}`
    for (const admin of (await superAdmins(client)).filter(notMe)) {
      notices.push(notice(admin, 'booking_forwarded', cancelled, subject, what))
    }
  }
  return notices
}

/**
 * The transition's notices, delivered from the outbox (#core/outbox): the bell's rows in the
 * delivery's transaction; their emails queued and the bells pushed once it committed.
 */
export async function notifyBookingChange(event: BookingStatusChanged, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await bookingNotices(event, trx))
  return () => sendNotices(recorded)
}

export async function holdReminderNotices(
  event: BookingHoldReminder,
  client?: TransactionClientContract
): Promise<Notice[]> {
  const booking = await Booking.query({ client })
    .where('id', event.bookingId)
    .preload('lot', (lot) => lot.preload('development'))
    .first()
  if (!booking) return []
  const lot = booking.lot
  const lotLabel = lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `Lot ${lot.lotNumber}`
  const until = displayDateTime(event.heldUntil)
  const development = lot.development?.name ?? 'the development'
  const summary: Array<[string, string]> = [
    ['Booking', `#${String(booking.id).slice(-6)}`],
    ['Lot', lotLabel],
    ['Development', development],
    ['Status', statusLabel(event.status)],
    ['Held until', until],
  ]
  const requesterIds = [...new Set([booking.userId, booking.createdById].filter((id): id is number => id !== null))]
  const requesters = requesterIds.length
    ? await User.query({ client }).whereIn('id', requesterIds).select('id', 'role')
    : []
  const people = [...requesters, ...(await agentAdminsOf(booking.agencyId, client))]
  return people.map((person) => ({
    userId: person.id,
    kind: 'hold_reminder' as const,
    title: `Hold ending soon: ${lotLabel}`,
    body: `${lotLabel} at ${development} is held until ${until} (${statusLabel(event.status)}). Unless it is decided by then, the lot is released.`,
    link: bookingLink(person.role, booking.id),
    summary,
    action: 'Open the booking',
  }))
}

export async function notifyHoldReminder(event: BookingHoldReminder, trx: TransactionClientContract) {
  const recorded = await recordNotices(trx, await holdReminderNotices(event, trx))
  return () => sendNotices(recorded)
}
