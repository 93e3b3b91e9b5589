import type { Booking, BookingPart, ExportedDocument } from '#bookings'
import BookingDocument from '#documents/models/booking_document'
import { serializeBookingDocuments, serializeExportedDocument } from '#documents/transformers/document_transformer'
import { blockedDecisions } from '#documents/document_review'
import { readStoredBytes } from '#documents/services/document_store'

/** Each loaded booking's documents, oldest first; a booking not loaded here shows no document fields. */
const loaded = new WeakMap<Booking, BookingDocument[]>()

/** Where a document's file goes in the person's archive; null once it is deleted. */
function fileName(booking: Booking, document: BookingDocument) {
  return document.deletedAt ? null : `documents/booking-${booking.id}/${document.id}-${document.originalName}`
}

/**
 * A booking's documents as part of the booking (#bookings/ports): each kind's file in force and
 * its deletion, every document with its review, what holds the next decision back and what the
 * viewer may do; in the person's export, the document records and the files the archive carries.
 */
export const documentPart: BookingPart = {
  async load(bookings, client) {
    const rows = await BookingDocument.query({ client })
      .whereIn(
        'booking_id',
        bookings.map((booking) => booking.id)
      )
      .orderBy('id')
      .preload('reviewedBy')
    const byId = new Map(bookings.map((booking) => [booking.id, [] as BookingDocument[]]))
    for (const row of rows) byId.get(row.bookingId)?.push(row)
    for (const booking of bookings) loaded.set(booking, byId.get(booking.id) ?? [])
  },
  fields(booking, viewer) {
    const documents = loaded.get(booking)
    if (!documents) return {}
    return serializeBookingDocuments(booking, documents, viewer)
  },
  blocks(booking) {
    const documents = loaded.get(booking)
    return documents ? blockedDecisions(booking, documents) : []
  },
  exported(booking) {
    return {
      documents: (loaded.get(booking) ?? []).map((document) =>
        serializeExportedDocument(document, fileName(booking, document))
      ),
    }
  },
  files(booking) {
    return (loaded.get(booking) ?? []).flatMap((document): ExportedDocument[] => {
      const name = fileName(booking, document)
      if (!name) return []
      const accessed = {
        bookingId: booking.id,
        documentId: document.id,
        documentType: document.documentType,
        name: document.originalName,
      }
      return [{ fileName: name, read: () => readStoredBytes(document.storageKey), accessed }]
    })
  },
}
