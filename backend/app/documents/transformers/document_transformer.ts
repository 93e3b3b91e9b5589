import type { Booking } from '#bookings'
import type { User } from '#identity'
import type BookingDocument from '#documents/models/booking_document'
import { deletionLabel } from '#documents/retention'
import {
  canReplaceDocuments,
  canReviewDocuments,
  currentDocuments,
  documentReview,
  nextDecisionBlocking,
} from '#documents/document_review'

export function documentUrl(document: BookingDocument) {
  return `/api/uploads/documents/${document.bookingId}/${document.id}`
}

/** A deleted document keeps its row as the record that it existed; it has no link any more. */
export function liveUrl(document: BookingDocument | undefined) {
  return document && !document.deletedAt ? documentUrl(document) : null
}

export function deletion(document: BookingDocument | undefined) {
  return document?.deletedAt
    ? { at: document.deletedAt.toUTC().toISO(), rule: deletionLabel(document.deletionReason) }
    : null
}

function serializeReview(document: BookingDocument) {
  const reviewer = document.$preloaded.reviewedBy ? document.reviewedBy : null
  return {
    status: document.reviewStatus ?? 'pending',
    reason: document.reviewReason ?? null,
    by: reviewer ? { id: reviewer.id, name: reviewer.name } : null,
    at: document.reviewedAt?.toUTC().toISO() ?? null,
  }
}

/** `current`: whether it is its type's document in force; without it, whether it has not been superseded. */
export function serializeDocument(document: BookingDocument, current?: ReadonlySet<number>) {
  const url = document.deletedAt ? null : documentUrl(document)
  return {
    id: document.id,
    _id: document.id,
    bookingId: document.bookingId,
    documentType: document.documentType,
    documentName: document.originalName,
    originalName: document.originalName,
    mimeType: document.mimeType,
    size: document.sizeBytes,
    documentUrl: url,
    url,
    downloadUrl: url ? `${url}?download=1` : null,
    createdAt: document.createdAt?.toISO() ?? null,
    /** "Deleted on <date> (<rule>)": the file is gone, the record stays (docs/privacy.md, "Retention"). */
    deletedAt: document.deletedAt?.toUTC().toISO() ?? null,
    deletionReason: document.deletionReason ?? null,
    deletionRule: deletionLabel(document.deletionReason ?? null),
    review: serializeReview(document),
    replacedById: document.replacedById ?? null,
    current: current ? current.has(document.id) : !document.replacedById,
  }
}

export type DocumentResource = ReturnType<typeof serializeDocument>

export function serializeBookingDocuments(booking: Booking, documents: BookingDocument[], viewer: User | null) {
  const inForce = new Set([...currentDocuments(documents).values()].map((document) => document.id))
  const latest = (type: string) =>
    [...documents].reverse().find((document) => document.documentType === type && !document.replacedById)
  const cheque = latest('cheque')
  const icFront = latest('ic_front')
  const icBack = latest('ic_back')
  const other = latest('uploaded_document') ?? latest('other')
  return {
    documentUrl: liveUrl(other),
    documentOriginalName: other?.originalName ?? null,
    chequeUrl: liveUrl(cheque),
    chequeOriginalName: cheque?.originalName ?? null,
    icFrontUrl: liveUrl(icFront),
    icFrontOriginalName: icFront?.originalName ?? null,
    icBackUrl: liveUrl(icBack),
    icBackOriginalName: icBack?.originalName ?? null,
    documentDeletion: deletion(other),
    chequeDeletion: deletion(cheque),
    icFrontDeletion: deletion(icFront),
    icBackDeletion: deletion(icBack),
    documents: documents.map((document) => serializeDocument(document, inForce)),
    documentReview: documentReview(booking, documents),
    documentsBlocking: nextDecisionBlocking(booking, documents),
    canReviewDocuments: canReviewDocuments(viewer, booking),
    canReplaceDocuments: canReplaceDocuments(viewer, booking),
  }
}

export type BookingDocumentsResource = ReturnType<typeof serializeBookingDocuments>

/** A document in its requester's personal-data export; `file`: its path in the archive, null once deleted. */
export function serializeExportedDocument(document: BookingDocument, file: string | null) {
  return {
    id: document.id,
    documentType: document.documentType,
    originalName: document.originalName,
    mimeType: document.mimeType,
    size: document.sizeBytes,
    createdAt: document.createdAt?.toISO() ?? null,
    deletedAt: document.deletedAt?.toISO() ?? null,
    deletionReason: document.deletionReason,
    file,
  }
}

export type ExportedDocumentResource = ReturnType<typeof serializeExportedDocument>
