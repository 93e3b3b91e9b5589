import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { User } from '#identity'
import { Lot } from '#inventory'
import { recordAudit } from '#audit'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import BookingStatusChange from '#bookings/models/booking_status_change'
import BookingPolicy, { EXTEND_HOLD_FORBIDDEN } from '#bookings/policies/booking_policy'
import { BOOKING_NOT_FOUND } from '#bookings/workflow'
import { HELD_STATUSES, holdMinutesForLot, reminderDue, type BookingHoldExtended } from '#bookings/hold_clock'
import { formatHoldLength } from '#bookings/hold_length'

export const ONLY_PENDING_HOLDS = "Only a pending booking's hold can be extended."
export const ALREADY_EXTENDED = 'This hold has already been extended once.'

export type HoldExtension = { minutes: number; reason: string }

/**
 * Once, with a reason, by at most the development's hold length (docs/decisions/020-booking-hold-clock.md);
 * status and the one extension are re-checked on the locked row, and a passed deadline the clock has not yet
 * expired moves from now.
 */
export default class ExtendHold {
  async handle(
    actor: User,
    bookingId: number | string,
    input: HoldExtension,
    ip: string | null = null,
    now: DateTime = DateTime.utc()
  ): Promise<Booking> {
    const { booking, event } = await db.transaction(async (trx) => {
      const locked = await Booking.query({ client: trx }).where('id', bookingId).forUpdate().first()
      if (!locked) throw AppError.notFound(BOOKING_NOT_FOUND)
      const verdict = new BookingPolicy().extendHold(actor, locked)
      if (verdict !== true) throw new AppError(verdict.message ?? EXTEND_HOLD_FORBIDDEN, verdict.status ?? 403)
      if (!HELD_STATUSES.includes(locked.status) || !locked.heldUntil) throw AppError.conflict(ONLY_PENDING_HOLDS)
      if (locked.holdExtendedAt) throw AppError.conflict(ALREADY_EXTENDED)
      const longest = await holdMinutesForLot(trx, locked.lotId)
      if (input.minutes > longest) {
        throw AppError.invalid(
          'minutes',
          `A hold can be extended by at most its development's hold length (${formatHoldLength(longest)}).`
        )
      }

      const before = { heldUntil: locked.heldUntil.toUTC().toISO(), holdExtendedAt: null }
      const from = locked.heldUntil > now ? locked.heldUntil : now
      locked.useTransaction(trx)
      locked.heldUntil = from.plus({ minutes: input.minutes })
      if (!locked.remindedAt) locked.remindAt = reminderDue(locked.createdAt, locked.heldUntil)
      locked.holdExtendedAt = now
      locked.holdExtendedById = actor.id
      locked.holdExtensionReason = input.reason
      await locked.save()

      const heldUntil = locked.heldUntil.toUTC().toISO()!
      const notes = `Hold extended by ${formatHoldLength(input.minutes)} until ${heldUntil}: ${input.reason}`
      await BookingStatusChange.create(
        { bookingId: locked.id, fromStatus: locked.status, toStatus: locked.status, changedById: actor.id, notes },
        { client: trx }
      )
      const lot = await Lot.query({ client: trx }).where('id', locked.lotId).firstOrFail()
      await recordAudit(
        trx,
        { actor, ip },
        {
          action: 'booking.extend_hold',
          subject: {
            type: 'booking',
            id: locked.id,
            label: `Booking #${locked.id}, ${lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `lot ${lot.lotNumber}`}`,
          },
          before,
          after: { heldUntil, holdExtendedAt: now.toUTC().toISO(), minutes: input.minutes, reason: input.reason },
        }
      )
      const extended: BookingHoldExtended = {
        bookingId: locked.id,
        lotId: locked.lotId,
        agencyId: locked.agencyId,
        userId: locked.userId,
        createdById: locked.createdById,
        status: locked.status,
        heldUntil,
        minutes: input.minutes,
        reason: input.reason,
        actorId: actor.id,
        at: now.toUTC().toISO()!,
      }
      return { booking: locked, event: extended }
    })
    try {
      await emitter.emit('booking:hold_extended', event)
    } catch (error) {
      logger.error({ err: error, bookingId: event.bookingId }, 'A booking:hold_extended listener failed')
    }
    return booking
  }
}
