import type { Identifier } from 'react-admin'
import { bookingReference } from '../../format'
import type { QueuePosition } from './queue'

interface BookedItem {
  id: number
  lotNumber: string
  unitNumber: string | null
  name: string | null
  title: string | null
  type: string
  typeCode: string | null
  phase: number | null
  buildUp: number | null
  landSize: number | null
  price: number | null
  status: string
}

export interface BookingDocument {
  id: number
  documentType: 'cheque' | 'ic_front' | 'ic_back' | 'uploaded_document' | 'other'
  documentName: string
  mimeType: string
  size: number
  /** Null once the file is deleted: the row stays as the record that it existed (docs/privacy.md). */
  documentUrl: string | null
  downloadUrl: string | null
  createdAt: string | null
  deletedAt?: string | null
  /** The rule it was deleted by, in words (`retention: ended without a sale`). */
  deletionRule?: string | null
  /** Its review by the booking's current tier: pending until accepted or rejected with a reason. */
  review?: DocumentReview
  /** The newer upload that replaced it (a rejected document uploaded again); null while it is current. */
  replacedById?: number | null
  current?: boolean
}

export type DocumentReviewStatus = 'pending' | 'accepted' | 'rejected'

export interface DocumentReview {
  status: DocumentReviewStatus
  reason: string | null
  by: { id: number; name: string } | null
  at: string | null
}

/** The four kinds of document a booking carries (`uploaded_document` is the old name of `other`). */
export type ReviewedDocumentType = 'cheque' | 'ic_front' | 'ic_back' | 'other'

/**
 * One kind of document of a booking as its reviewers read it: the current upload (if any), its
 * review, and whether the booking's form requires it. `missing`: required and never uploaded.
 */
export interface DocumentReviewEntry {
  documentType: ReviewedDocumentType
  label: string
  required: boolean
  documentId: number | null
  status: 'missing' | DocumentReviewStatus
  reason: string | null
  reviewedBy: string | null
  reviewedAt: string | null
}

export interface BookingStatusChange {
  id: number
  from: string | null
  to: string
  notes: string | null
  at: string | null
  by: { id: number; name: string; role: string } | null
  /** A status change, or a document's review or upload (whose `notes` say which, e.g. "IC (front) accepted"). */
  kind?: 'status' | 'document_review' | 'document_upload'
  documentType?: string | null
  documentId?: number | null
}

/**
 * What the signed-in user may do to a booking now. The API computes it for whoever asks; the
 * screens offer these actions and no others, and keep no status rules of their own.
 */
export type BookingAction = 'cancel' | 'approve' | 'reject' | 'booked' | 'sold'

/** A booking as GET /api/bookings/admin and GET /api/bookings/:id serialise it. */
/** An action the backend holds back for now, and why (shown on the disabled control). */
export interface BlockedAction {
  action: BookingAction
  reason: string
}

export interface Booking {
  id: Identifier
  _id: Identifier
  status: string
  createdAt: string | null
  updatedAt: string | null
  lot: BookedItem | null
  unit: BookedItem | null
  propertyName: string | null
  lotNumber: string | null
  unitNumber: string | null
  lotType: string | null
  creatorName: string | null
  creatorEmail: string | null
  creatorPhone: string | null
  contactPhone: string | null
  createdBy: 'user' | 'agent'
  user: {
    id: number
    name: string
    email: string
    phone: string | null
    /** The buyer's Bumiputera status now: none, declared, verified or rejected. */
    bumiputeraStatus?: string
  } | null
  agency: { id: number; name: string } | null
  agencyId: number | null
  requestMessage: string | null
  /** The price in force when it was requested, in sen (null for bookings older than price lists). */
  priceSen?: number | null
  /** What its packages took off and the price to pay, in sen, as when it was requested (null before packages). */
  discountSen?: number | null
  netPriceSen?: number | null
  /** The packages it was made with, as they were then. */
  packages?: Array<{ id: number; name: string; discountSen: number }>
  agentNotes: string | null
  adminNotes: string | null
  agentResponseDate: string | null
  respondedBy: string | null
  cancellationDate: string | null
  documents?: BookingDocument[]
  history?: BookingStatusChange[]
  allowedActions: BookingAction[]
  /** Actions the viewer could take once something is put right (a document uploaded again), each with why not yet. */
  blockedActions?: BlockedAction[]
  /** A pending booking's deadline (holds with a clock), its one extension, and whether the viewer may extend it. */
  heldUntil?: string | null
  holdExtendedAt?: string | null
  holdExtensionReason?: string | null
  canExtendHold?: boolean
  /** When it entered its status; `queue` and `overdue` while it waits for an approval tier. */
  statusChangedAt?: string | null
  queue?: QueuePosition | null
  overdue?: boolean
  /** Per-document review: each kind of document, what blocks the next decision, who may review now. */
  documentReview?: DocumentReviewEntry[]
  documentsBlocking?: string | null
  canReviewDocuments?: boolean
  canReplaceDocuments?: boolean
}

/** The booked lot or unit. */
export function bookedItem(booking: Booking): BookedItem | null {
  return booking.lot ?? booking.unit
}

/** Unit/Lot column: the unit number, else the lot number. */
export function unitOrLot(booking: Booking): string {
  return booking.unitNumber || (booking.lotNumber ? `Lot ${booking.lotNumber}` : 'N/A')
}

/** A booking by its short reference and what it books: "#000042 (MKS-18)". */
export function bookingRepresentation(booking: Booking): string {
  return `#${bookingReference(booking.id)} (${unitOrLot(booking)})`
}

/** Booking Approvals filters: All Requests, Pending, Approved, Sold, Rejected (requirements: booking.md#statuses). */
export const APPROVAL_FILTERS = [
  { id: 'all', name: 'All Requests' },
  { id: 'pending', name: 'Pending' },
  { id: 'approved', name: 'Approved' },
  { id: 'sold', name: 'Sold' },
  { id: 'rejected', name: 'Rejected' },
] as const

/** All Bookings' status filter: the screens' groups and the single statuses worth picking. */
export const STATUS_FILTER_CHOICES = [
  { id: 'pending_admin', name: 'Pending Your Approval' },
  { id: 'pending_agent', name: 'Pending Agent' },
  { id: 'pending', name: 'Any pending' },
  { id: 'approved', name: 'Booked' },
  { id: 'sold', name: 'Sold or completed' },
  { id: 'rejected', name: 'Rejected' },
  { id: 'cancelled', name: 'Cancelled' },
  { id: 'expired', name: 'Expired' },
]
