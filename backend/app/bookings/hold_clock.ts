import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DEFAULT_HOLD_DAYS, Development, Lot, defaultHoldMinutes } from '#inventory'
import { HELD_STATUSES, type BookingStatus } from '#bookings/workflow_table'

/**
 * A pending booking holds its lot until `held_until`, set from its development's hold length
 * (docs/decisions/020-booking-hold-clock.md).
 */
export { DEFAULT_HOLD_DAYS, defaultHoldMinutes }

/** The hold's share left when the reminder goes out. */
export const REMINDER_SHARE = 0.2

export { HELD_STATUSES }

export function holdMinutesOf(development: Pick<Development, 'holdMinutes'> | null): number {
  return development?.holdMinutes ?? defaultHoldMinutes()
}

export async function holdMinutesForLot(trx: TransactionClientContract, lotId: number): Promise<number> {
  const lot = await Lot.query({ client: trx }).where('id', lotId).select('development_id').first()
  const development = lot
    ? await Development.query({ client: trx }).where('id', lot.developmentId).select('hold_minutes').first()
    : null
  return holdMinutesOf(development)
}

/**
 * The clock ticks every minute; a reminder due less than this before the deadline could fall
 * between the last tick and the expiry (a launch's holds are minutes long), so it is due earlier.
 */
export const REMINDER_LEAD_MS = 90_000

export function reminderDue(start: DateTime, heldUntil: DateTime): DateTime {
  const length = heldUntil.toMillis() - start.toMillis()
  const lead = Math.max(Math.round(length * REMINDER_SHARE), REMINDER_LEAD_MS)
  return DateTime.max(start, heldUntil.minus({ milliseconds: lead }))
}

/** The typed event the hold clock emits once per booking when 20% of its hold is left. */
export type BookingHoldReminder = {
  bookingId: number
  lotId: number
  agencyId: number | null
  userId: number | null
  createdById: number | null
  status: BookingStatus
  heldUntil: string
  at: string
}

/** The typed event a hold's extension emits after its commit (watchers refresh the deadline). */
export type BookingHoldExtended = {
  bookingId: number
  lotId: number
  agencyId: number | null
  userId: number | null
  createdById: number | null
  status: BookingStatus
  heldUntil: string
  minutes: number
  reason: string
  actorId: number
  at: string
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'booking:hold_reminder': BookingHoldReminder
    'booking:hold_extended': BookingHoldExtended
  }
}

declare module '#core/outbox' {
  interface OutboxTopics {
    'booking:hold_reminder': BookingHoldReminder
  }
}

export async function startHold(
  trx: TransactionClientContract,
  booking: { lotId: number; heldUntil: DateTime | null; remindAt: DateTime | null },
  now = DateTime.utc()
) {
  const minutes = await holdMinutesForLot(trx, booking.lotId)
  booking.heldUntil = now.plus({ minutes })
  booking.remindAt = reminderDue(now, booking.heldUntil)
}
