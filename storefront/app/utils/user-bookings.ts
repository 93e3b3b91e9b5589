/** The user dashboard's view of its bookings: status groups, counts, filters, fallbacks. */
import type { UserBooking } from '~/models/user-booking'
import { bookingStatusLabel, formatArea, formatDate, shortBookingId } from '~/utils/format'

/** The user view's groups (requirements: booking.md#statuses). */
export const BOOKING_GROUPS = {
  pending: ['pending', 'pending_agent', 'pending_admin'],
  approved: ['approved', 'confirmed'],
  cancelled: ['cancelled', 'rejected', 'rejected_by_agent'],
} as const satisfies Record<string, readonly string[]>

export type BookingGroup = keyof typeof BOOKING_GROUPS
export type BookingFilter = 'all' | BookingGroup

export const BOOKING_FILTERS: readonly BookingFilter[] = ['all', 'pending', 'approved', 'cancelled']

export const FILTER_LABELS: Record<BookingFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  cancelled: 'Cancelled',
}

export function isInGroup(status: string | null | undefined, group: BookingGroup): boolean {
  return status !== null && status !== undefined && (BOOKING_GROUPS[group] as readonly string[]).includes(status)
}

export type BookingCounts = Record<BookingFilter, number>

/** Booking Overview and the filter's counts: Total (all), Pending, Approved, Cancelled. */
export function countBookings(bookings: readonly Pick<UserBooking, 'status'>[]): BookingCounts {
  return {
    all: bookings.length,
    pending: bookings.filter((booking) => isInGroup(booking.status, 'pending')).length,
    approved: bookings.filter((booking) => isInGroup(booking.status, 'approved')).length,
    cancelled: bookings.filter((booking) => isInGroup(booking.status, 'cancelled')).length,
  }
}

/** Reads a `status` query value; anything unknown is 'all'. */
export function parseBookingFilter(value: string | null | undefined): BookingFilter {
  return BOOKING_FILTERS.find((filter) => filter === value) ?? 'all'
}

/** What a buyer calls their lot: its unit ('MKS-05'), or 'Lot 5' when it has none. */
export function lotName(row: Pick<BookingRow, 'unitNumber' | 'lotNumber'>): string {
  return row.unitNumber || `Lot ${row.lotNumber}`
}

export interface BookingRow {
  id: string
  shortId: string
  lotNumber: string
  unitNumber: string | null
  lotType: string
  phase: string
  size: string
  creatorName: string
  phone: string
  status: string
  statusLabel: string
  createdAt: string | null
  /** The API allows the signed-in user to cancel it now. */
  canCancel: boolean
  /** While pending: the server's deadline the countdown runs to. */
  heldUntil: string | null
  /** "Document rejected" while a rejected document waits to be uploaded again. */
  documentAlert: string | null
}

const present = (value: unknown): value is string | number =>
  value !== null && value !== undefined && String(value).trim() !== ''

/** What a row shows, with the display fallbacks (requirements: booking.md#display-fallbacks). */
export function bookingRow(booking: UserBooking): BookingRow {
  const lot = booking.lot ?? booking.unit
  const phase = booking.propertyPhase ?? lot?.phase
  const landSize = booking.landSize ?? lot?.landSize
  const unitNumber = booking.unitNumber ?? lot?.unitNumber
  return {
    id: String(booking.id),
    shortId: shortBookingId(booking.id),
    lotNumber: String([booking.lotNumber, lot?.lotNumber].find(present) ?? 'N/A'),
    unitNumber: present(unitNumber) ? String(unitNumber) : null,
    lotType: String([booking.lotType, lot?.type].find(present) ?? 'Property'),
    phase: present(phase) ? String(phase) : 'N/A',
    size: present(landSize) ? formatArea(landSize) : '-',
    creatorName: String([booking.creatorName, booking.user?.name].find(present) ?? 'Unknown Client'),
    phone: String([booking.contactPhone, booking.user?.phone].find(present) ?? 'N/A'),
    status: booking.status,
    statusLabel: bookingStatusLabel(booking.status),
    createdAt: booking.createdAt,
    canCancel: booking.allowedActions.includes('cancel'),
    heldUntil: booking.heldUntil ?? null,
    documentAlert: documentAlert(booking),
  }
}

