import { DateTime } from 'luxon'
import type { DocumentsPort } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import { bookingFiles } from '#documents/controllers/request_files'
import { requireDocuments, requiredDocumentTypes } from '#documents/validators/documents'
import { takeConsent } from '#documents/consent'
import { removeStoredDocuments, withStoredDocuments } from '#documents/services/document_store'
import { recordDocumentAccesses, type AccessedDocument } from '#documents/services/document_access_log'

/** The reason a document deleted with its owner's account is recorded under. */
export const ACCOUNT_DELETION = 'account_deletion'

/** The documents module's answers to bookings (#bookings/ports, registered by start/ports.ts). */
export const documentsForBookings: DocumentsPort = {
  async takeForm(request, form, noticeVersion) {
    const checked = requireDocuments(await bookingFiles(request), form)
    const consent = await takeConsent(noticeVersion)
    return {
      consent,
      requiredDocuments: requiredDocumentTypes(form),
      store: (uploadedById, work) => withStoredDocuments(checked, uploadedById, work),
    }
  },

  /** The row stays as the record that the document existed. */
  async forget(trx, bookingIds) {
    const documents = await BookingDocument.query({ client: trx })
      .whereIn('booking_id', bookingIds)
      .whereNull('deleted_at')
      .orderBy('id')
    const now = DateTime.now()
    for (const document of documents) {
      document.deletedAt = now
      document.deletionReason = ACCOUNT_DELETION
      await document.save()
    }
    return documents.map(({ id, bookingId, storageKey }) => ({ id, bookingId, storageKey }))
  },

  remove: (documents) => removeStoredDocuments(documents),

  // The export names a booking document's own type, or `fee_receipt` for a fee's receipt.
  recordReads: (reader, documents, action) => recordDocumentAccesses(reader, documents as AccessedDocument[], action),
}
