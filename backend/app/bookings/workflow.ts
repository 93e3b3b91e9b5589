import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { User } from '#identity'
import {
  Lot,
  isQuotaLot,
  lockAvailableLot,
  priceInForce,
  priceWithPackages,
  setLotStatus,
  LOT_NO_LONGER_AVAILABLE,
  QUOTA_LOT_RESERVED,
} from '#inventory'
import { recordAudit, type AuditChange } from '#audit'
import { AppError } from '#core/errors'
import { roleAdmits } from '#core/roles'
import Booking, { type RequiredDocumentType } from '#bookings/models/booking'
import BookingStatusChange from '#bookings/models/booking_status_change'
import BookingPolicy from '#bookings/policies/booking_policy'
import {
  FINAL_STATUSES,
  TRANSITIONS,
  holdsLot,
  lotStatusOf,
  statusesAwaiting,
  type BookingAction,
  type BookingStatus,
  type Transition,
} from '#bookings/workflow_table'
import { startHold } from '#bookings/hold_clock'
import { recordBookingPackages } from '#bookings/booking_packages'
import { runHooks } from '#bookings/ports'
import { findBookingWithDetails } from '#bookings/queries/list_bookings'
import { recordOutbox } from '#core/outbox'
import type { BookingStatusChanged } from '#bookings/status_changed'

export { TRANSITIONS, statusesAwaiting, type Transition, type BookingAction } from '#bookings/workflow_table'

/** What a signed-in user may do to an existing booking (the `allowedActions` of the API). */
export type UserAction = Exclude<Extract<Transition, { from: readonly string[] }>, { by: 'system' }>['action']

const DEFAULT_NOTES: Partial<Record<`${Transition['by']}:${BookingAction}`, string>> = {
  'respondAsAgent:approve': 'Booking request approved by agent',
  'respondAsAgent:reject': 'Booking request rejected by agent',
  'cancel:cancel': 'Cancelled by the requester',
  'requestAsAgentAdmin:request': 'Booking requested by agent admin; sent to admin for review',
  'request:request': 'Booking requested',
}

/** Why an actor who may take `by` transitions cannot take this one from the booking's status. */
function conflict(by: Transition['by'], status: BookingStatus, to: BookingStatus): string {
  switch (by) {
    case 'cancel':
      return 'Only a pending booking can be cancelled.'
    case 'respondAsAgent':
      return 'This booking request has already been processed.'
    case 'process':
      if (statusesAwaiting('respondAsAgent').includes(status) || status === 'pending') {
        return "This booking is waiting for its agency's approval and cannot be processed yet."
      }
      if (status === to) return `This booking is already ${to}.`
      if (FINAL_STATUSES.includes(status)) {
        return `This booking is ${status.replace(/_/g, ' ')} and cannot be processed again.`
      }
      return `A ${status.replace(/_/g, ' ')} booking cannot be processed.`
    default:
      return `This booking is ${status.replace(/_/g, ' ')}; it cannot be changed that way.`
  }
}

/** The signed-in user, or the app itself (hold expiry, an agency's deletion) on someone's behalf. */
export type Actor = { user: User } | { system: true; onBehalfOf?: number | null }

/** What a new booking records besides its status (the requester, the client, the contact details). */
export type NewBooking = {
  lotId: number
  userId: number
  createdBy: 'user' | 'agent'
  agencyId: number | null
  agentAdminId: number | null
  creatorName: string | null
  creatorEmail: string | null
  creatorPhone: string | null
  contactPhone: string | null
  requestMessage: string | null
  consentNoticeVersion?: number | null
  consentedAt?: DateTime | null
  requiredDocuments?: RequiredDocumentType[]
  notes?: string
  /** The packages asked for; absent: the best offer for the buyer (docs/prices.md, "Packages"). */
  packageIds?: number[]
}

export type Step = {
  actor: Actor
  action: BookingAction
  /** Only rows of this ability: an endpoint speaks for one tier (the agent's answer, the admin's decision). */
  by?: Transition['by']
  notes?: string | null
  /** More writes in the same transaction, after the status change (a new booking's documents). */
  within?: (trx: TransactionClientContract, booking: Booking) => Promise<void>
  ip?: string | null
  /**
   * Return the booking read back with every detail (#bookings/queries/list_bookings) in the
   * transaction, on its connection: the request's answer then needs none after the commit, when a
   * launch crowd may be queued for the pool.
   */
  detailed?: boolean
} & ({ bookingId: number | string } | { create: NewBooking })

