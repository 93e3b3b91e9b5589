import { describe, expect, it } from 'vitest'
import type { UserBooking } from '~/models/user-booking'
import {
  documentDeletionText,
  BOOKING_GROUPS,
  bookingRow,
  bookingStatusTone,
  cancelFailureMessage,
  countBookings,
  filterBookingRows,
  isPreviewableImage,
  parseBookingFilter,
} from '~/utils/user-bookings'

function booking(overrides: Partial<UserBooking> = {}): UserBooking {
  return {
    id: 1234567,
    _id: 1234567,
    status: 'pending_agent',
    createdAt: '2024-03-05T06:05:00.000Z',
    updatedAt: null,
    lotId: 7,
    unitId: null,
    lot: {
      id: 7,
      lotNumber: '7',
      unitNumber: 'MKS-07',
      name: 'Aero Industrial Hub Shop Lot MKS-07',
      type: 'INTERMEDIATE (B)',
      phase: 4,
      buildUp: 280,
      landSize: 186,
      price: 520000,
      status: 'reserved',
    },
    unit: null,
    propertyName: null,
    propertyPhase: null,
    lotNumber: null,
    unitNumber: null,
    lotType: null,
    buildUp: null,
    landSize: null,
    creatorName: 'Daniel Tan',
    creatorEmail: 'member@aero-demo.my',
    creatorPhone: null,
    contactPhone: null,
    user: { id: 3, name: 'Daniel Tan Wei Ming', email: 'member@aero-demo.my', phone: '+60165550192' },
    agency: null,
    requestMessage: null,
    agentNotes: null,
    adminNotes: null,
    cancellationDate: null,
    allowedActions: ['cancel'],
    ...overrides,
  }
}

describe('status groups (requirements: booking.md#statuses)', () => {
  it('groups the user view as the spec does', () => {
    expect(BOOKING_GROUPS).toEqual({
      pending: ['pending', 'pending_agent', 'pending_admin'],
      approved: ['approved', 'confirmed'],
      cancelled: ['cancelled', 'rejected', 'rejected_by_agent'],
    })
  })

  it('counts Total, Pending, Approved and Cancelled', () => {
    const statuses = [
      'pending',
      'pending_agent',
      'pending_admin',
      'approved',
      'confirmed',
      'cancelled',
      'rejected',
      'rejected_by_agent',
      'rejected_by_admin',
      'sold',
      'expired',
    ]
    expect(countBookings(statuses.map((status) => ({ status })))).toEqual({
      all: 11,
      pending: 3,
      approved: 2,
      cancelled: 3,
    })
    expect(countBookings([])).toEqual({ all: 0, pending: 0, approved: 0, cancelled: 0 })
  })

  it("offers cancel exactly when the API's allowedActions do, whatever the status", () => {
    expect(bookingRow(booking({ status: 'pending_agent', allowedActions: ['cancel'] })).canCancel).toBe(true)
    expect(bookingRow(booking({ status: 'pending_agent', allowedActions: [] })).canCancel).toBe(false)
    expect(bookingRow(booking({ status: 'pending_admin', allowedActions: ['approve', 'reject'] })).canCancel).toBe(
      false
    )
  })

  it('reads the filter from the address, anything unknown being all', () => {
    expect(parseBookingFilter('pending')).toBe('pending')
    expect(parseBookingFilter('cancelled')).toBe('cancelled')
    expect(parseBookingFilter('sold')).toBe('all')
    expect(parseBookingFilter(null)).toBe('all')
  })

  it('colours badges by group', () => {
    expect(bookingStatusTone('pending_admin')).toBe('pending')
    expect(bookingStatusTone('confirmed')).toBe('approved')
    expect(bookingStatusTone('rejected_by_agent')).toBe('cancelled')
    expect(bookingStatusTone('checking')).toBe('neutral')
  })
})

