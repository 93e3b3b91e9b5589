import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Booking from '#bookings/models/booking'
import { documents as documentsPort, type DocumentReader, type ForgottenDocument } from '#bookings/ports'
import type { AccessedDocument } from '#bookings/ports'

export type ForgottenRequester = {
  bookings: number
  documents: ForgottenDocument[]
}

/**
 * A deleted account's bookings stay as anonymous sale records (docs/privacy.md, "Access"), so counts and lot
 * statuses do not move. Files are removed only after the caller's commit, so a rollback never loses a file
 * the database still lists.
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
  const documents = requested.length ? await documentsPort().forget(trx, requested) : []
  return {
    bookings: theirs.length,
    documents,
  }
}

export async function removeForgottenFiles(forgotten: ForgottenRequester) {
  await documentsPort().remove(forgotten.documents)
}

/** Records the reads of a person's documents their export put in its archive (the documents' access log). */
export async function recordDocumentAccesses(reader: DocumentReader, accessed: AccessedDocument[], action: 'export') {
  return documentsPort().recordReads(reader, accessed, action)
}