export type { BookingLot, BookingStatusChanged } from '#bookings/status_changed'

declare module '@adonisjs/core/types' {
  interface EventsList {
    'booking:status_changed': BookingStatusChanged
  }
}

/** The same event, written in the transition's transaction for what must follow only a commit (the notifications). */
declare module '#core/outbox' {
  interface OutboxTopics {
    'booking:status_changed': BookingStatusChanged
  }
}

export const BOOKING_NOT_FOUND = 'Booking not found. It may have already been cancelled or processed.'

/**
 * The one pattern for checks that must see locked rows: lock first, then ask the policy about what was
 * locked.
 */
function verdict(actor: Actor, row: Transition, subject: Booking | User): true | AppError {
  if ('system' in actor) return row.by === 'system' ? true : AppError.forbidden()
  if (row.by === 'system') return AppError.forbidden()
  const answer = new BookingPolicy().decide(row.by, actor.user, subject)
  if (answer === true) return true
  const message = answer.message ?? 'You do not have permission to perform this action.'
  // A 422 refusal is about whom the form named (a new booking's person): it answers for that field.
  return answer.status === 422 ? AppError.invalid('userId', message) : new AppError(message, answer.status ?? 403)
}

/** Picks the row to take: 403 when the actor may take none of the action's rows, 409 when none fits the status. */
function pick(step: Step, status: BookingStatus | null, subject: Booking | User): Transition {
  const candidates = TRANSITIONS.filter(
    (row) =>
      row.action === step.action &&
      (step.by === undefined || row.by === step.by) &&
      (row.from === null) === (status === null)
  )
  let refusal: AppError | null = null
  let permitted: Transition | null = null
  for (const row of candidates) {
    const answer = verdict(step.actor, row, subject)
    if (answer !== true) {
      refusal = answer
      continue
    }
    permitted ??= row
    if (row.from === null || (status !== null && (row.from as readonly string[]).includes(status))) return row
  }
  if (!permitted) throw refusal ?? AppError.forbidden()
  throw AppError.conflict(conflict(permitted.by, status as BookingStatus, permitted.to))
}

function actorId(actor: Actor): number | null {
  return 'system' in actor ? (actor.onBehalfOf ?? null) : actor.user.id
}

function stamp(booking: Booking, row: Transition, actor: Actor, notes: string | null) {
  if (!('stamp' in row)) return
  if (row.stamp === 'agentRequest') {
    booking.createdBy = 'agent'
    booking.agentAdminId = actorId(actor)
  } else if (row.stamp === 'agentResponse') {
    booking.agentNotes = notes
    booking.agentResponseDate = DateTime.utc()
    booking.respondedById = actorId(actor)
    booking.agentAdminId = actorId(actor)
  } else if (row.stamp === 'adminNotes' && notes) {
    booking.adminNotes = notes
  } else if (row.stamp === 'cancellation') {
    booking.cancellationDate = DateTime.utc()
  }
}

/** Two decisions never interleave. */
async function lockBooking(trx: TransactionClientContract, id: number | string): Promise<Booking> {
  if (!/^\d+$/.test(String(id))) throw AppError.notFound(BOOKING_NOT_FOUND)
  const booking = await Booking.query({ client: trx }).where('id', id).forUpdate().first()
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  return booking
}

export const LOT_NOT_RELEASED = 'This lot has not been released for sale yet.'

/** So that a membership decided meanwhile is seen. */
async function lockUser(trx: TransactionClientContract, id: number): Promise<User> {
  const user = await User.query({ client: trx }).where('id', id).forUpdate().first()
  if (!user) throw AppError.invalid('userId', 'Please select a user')
  return user
}

/**
 * A Bumiputera quota lot not released goes only to a verified Bumiputera buyer (the person the booking is
 * for), asked with the person's row and the lot's locked: a verification or a release decided meanwhile
 * is seen, one under way waits.
 */
