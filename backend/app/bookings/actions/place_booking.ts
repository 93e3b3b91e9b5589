import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { lockAvailableLot, setLotStatus, LOT_NO_LONGER_AVAILABLE } from '#inventory'
import { AppError } from '#core/errors'
import Booking from '#bookings/models/booking'
import BookingDocument from '#bookings/models/booking_document'
import BookingStatusChange from '#bookings/models/booking_status_change'
import {
  removeStoredDocuments,
  storeDocument,
  type CheckedDocument,
  type StoredDocument,
} from '#bookings/services/document_store'
import type { BookingStatus } from '#bookings/statuses'

export type NewBooking = {
  lotId: number
  status: BookingStatus
  createdById: number
  createdBy: 'user' | 'agent'
  userId: number
  agencyId: number | null
  agentAdminId: number | null
  creatorName: string | null
  creatorEmail: string | null
  creatorPhone: string | null
  contactPhone: string | null
  requestMessage: string | null
  historyNote: string
  documents: CheckedDocument[]
  /** What must still hold once the lot is locked (whom it is for may have changed meanwhile). */
  confirmUnderLock?: (trx: TransactionClientContract) => Promise<void>
}

/**
 * Creates a booking and its documents as one unit (spec README decision 2): the lot is
 * locked, must be available, and leaves `available` in the same transaction. The files are
 * written first and removed again if the booking is not created, so nothing is half-made.
 */
export async function placeBooking(input: NewBooking): Promise<Booking> {
  const stored: StoredDocument[] = []
  try {
    for (const document of input.documents) stored.push(await storeDocument(document))
    return await db.transaction(async (trx) => {
      await lockAvailableLot(trx, input.lotId)
      await input.confirmUnderLock?.(trx)
      const booking = await Booking.create(
        {
          lotId: input.lotId,
          activeLotId: input.lotId,
          status: input.status,
          createdById: input.createdById,
          createdBy: input.createdBy,
          userId: input.userId,
          agencyId: input.agencyId,
          agentAdminId: input.agentAdminId,
          creatorName: input.creatorName,
          creatorEmail: input.creatorEmail,
          creatorPhone: input.creatorPhone,
          contactPhone: input.contactPhone,
          requestMessage: input.requestMessage,
        },
        { client: trx }
      )
      await BookingStatusChange.create(
        {
          bookingId: booking.id,
          fromStatus: null,
          toStatus: input.status,
          changedById: input.createdById,
          notes: input.historyNote,
        },
        { client: trx }
      )
      await setLotStatus(trx, input.lotId, 'reserved')
      for (const document of stored) {
        await BookingDocument.create(
          { ...document, bookingId: booking.id, uploadedById: input.createdById },
          { client: trx }
        )
      }
      return booking
    })
  } catch (error) {
    await removeStoredDocuments(stored)
    // The unique active-claim key is the database's last word if two claims ever meet.
    if (/DUP|UNIQUE/i.test(`${(error as { code?: string }).code ?? ''} ${String(error)}`)) {
      throw AppError.conflict(LOT_NO_LONGER_AVAILABLE)
    }
    throw error
  }
}
