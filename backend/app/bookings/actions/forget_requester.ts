import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#bookings/models/booking'
import BookingDocument from '#bookings/models/booking_document'
import { removeStoredDocuments } from '#bookings/services/document_store'

/** The reason a document deleted with its owner's account is recorded under. */
export const ACCOUNT_DELETION = 'account_deletion'

export type ForgottenRequester = {
  bookings: number
  /** The files to remove from the store once the transaction has committed. */
  documents: Array<{ id: number; bookingId: number; storageKey: string }>
}

/**
 * A deleted account's bookings stay as anonymous sale records (docs/privacy.md, "Access"):
 * status, lot, agency, dates and history are kept, so booking counts and lot statuses do not
 * move; the person's contact snapshot and message go, and every document of a booking made for
 * them is marked deleted (the row stays as the record that it existed). The files themselves
 * are removed by `removeFiles` after the caller's transaction commits, so a rollback never
 * loses a file the database still lists.
 */
export async function forgetRequester(
  trx: TransactionClientContract,
  userId: number,
  anonymousName: string
): Promise<ForgottenRequester> {
  const theirs = await Booking.query({ client: trx })
    .where((own) => own.where('user_id', userId).orWhere('created_by_id', userId))
    .forUpdate()
  for (const booking of theirs) {
    if (booking.createdById === userId) {
      booking.creatorName = anonymousName
      booking.creatorEmail = null
      booking.creatorPhone = null
    }
    if (booking.userId === userId) {
      booking.contactPhone = null
      booking.requestMessage = null
    }
    await booking.save()
  }

  const requested = theirs.filter((booking) => booking.userId === userId).map((booking) => booking.id)
  const documents = requested.length
    ? await BookingDocument.query({ client: trx })
        .whereIn('booking_id', requested)
        .whereNull('deleted_at')
        .orderBy('id')
    : []
  const now = DateTime.now()
  for (const document of documents) {
    document.deletedAt = now
    document.deletionReason = ACCOUNT_DELETION
    await document.save()
  }
  return {
    bookings: theirs.length,
    documents: documents.map((document) => ({
      id: document.id,
      bookingId: document.bookingId,
      storageKey: document.storageKey,
    })),
  }
}

/** Removes the files of forgotten documents from the store (after commit). */
export async function removeForgottenFiles(forgotten: ForgottenRequester) {
  await removeStoredDocuments(forgotten.documents)
}
