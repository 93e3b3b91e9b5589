import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import { sqlDateTime } from '#core/dates'
import { recordOutbox } from '#core/outbox'
import Booking from '#bookings/models/booking'
import { HELD_STATUSES, type BookingHoldReminder } from '#bookings/hold_clock'

/**
 * Each reminder is claimed by a guarded UPDATE (`reminded_at` still null), so two instances never remind
 * twice; who is told leaves through the outbox written with the claim.
 */
export default class RemindHolds {
  async handle(now: DateTime = DateTime.utc()): Promise<BookingHoldReminder[]> {
    const at = sqlDateTime(now)
    const due = await Booking.query()
      .whereIn('status', [...HELD_STATUSES])
      .whereNull('reminded_at')
      .where('remind_at', '<=', at)
      .where('held_until', '>', at)
      .orderBy('id')
      .select('id')
    const sent: BookingHoldReminder[] = []
    for (const { id } of due) {
      // The claim and the reminder's notices are one commit: neither is lost without the other.
      const reminder = await db.transaction(async (trx) => {
        const claimed = await trx
          .from('bookings')
          .where('id', id)
          .whereNull('reminded_at')
          .whereIn('status', [...HELD_STATUSES])
          .update({ reminded_at: at })
        if (Number(Array.isArray(claimed) ? claimed[0] : claimed) !== 1) return null
        const booking = await Booking.findOrFail(id, { client: trx })
        const claim: BookingHoldReminder = {
          bookingId: booking.id,
          lotId: booking.lotId,
          agencyId: booking.agencyId,
          userId: booking.userId,
          createdById: booking.createdById,
          status: booking.status,
          heldUntil: booking.heldUntil!.toUTC().toISO()!,
          at: now.toUTC().toISO()!,
        }
        await recordOutbox(trx, 'booking:hold_reminder', claim)
        return claim
      })
      if (!reminder) continue
      try {
        await emitter.emit('booking:hold_reminder', reminder)
      } catch (error) {
        logger.error({ err: error, bookingId: id }, 'A booking:hold_reminder listener failed')
      }
      sent.push(reminder)
    }
    return sent
  }
}
