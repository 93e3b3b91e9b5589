import type BookingDocument from '#documents/models/booking_document'
import { deletionLabel } from '#documents/retention'

export function documentUrl(document: BookingDocument) {
  return `/api/uploads/documents/${document.bookingId}/${document.id}`
}

/** A deleted document keeps its row as the record that it existed; it has no link any more. */
export function liveUrl(document: BookingDocument | undefined) {
  return document && !document.deletedAt ? documentUrl(document) : null
}

/** When and why a document of the booking was deleted (retention, account deletion). */
export function deletion(document: BookingDocument | undefined) {
  return document?.deletedAt
    ? { at: document.deletedAt.toUTC().toISO(), rule: deletionLabel(document.deletionReason) }
    : null
}

/** A document's review: pending for a new upload, accepted, or rejected with its reason. */
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
    /** The newer upload that superseded it (a rejected document uploaded again), or null. */
    replacedById: document.replacedById ?? null,
    current: current ? current.has(document.id) : !document.replacedById,
  }
}
