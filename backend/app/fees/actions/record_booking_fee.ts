import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { User } from '#identity'
import { Lot } from '#inventory'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import BookingFee, { type FeeMethod } from '#fees/models/booking_fee'
import BookingFeePolicy, { FEE_FORBIDDEN } from '#fees/policies/booking_fee_policy'
import { Booking, BOOKING_NOT_FOUND } from '#bookings'
import { removeStoredDocuments, storeDocument, type CheckedDocument, type StoredDocument } from '#documents'

export const FEE_REFUNDED_LOCKED = 'This booking fee has been refunded and can no longer be changed.'
export const RECEIVED_DATE_REQUIRED = 'Please enter the date the fee was received'

export type BookingFeeInput = {
  amount: number
  method: FeeMethod
  reference?: string | null
  status: 'expected' | 'received'
  receivedOn?: Date | null
}

/** The booking, locked, once the actor may manage its fee (checked on the locked row). */
export async function lockBookingForFee(trx: TransactionClientContract, actor: User, bookingId: number | string) {
  const booking = /^\d+$/.test(String(bookingId))
    ? await Booking.query({ client: trx }).where('id', bookingId).forUpdate().first()
    : null
  if (!booking) throw AppError.notFound(BOOKING_NOT_FOUND)
  const verdict = new BookingFeePolicy().manage(actor, booking)
  if (verdict !== true) throw new AppError(verdict.message || FEE_FORBIDDEN, verdict.status ?? 403)
  return booking
}

export async function bookingLabel(trx: TransactionClientContract, booking: Booking) {
  const lot = await Lot.query({ client: trx }).where('id', booking.lotId).first()
  if (!lot) return `Booking #${booking.id}`
  return `Booking #${booking.id}, ${lot.unitNumber ? `${lot.unitNumber} (lot ${lot.lotNumber})` : `lot ${lot.lotNumber}`}`
}

export function toDay(value: Date | null | undefined): DateTime | null {
  if (!value) return null
  return DateTime.fromObject({ year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() })
}

/**
 * Record only: no money moves. A new receipt is stored first and removed again if the change fails; the one
 * it replaces is removed after the commit.
 */
export default class RecordBookingFee {
  async handle(
    by: AuditBy & { actor: User },
    bookingId: number | string,
    input: BookingFeeInput,
    receipt: CheckedDocument | null
  ): Promise<BookingFee> {
    const receivedOn = input.status === 'received' ? toDay(input.receivedOn) : null
    if (input.status === 'received' && !receivedOn) throw AppError.invalid('receivedOn', RECEIVED_DATE_REQUIRED)

    let stored: StoredDocument | null = null
    try {
      if (receipt) stored = await storeDocument(receipt)
      const { fee, replaced } = await db.transaction(async (trx) => {
        const booking = await lockBookingForFee(trx, by.actor, bookingId)
        const existing = await BookingFee.query({ client: trx }).where('booking_id', booking.id).forUpdate().first()
        if (existing?.status === 'refunded') throw AppError.conflict(FEE_REFUNDED_LOCKED)
        const before = existing ? auditFields(existing) : null

        const row = existing ?? new BookingFee()
        row.useTransaction(trx)
        row.bookingId = booking.id
        row.agencyId = booking.agencyId
        row.amount = input.amount
        row.method = input.method
        row.reference = input.reference?.trim() || null
        row.status = input.status
        row.receivedOn = receivedOn
        row.reportedOn = receivedOn ?? (existing?.createdAt ?? DateTime.now()).startOf('day')
        row.recordedById = by.actor.id
        const replacedKey = stored ? (existing?.receiptKey ?? null) : null
        if (stored) {
          row.receiptKey = stored.storageKey
          row.receiptName = stored.originalName
          row.receiptMimeType = stored.mimeType
          row.receiptSize = stored.sizeBytes
        }
        await row.save()

        await recordAudit(trx, by, {
          action: existing ? 'booking.fee_updated' : 'booking.fee_recorded',
          subject: { type: 'booking', id: booking.id, label: await bookingLabel(trx, booking) },
          before,
          after: auditFields(row),
        })
        return { fee: row, replaced: replacedKey }
      })
      if (replaced) await removeStoredDocuments([{ ...stored!, storageKey: replaced }])
      return fee
    } catch (error) {
      if (stored) await removeStoredDocuments([stored])
      throw error
    }
  }
}
