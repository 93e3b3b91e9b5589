/**
 * A booking's documents as their reviews stand: each document is accepted or
 * rejected with a reason by the reviewer of the booking's tier, and the requester uploads a
 * rejected one again from My Bookings (backend/app/bookings, `documentReview` of a booking).
 */
import type { BookingDocument, BookingStatusChange, DocumentReviewEntry, UserBooking } from '~/models/user-booking'
import {
  BOOKING_MESSAGES,
  CHEQUE_ACCEPT,
  IC_ACCEPT,
  isChequeFile,
  isIdentityImage,
} from '~/components/booking/booking-rules'
import type { ChosenFile } from '~/components/booking/booking-rules'
import { formatDateTime } from '~/utils/format'

export type DocumentReviewState = DocumentReviewEntry['status']

export const DOCUMENT_REVIEW_LABELS: Record<DocumentReviewState, string> = {
  pending: 'Pending review',
  accepted: 'Accepted',
  rejected: 'Rejected',
  missing: 'Missing',
}

export type DocumentReviewTone = 'pending' | 'approved' | 'cancelled' | 'neutral'

/** The badge colour of a document's review, in the booking badges' families. */
export function documentReviewTone(status: DocumentReviewState): DocumentReviewTone {
  if (status === 'accepted') return 'approved'
  if (status === 'rejected') return 'cancelled'
  if (status === 'pending') return 'pending'
  return 'neutral'
}

export const DOCUMENT_REVIEW_MESSAGES = {
  uploaded: 'Document uploaded. It will be reviewed again.',
  failed: 'Failed to upload the document. Please try again.',
  chooseFile: 'Please choose the file to upload.',
  notFound: 'Document not found. It may have been uploaded again already.',
} as const

/**
 * A document's name as My Bookings has always shown it ("Payment cheque", "IC front", "IC back");
 * the backend's own label otherwise, at the start of a sentence.
 */
export function documentLabel(entry: Pick<DocumentReviewEntry, 'label' | 'documentType'>): string {
  const known = LABELS[entry.documentType]
  if (known) return known
  const label = entry.label?.trim() || 'Document'
  return label.charAt(0).toUpperCase() + label.slice(1)
}

const LABELS: Record<string, string> = {
  cheque: 'Payment cheque',
  ic_front: 'IC front',
  ic_back: 'IC back',
  other: 'Other document',
}

/** The file types a document of this type may be uploaded as: the booking form's (IC images only). */
export function documentAccept(type: string): string {
  return type === 'ic_front' || type === 'ic_back' ? IC_ACCEPT : CHEQUE_ACCEPT
}

/** The hint under the file field, as the booking form words it. */
export function documentHint(type: string): string {
  return type === 'ic_front' || type === 'ic_back' ? 'JPG or PNG image, up to 10 MB.' : 'PDF, JPG or PNG, up to 10 MB.'
}

/** An IC side is a photo: phones offer the camera for it, as the booking form does. */
export function isPhotoDocument(type: string): boolean {
  return type === 'ic_front' || type === 'ic_back'
}

/**
 * The browser's check of the file chosen to upload again, with the booking form's texts (the
 * backend checks the content again); null when it may be sent.
 */
export function uploadAgainError(type: string, file: ChosenFile | null): string | null {
  if (!file) return DOCUMENT_REVIEW_MESSAGES.chooseFile
  if (type === 'ic_front') return isIdentityImage(file) ? null : BOOKING_MESSAGES.icFrontType
  if (type === 'ic_back') return isIdentityImage(file) ? null : BOOKING_MESSAGES.icBackType
  if (type === 'cheque') return isChequeFile(file) ? null : BOOKING_MESSAGES.chequeType
  return isChequeFile(file) ? null : 'The document must be a PDF, JPG or PNG file.'
}

/** "Rejected by Aisha on Mar 05, 2026, 2:05 PM MYT"; null before anyone reviewed it. */
export function reviewedByText(
  entry: Pick<DocumentReviewEntry, 'status' | 'reviewedBy' | 'reviewedAt'>
): string | null {
  if (entry.status !== 'accepted' && entry.status !== 'rejected') return null
  if (!entry.reviewedBy && !entry.reviewedAt) return null
  const verb = entry.status === 'accepted' ? 'Accepted' : 'Rejected'
  return [
    verb,
    entry.reviewedBy ? `by ${entry.reviewedBy}` : null,
    entry.reviewedAt ? `on ${formatDateTime(entry.reviewedAt)}` : null,
  ]
    .filter(Boolean)
    .join(' ')
}

/** The document an entry stands for (the current upload of its type). */
export function entryDocument(
  entry: DocumentReviewEntry,
  documents: readonly BookingDocument[]
): BookingDocument | null {
  if (entry.documentId === null || entry.documentId === undefined) return null
  return documents.find((document) => String(document.id) === String(entry.documentId)) ?? null
}

/** Uploads a newer one replaced (their reviews kept), oldest first. */
export function earlierUploads(documents: readonly BookingDocument[]): BookingDocument[] {
  return documents.filter((document) => document.current === false || Boolean(document.replacedById))
}

/** The documents that are rejected now. */
export function rejectedEntries(booking: Pick<UserBooking, 'documentReview'>): DocumentReviewEntry[] {
  return (booking.documentReview ?? []).filter((entry) => entry.status === 'rejected')
}

/** The booking's entries a rejected document can be uploaded again for. */
export function canUploadAgain(
  booking: Pick<UserBooking, 'canReplaceDocuments'>,
  entry: Pick<DocumentReviewEntry, 'status' | 'documentId'>
): boolean {
  return booking.canReplaceDocuments === true && entry.status === 'rejected' && entry.documentId !== null
}

/** A history entry about a document (a review or a new upload), not a status change. */
export function isDocumentHistory(change: Pick<BookingStatusChange, 'kind'>): boolean {
  return change.kind === 'document_review' || change.kind === 'document_upload'
}

/**
 * Where "Upload again" posts: the dashboard's own action, with the booking and the document in
 * the address (the multipart body goes through to the backend as the browser sent it).
 */
export function uploadAgainAction(search: URLSearchParams, bookingId: string, documentId: string): string {
  const params = new URLSearchParams(search)
  params.set('tab', 'bookings')
  params.set('booking', bookingId)
  params.set('upload', documentId)
  for (const name of ['cancel', 'dialog', 'edit']) params.delete(name)
  return `/enhanced-dashboard?${params.toString()}`
}

/** What "Upload again" answered: shown on the document (an error) or above the list (done). */
export interface UploadAgainResult {
  intent: 'upload-document'
  ok: boolean
  /** The document that was uploaded again (the rejected one's id). */
  documentId: string
  message: string
  at: number
}