function refuseQuotaLot(lot: Lot, buyer: User | null) {
  // A lot not released yet is on sale for nobody, whoever asks (checked under the same lock).
  if (lot.isReleased === false) throw new AppError(LOT_NOT_RELEASED, 409)
  if (isQuotaLot(lot) && buyer?.bumiputeraStatus !== 'verified') throw new AppError(QUOTA_LOT_RESERVED, 422)
}

/** The rows that book or sell a lot: a quota lot's buyer is checked again (their status may have changed). */
function claimsLotForGood(row: Transition): boolean {
  return 'lot' in row && (row.lot === 'booked' || row.lot === 'sold')
}

async function create(trx: TransactionClientContract, step: Step & { create: NewBooking }) {
  const buyer = await lockUser(trx, step.create.userId)
  const row = pick(step, null, buyer)
  const lot = await lockAvailableLot(trx, step.create.lotId)
  refuseQuotaLot(lot, buyer)
  // The lot's waitlist priority window, under the same lock: only the person offered it may be booked for it.
  await runHooks('lotClaimed', trx, lot, step.create.userId)
  const { notes: _notes, packageIds, ...fields } = step.create
  // The price is locked with the lot: a price list published after this changes nothing here.
  const priceSen = await priceInForce(lot, trx)
  // So are its packages, checked for this buyer now: a package changed or retired later changes nothing.
  const priced = await priceWithPackages(lot, buyer, priceSen, packageIds, trx)
  const { discountSen, netPriceSen } = priced
  const booking = await Booking.create(
    {
      ...fields,
      priceSen,
      discountSen,
      netPriceSen,
      status: row.to,
      activeLotId: fields.lotId,
      createdById: actorId(step.actor),
    },
    { client: trx }
  )
  await recordBookingPackages(trx, booking.id, priced)
  return { booking, row, from: null, lot }
}

async function move(trx: TransactionClientContract, step: Step & { bookingId: number | string }) {
  const booking = await lockBooking(trx, step.bookingId)
  const from = booking.status
  const row = pick(step, from, booking)
  if (claimsLotForGood(row)) {
    // The person before the lot, in the order a new booking locks them.
    const buyer = booking.userId === null ? null : await lockUser(trx, booking.userId)
    const lot = await Lot.query({ client: trx }).where('id', booking.lotId).forUpdate().firstOrFail()
    refuseQuotaLot(lot, buyer)
  }
  // A forward or a decision waits while a document is rejected or a required one missing.
  await runHooks('beforeMove', trx, booking, row.action)
  booking.useTransaction(trx)
  booking.status = row.to
  booking.activeLotId = holdsLot(row.to) ? booking.lotId : null
  return { booking, row, from }
}

/**
 * The one entry point of every transition: locks the booking (or the lot and the person a new one is for),
 * re-checks transition and policy against the locked rows, writes, and emits `booking:status_changed` only
 * after the commit.
 */