describe('bookingRow', () => {
  it('reads the lot when the booking has no copy of its own', () => {
    expect(bookingRow(booking())).toMatchObject({
      id: '1234567',
      shortId: '234567',
      lotNumber: '7',
      unitNumber: 'MKS-07',
      lotType: 'INTERMEDIATE (B)',
      phase: '4',
      size: '186 sqm (2,002 sqft)',
      creatorName: 'Daniel Tan',
      phone: '+60165550192',
      statusLabel: 'Pending Agency Approval',
    })
  })

  it("falls back to 'Property', 'N/A' and 'Unknown Client' (requirements: booking.md#display-fallbacks)", () => {
    const bare = bookingRow(booking({ lot: null, creatorName: '', user: null, contactPhone: null }))
    expect(bare).toMatchObject({
      lotNumber: 'N/A',
      lotType: 'Property',
      phase: 'N/A',
      size: '-',
      creatorName: 'Unknown Client',
      phone: 'N/A',
    })
  })

  it("prefers the booking's own fields, then the user's name and phone", () => {
    const row = bookingRow(
      booking({ lotNumber: '12', lotType: 'CORNER (A)', creatorName: null, contactPhone: '+60123456789' })
    )
    expect(row).toMatchObject({
      lotNumber: '12',
      lotType: 'CORNER (A)',
      creatorName: 'Daniel Tan Wei Ming',
      phone: '+60123456789',
    })
  })
})

describe('filterBookingRows', () => {
  const rows = [
    bookingRow(booking({ id: 1, status: 'pending_agent' })),
    bookingRow(booking({ id: 2, status: 'approved', lotNumber: '12', lotType: 'CORNER (A)' })),
    bookingRow(booking({ id: 3, status: 'rejected_by_agent', creatorName: 'Priya Nair' })),
  ]

  it('filters by group, then searches what the row shows', () => {
    expect(filterBookingRows(rows, 'all', '').map((row) => row.id)).toEqual(['1', '2', '3'])
    expect(filterBookingRows(rows, 'cancelled', '').map((row) => row.id)).toEqual(['3'])
    expect(filterBookingRows(rows, 'all', 'corner').map((row) => row.id)).toEqual(['2'])
    expect(filterBookingRows(rows, 'all', ' PRIYA ').map((row) => row.id)).toEqual(['3'])
    expect(filterBookingRows(rows, 'all', 'mks-07').map((row) => row.id)).toEqual(['1', '2', '3'])
    expect(filterBookingRows(rows, 'all', 'agency approval').map((row) => row.id)).toEqual(['1'])
    expect(filterBookingRows(rows, 'approved', 'priya')).toEqual([])
  })
})

describe('cancelFailureMessage (requirements: booking.md#cancelling)', () => {
  it('has its own texts for 403 and 404 and names the reason otherwise', () => {
    expect(cancelFailureMessage(403, 'x')).toBe(
      "You don't have permission to cancel this booking. Please contact support."
    )
    expect(cancelFailureMessage(404, 'x')).toBe('Booking not found. It may have already been cancelled or processed.')
    expect(cancelFailureMessage(409, 'Only a pending booking can be cancelled.')).toBe(
      'Failed to cancel booking: Only a pending booking can be cancelled.'
    )
  })
})

describe('isPreviewableImage', () => {
  it('previews jpg, jpeg and png only', () => {
    expect(isPreviewableImage({ mimeType: 'image/png', documentName: 'x.pdf' })).toBe(true)
    expect(isPreviewableImage({ mimeType: 'application/pdf', documentName: 'x.png' })).toBe(false)
    expect(isPreviewableImage({ mimeType: null, documentName: 'IC.JPEG' })).toBe(true)
    expect(isPreviewableImage({ mimeType: null, documentName: 'cheque.pdf' })).toBe(false)
  })
})

describe('documentDeletionText (docs/privacy.md, "Retention")', () => {
  it('says when a document was deleted and by which rule, and nothing for a kept one', () => {
    expect(
      documentDeletionText({ deletedAt: '2026-03-10T02:00:00.000Z', deletionRule: 'retention: ended without a sale' })
    ).toBe('Deleted on Mar 10, 2026 (retention: ended without a sale)')
    expect(documentDeletionText({ deletedAt: '2026-03-10T02:00:00.000Z', deletionRule: null })).toBe(
      'Deleted on Mar 10, 2026'
    )
    expect(documentDeletionText({ deletedAt: null, deletionRule: null })).toBeNull()
    expect(documentDeletionText({})).toBeNull()
  })
})
