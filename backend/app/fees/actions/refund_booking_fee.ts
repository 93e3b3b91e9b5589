import db from '@adonisjs/lucid/services/db'
import type { User } from '#identity'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import BookingFee from '#fees/models/booking_fee'
import { statusesWhere, type BookingStatus } from '#bookings'
import { bookingLabel, lockBookingForFee, toDay } from '#fees/actions/record_booking_fee'

/** A fee is refunded only when its booking ended without a sale by a rejection or a cancellation. */
export const REFUNDABLE_STATUSES: BookingStatus[] = statusesWhere(
  (meaning) => meaning.end === 'rejected' || meaning.end === 'cancelled'
)

export const FEE_NOT_FOUND = 'No booking fee has been recorded for this booking.'
export const REFUND_NOT_ALLOWED = 'A booking fee can only be refunded when the booking is rejected or cancelled.'
export const REFUND_NOT_RECEIVED = 'Only a received booking fee can be refunded.'
export const ALREADY_REFUNDED = 'This booking fee has already been refunded.'

export type RefundInput = { refundedOn: Date; reason: string }

/** Checked on the locked booking and fee; once. */
export default class RefundBookingFee {
  async handle(by: AuditBy & { actor: User }, bookingId: number | string, input: RefundInput): Promise<BookingFee> {
    return db.transaction(async (trx) => {
      const booking = await lockBookingForFee(trx, by.actor, bookingId)
      const fee = await BookingFee.query({ client: trx }).where('booking_id', booking.id).forUpdate().first()
      if (!fee) throw AppError.notFound(FEE_NOT_FOUND)
      if (fee.status === 'refunded') throw AppError.conflict(ALREADY_REFUNDED)
      if (!REFUNDABLE_STATUSES.includes(booking.status)) throw AppError.conflict(REFUND_NOT_ALLOWED)
      if (fee.status !== 'received') throw AppError.conflict(REFUND_NOT_RECEIVED)
      const refundedOn = toDay(input.refundedOn)!
      if (fee.receivedOn && refundedOn < fee.receivedOn) {
        throw AppError.invalid('refundedOn', 'The refund date cannot be before the date the fee was received')
      }

      const before = auditFields(fee)
      fee.useTransaction(trx)
      fee.status = 'refunded'
      fee.refundedOn = refundedOn
      fee.refundReason = input.reason
      fee.recordedById = by.actor.id
      await fee.save()
      await recordAudit(trx, by, {
        action: 'booking.fee_refunded',
        subject: { type: 'booking', id: booking.id, label: await bookingLabel(trx, booking) },
        before,
        after: auditFields(fee),
      })
      return fee
    })
  }
}