export async function takeTransition(step: Step): Promise<Booking> {
  let event: BookingStatusChanged | null = null
  let booking: Booking
  // An offer of the lot whose window ran out is passed on first (the hold clock may not have yet).
  if ('create' in step) await runHooks('beforeRequest', step.create.lotId)
  try {
    booking = await db.transaction(async (trx) => {
      const taken = 'create' in step ? await create(trx, step) : await move(trx, step)
      const { booking: changed, row, from } = taken
      const notes =
        step.notes || ('create' in step ? step.create.notes : null) || DEFAULT_NOTES[`${row.by}:${row.action}`] || null
      stamp(changed, row, step.actor, notes)
      // A new booking's hold runs for its development's hold length (holds with a clock).
      if (from === null) await startHold(trx, changed)
      changed.statusChangedAt = DateTime.utc()
      await changed.save()
      await BookingStatusChange.create(
        { bookingId: changed.id, fromStatus: from, toStatus: row.to, changedById: actorId(step.actor), notes },
        { client: trx }
      )
      const lotStatus = 'lot' in row ? row.lot : null
      const staff = staffMember(step.actor)
      // The lot as the step found it, for the audit trail's before.
      const lot = staff ? await Lot.query({ client: trx }).where('id', changed.lotId).firstOrFail() : null
      if (lotStatus) await setLotStatus(trx, changed.lotId, lotStatus)
      // The lot's names for its announcement, read now: after the commit the connection pool may
      // be queued with a launch crowd's requests, and the lot's watchers must not wait behind them.
      const named = lotStatus
        ? 'lot' in taken
          ? taken.lot
          : (lot ?? (await Lot.findOrFail(changed.lotId, { client: trx })))
        : null
      // Available again: the first in its waitlist is offered it; sold: its waitlist is over.
      if (lotStatus) await runHooks('lotStatusSet', trx, changed.lotId, lotStatus)
      await step.within?.(trx, changed)
      if (staff && lot) {
        await recordAudit(trx, { actor: staff, ip: step.ip ?? null }, auditChange(changed, row, from, notes, lot))
      }
      // Read before the event's `at`: the time from it to the commit is what the watchers wait for.
      const detailed = step.detailed ? await findBookingWithDetails(changed.id, trx) : null
      event = {
        bookingId: changed.id,
        lotId: changed.lotId,
        agencyId: changed.agencyId,
        userId: changed.userId,
        createdById: changed.createdById,
        action: row.action,
        from,
        to: row.to,
        lotStatus,
        // What the booking had left its lot in (a new booking found it available).
        previousLotStatus: lotStatus ? (from === null ? 'available' : lotStatusOf(from)) : null,
        lot: named && {
          developmentId: named.developmentId,
          typeCode: named.typeCode,
          lotNumber: named.lotNumber,
          unitNumber: named.unitNumber,
        },
        actorId: actorId(step.actor),
        notes,
        at: DateTime.utc().toISO(),
      }
      // Its notifications leave through the outbox: written here, they exist iff the transition commits.
      await recordOutbox(trx, 'booking:status_changed', event)
      await runHooks('statusChanged', trx, event)
      return detailed ?? changed
    })
  } catch (error) {
    // The unique active-claim key is the database's last word if two claims on a lot ever meet.
    if ('create' in step && /DUP|UNIQUE/i.test(`${(error as { code?: string }).code ?? ''} ${String(error)}`)) {
      throw AppError.conflict(LOT_NO_LONGER_AVAILABLE)
    }
    throw error
  }
  await announce(event!)
  return booking
}

function staffMember(actor: Actor): User | null {
  return 'user' in actor && roleAdmits('agent_admin', actor.user.role) ? actor.user : null
}

function auditChange(
  booking: Booking,
  row: Transition,
  from: BookingStatus | null,
  notes: string | null,
  lot: Lot
): AuditChange {
  const action = `booking.${row.action}`
  const subject = {
    type: 'booking' as const,
    id: booking.id,
    label: `Booking #${booking.id}, ${lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `lot ${lot.lotNumber}`}`,
  }
  const after = { status: row.to, ...('lot' in row ? { lotStatus: row.lot } : {}), notes }
  if (from === null) {
    const { lotId, userId, agencyId } = booking
    return { action, subject, before: null, after: { ...after, lotId, userId, agencyId } }
  }
  return {
    action,
    subject,
    before: { status: from, ...('lot' in row ? { lotStatus: lot.status } : {}), notes: null },
    after,
  }
}

/**
 * Listeners react after the commit, cheap ones only (the live broadcasts): the request waits for
 * them. What costs queries goes in the transaction (hooks) or in the outbox. One failing never
 * undoes or fails the transition.
 */
async function announce(event: BookingStatusChanged) {
  try {
    await emitter.emit('booking:status_changed', event)
  } catch (error) {
    logger.error({ err: error, bookingId: event.bookingId }, 'A booking:status_changed listener failed')
  }
}

export function allowedActions(user: User | null, booking: Pick<Booking, 'status'> & Booking): UserAction[] {
  if (!user) return []
  const actions: UserAction[] = []
  for (const row of TRANSITIONS) {
    if (row.from === null || row.by === 'system' || !(row.from as readonly string[]).includes(booking.status)) continue
    if (actions.includes(row.action as UserAction)) continue
    if (new BookingPolicy().decide(row.by, user, booking) === true) actions.push(row.action as UserAction)
  }
  return actions
}