/**
 * What My Bookings' list says of a pending booking's documents at a glance: "Document rejected"
 * (or "2 documents rejected") while one waits to be uploaded again; null otherwise.
 */
export function documentAlert(booking: Pick<UserBooking, 'status' | 'documentReview'>): string | null {
  if (!isInGroup(booking.status, 'pending')) return null
  const rejected = (booking.documentReview ?? []).filter((entry) => entry.status === 'rejected').length
  if (rejected === 0) return null
  return rejected === 1 ? 'Document rejected' : `${rejected} documents rejected`
}

/** The My Bookings list: the status filter, then the search box over what each row shows. */
export function filterBookingRows(rows: readonly BookingRow[], filter: BookingFilter, search: string): BookingRow[] {
  const term = search.trim().toLowerCase()
  return rows.filter((row) => {
    if (filter !== 'all' && !isInGroup(row.status, filter)) return false
    if (!term) return true
    return [
      row.shortId,
      row.lotNumber,
      row.unitNumber,
      row.lotType,
      row.phase,
      row.creatorName,
      row.statusLabel,
      row.status,
      row.documentAlert,
    ]
      .filter((value): value is string => value !== null)
      .some((value) => value.toLowerCase().includes(term))
  })
}

export type BookingTone = 'pending' | 'approved' | 'cancelled' | 'neutral'

/** The colour family of a booking status badge. */
export function bookingStatusTone(status: string | null | undefined): BookingTone {
  if (isInGroup(status, 'pending')) return 'pending'
  if (isInGroup(status, 'approved') || status === 'booked' || status === 'sold' || status === 'completed')
    return 'approved'
  if (isInGroup(status, 'cancelled') || status === 'rejected_by_admin' || status === 'expired') return 'cancelled'
  return 'neutral'
}

export const CANCEL_MESSAGES = {
  success: 'Booking cancelled successfully',
  forbidden: "You don't have permission to cancel this booking. Please contact support.",
  notFound: 'Booking not found. It may have already been cancelled or processed.',
} as const

/** Cancel: 403 and 404 have their own texts; anything else names the reason (requirements: booking.md#cancelling). */
export function cancelFailureMessage(status: number, reason: string): string {
  if (status === 403) return CANCEL_MESSAGES.forbidden
  if (status === 404) return CANCEL_MESSAGES.notFound
  return `Failed to cancel booking: ${reason}`
}

const IMAGE_PATTERN = /\.(jpe?g|png)$/i

/** Documents get an image preview when they are jpg, jpeg or png (requirements: booking.md#documents). */
/** A deleted document's line in the booking details: "Deleted on 10 Mar 2026 (retention: sold)". */
export function documentDeletionText(document: {
  deletedAt?: string | null
  deletionRule?: string | null
}): string | null {
  if (!document.deletedAt) return null
  return `Deleted on ${formatDate(document.deletedAt)}${document.deletionRule ? ` (${document.deletionRule})` : ''}`
}

/**
 * The thumbnail's address: the backend checks it like an open but puts it on the access log at most once
 * per reader and document in a while, so the log lists documents opened rather than thumbnails drawn.
 */
export function documentPreviewUrl(documentUrl: string): string {
  return `${documentUrl}${documentUrl.includes('?') ? '&' : '?'}preview=1`
}

export function isPreviewableImage(document: { mimeType: string | null; documentName: string | null }): boolean {
  if (document.mimeType) return document.mimeType === 'image/jpeg' || document.mimeType === 'image/png'
  return IMAGE_PATTERN.test(document.documentName ?? '')
}

const DOCUMENT_TYPE_LABELS: Record<string, string> = {
  cheque: 'Payment cheque',
  ic_front: 'IC front',
  ic_back: 'IC back',
  uploaded_document: 'Uploaded document',
  other: 'Document',
}

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_LABELS[type] ?? 'Document'
}
