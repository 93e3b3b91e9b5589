import type { BookingFeeRecord } from '~/components/account/booking-fee'
import type { BookingPackage } from '~/utils/packages'
/** A booking as the bookings API serialises it (backend/app/bookings/transformers). */

type Id = string | number

export interface BookingLot {
  id: Id
  lotNumber: string | null
  unitNumber: string | null
  name: string | null
  type: string | null
  phase: number | string | null
  buildUp: number | string | null
  landSize: number | string | null
  price: number | string | null
  status: string | null
}

export interface BookingDocument {
  id: Id
  documentType: string
  documentName: string | null
  mimeType: string | null
  size: number | null
  /** Null once the file is deleted: the row stays as the record that it existed. */
  documentUrl: string | null
  downloadUrl: string | null
  createdAt: string | null
  deletedAt?: string | null
  /** The rule it was deleted by, in words (`retention: ended without a sale`). */
  deletionRule?: string | null
  /** Its review: pending until the reviewer of the booking's tier accepts or rejects it. */
  review?: DocumentReview
  /** Set once it was uploaded again: the newer upload's id. */
  replacedById?: Id | null
  /** The newest upload of its type, the one reviewed now. */
  current?: boolean
}

export type DocumentReviewStatus = 'pending' | 'accepted' | 'rejected'

export interface DocumentReview {
  status: DocumentReviewStatus
  /** Why it was rejected. */
  reason: string | null
  by: { id: Id; name: string | null } | null
  at: string | null
}

/** The document types a booking's review lists (`other` is the legacy `uploaded_document`). */
export type ReviewedDocumentType = 'cheque' | 'ic_front' | 'ic_back' | 'other'

/** One document a booking needs or has, as it stands now (`documentReview` of the booking). */
export interface DocumentReviewEntry {
  documentType: ReviewedDocumentType
  /** "Payment cheque", "IC (front)", ... */
  label: string
  /** The booking's form required it. */
  required: boolean
  /** The current upload; null while missing. */
  documentId: Id | null
  status: 'missing' | DocumentReviewStatus
  reason: string | null
  reviewedBy: string | null
  reviewedAt: string | null
}

export interface BookingStatusChange {
  id: Id
  /** A status change, or a document's review or new upload; status changes when absent. */
  kind?: 'status' | 'document_review' | 'document_upload'
  documentType?: string | null
  documentId?: Id | null
  from: string | null
  to: string
  notes: string | null
  at: string | null
  by: { id: Id; name: string | null; role: string | null } | null
}

/**
 * What the signed-in user may do to a booking now, as the API computes it for them; the pages
 * offer these actions and keep no status rules of their own.
 */
export type BookingAction = 'cancel' | 'approve' | 'reject' | 'booked' | 'sold'

export interface UserBooking {
  id: Id
  _id: Id
  status: string
  createdAt: string | null
  updatedAt: string | null
  lotId: Id | null
  unitId: Id | null
  lot: BookingLot | null
  unit: BookingLot | null
  /** The price the booking was made at (the lot's price in force when requested), in sen; null before price lists. */
  priceSen?: number | null
  /** What its packages took off, and the price to pay, in sen; null before packages. */
  discountSen?: number | null
  netPriceSen?: number | null
  /** The packages it was made with, as they were then. */
  packages?: BookingPackage[]
  propertyName: string | null
  propertyPhase: number | string | null
  lotNumber: string | null
  unitNumber: string | null
  lotType: string | null
  buildUp: number | string | null
  landSize: number | string | null
  creatorName: string | null
  creatorEmail: string | null
  creatorPhone: string | null
  contactPhone: string | null
  user: { id: Id; name: string | null; email: string | null; phone: string | null } | null
  agency: { id: Id; name: string | null } | null
  requestMessage: string | null
  agentNotes: string | null
  adminNotes: string | null
  cancellationDate: string | null
  /** A pending booking's deadline (holds with a clock); null once decided. */
  heldUntil?: string | null
  /** Present on the single-booking answer (GET /api/bookings/:id). */
  documents?: BookingDocument[]
  history?: BookingStatusChange[]
  /** The booking fee on record, read only here. */
  fee?: BookingFeeRecord | null
  /** Each document's review, present whenever the documents are. */
  documentReview?: DocumentReviewEntry[]
  /** What keeps the booking from going further (a rejected or missing document), in words. */
  documentsBlocking?: string | null
  canReviewDocuments?: boolean
  /** The viewer is the requester and the booking is pending: rejected documents may be uploaded again. */
  canReplaceDocuments?: boolean
  allowedActions: BookingAction[]
}
