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
}

export interface BookingStatusChange {
  id: number
  from: string | null
  to: string
  notes: string | null
  at: string | null
  by: { id: number; name: string; role: string } | null
}

/**
 * What the signed-in user may do to a booking now. The API computes it for whoever asks; the
 * screens offer these actions and no others, and keep no status rules of their own.
 */
export type BookingAction = 'cancel' | 'approve' | 'reject' | 'booked' | 'sold'

/** A booking as GET /api/bookings/admin and GET /api/bookings/:id serialise it. */
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
  user: { id: number; name: string; email: string; phone: string | null } | null
  agency: { id: number; name: string } | null
  agencyId: number | null
  requestMessage: string | null
  agentNotes: string | null
  adminNotes: string | null
  agentResponseDate: string | null
  respondedBy: string | null
  cancellationDate: string | null
  documents?: BookingDocument[]
  history?: BookingStatusChange[]
  allowedActions: BookingAction[]
  /** A pending booking's deadline (holds with a clock), its one extension, and whether the viewer may extend it. */
  heldUntil?: string | null
  holdExtendedAt?: string | null
  holdExtensionReason?: string | null
  canExtendHold?: boolean
  /** When it entered its status; `queue` and `overdue` while it waits for an approval tier. */
  statusChangedAt?: string | null
  queue?: QueuePosition | null
  overdue?: boolean
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
