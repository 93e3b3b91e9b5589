import Booking from '#bookings/models/booking'
import type BookingDocument from '#bookings/models/booking_document'
import { readStoredDocument } from '#bookings/services/document_store'
import type { AccessedDocument } from '#bookings/services/document_access_log'
import { exportedBookingParts, loadBookingParts } from '#bookings/ports'

/**
 * A document as the personal-data export lists it, how to read its bytes, and what the access
 * log names once it has been read (`recordDocumentAccesses`).
 */
export type ExportedDocument = {
  fileName: string
  read: () => Promise<Buffer | null>
  accessed: AccessedDocument
}

async function bytesOf(document: BookingDocument): Promise<Buffer | null> {
  const stream = await readStoredDocument(document.storageKey)
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * Everything the bookings module holds about one person for their export (docs/privacy.md,
 * "Access"): the bookings made for them (user_id is theirs) with their status history, fee and
 * documents. Bookings an agent admin made for someone else hold that client's data, not the
 * agent's, and are left out.
 */
export async function requesterData(userId: number) {
  const bookings = await Booking.query()
    .where('user_id', userId)
    .preload('lot')
    .preload('agency')
    .preload('history')
    .preload('documents', (documents) => documents.orderBy('id'))
    .orderBy('id')
  await loadBookingParts(bookings)

  const documents: ExportedDocument[] = []
  const records = bookings.map((booking) => ({
    id: booking.id,
    status: booking.status,
    createdAt: booking.createdAt?.toISO() ?? null,
    updatedAt: booking.updatedAt?.toISO() ?? null,
    lot: booking.lot
      ? { id: booking.lot.id, kind: booking.lot.kind, lotNumber: booking.lot.lotNumber, name: booking.lot.name }
      : null,
    agency: booking.agency ? { id: booking.agency.id, name: booking.agency.name } : null,
    createdBy: booking.createdBy,
    creatorName: booking.createdById === userId ? booking.creatorName : null,
    creatorEmail: booking.createdById === userId ? booking.creatorEmail : null,
    creatorPhone: booking.createdById === userId ? booking.creatorPhone : null,
    contactPhone: booking.contactPhone,
    requestMessage: booking.requestMessage,
    cancellationDate: booking.cancellationDate?.toISO() ?? null,
    history: booking.history.map((change) => ({
      from: change.fromStatus,
      to: change.toStatus,
      notes: change.notes,
      at: change.createdAt?.toISO() ?? null,
    })),
    ...exportedBookingParts(booking),
    documents: booking.documents.map((document) => {
      const fileName = document.deletedAt
        ? null
        : `documents/booking-${booking.id}/${document.id}-${document.originalName}`
      if (fileName) {
        documents.push({
          fileName,
          read: () => bytesOf(document),
          accessed: {
            bookingId: booking.id,
            documentId: document.id,
            documentType: document.documentType,
            name: document.originalName,
          },
        })
      }
      return {
        id: document.id,
        documentType: document.documentType,
        originalName: document.originalName,
        mimeType: document.mimeType,
        size: document.sizeBytes,
        createdAt: document.createdAt?.toISO() ?? null,
        deletedAt: document.deletedAt?.toISO() ?? null,
        deletionReason: document.deletionReason,
        file: fileName,
      }
    }),
  }))
  return { bookings: records, documents }
}
