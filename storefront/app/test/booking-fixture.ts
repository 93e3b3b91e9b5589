import type { BookingDocument, DocumentReview, UserBooking } from '~/models/user-booking'

/** A booking as GET /api/bookings/user and /api/bookings/:id serialise it; lot `id` of the hub. */
export function testBooking(id: number, status: string, overrides: Partial<UserBooking> = {}): UserBooking {
  return {
    id,
    _id: id,
    status,
    createdAt: '2026-03-05T02:00:00.000Z',
    updatedAt: null,
    lotId: id,
    unitId: null,
    lot: null,
    unit: null,
    propertyName: 'Aero Industrial Hub',
    propertyPhase: 4,
    lotNumber: String(id),
    unitNumber: `MKS-${id}`,
    lotType: 'INTERMEDIATE (B)',
    buildUp: null,
    landSize: 186,
    creatorName: 'Daniel Tan',
    creatorEmail: 'member@aero-demo.my',
    creatorPhone: null,
    contactPhone: null,
    user: null,
    agency: { id: 4, name: 'Nilai Prime Realty' },
    requestMessage: null,
    agentNotes: null,
    adminNotes: null,
    cancellationDate: null,
    allowedActions: [],
    ...overrides,
  }
}

const PENDING: DocumentReview = { status: 'pending', reason: null, by: null, at: null }

/** A document of booking `bookingId` as the API serialises it (review fields included). */
export function testDocument(
  bookingId: number,
  id: number,
  documentType: string,
  overrides: Partial<BookingDocument> = {}
): BookingDocument {
  const url = `/api/uploads/documents/${bookingId}/${id}`
  const name = documentType === 'cheque' ? `cheque-${id}.pdf` : `${documentType.replace('_', '-')}-${id}.png`
  return {
    id,
    documentType,
    documentName: name,
    mimeType: documentType === 'cheque' ? 'application/pdf' : 'image/png',
    size: 2048,
    documentUrl: url,
    downloadUrl: `${url}?download=1`,
    createdAt: '2026-03-05T02:00:00.000Z',
    deletedAt: null,
    deletionRule: null,
    review: PENDING,
    replacedById: null,
    current: true,
    ...overrides,
  }
}

/**
 * Booking 77, pending the agency, as its requester reads it: the cheque rejected (an earlier
 * cheque rejected and replaced before it), the IC front accepted, the IC back missing and
 * another document waiting for its review.
 */
export function reviewedBooking(overrides: Partial<UserBooking> = {}): UserBooking {
  return testBooking(77, 'pending_agent', {
    allowedActions: ['cancel'],
    documents: [
      testDocument(77, 11, 'cheque', {
        review: {
          status: 'rejected',
          reason: 'Blurred photo',
          by: { id: 3, name: 'Farid Hassan' },
          at: '2026-03-05T03:00:00.000Z',
        },
        replacedById: 12,
        current: false,
      }),
      testDocument(77, 12, 'cheque', {
        createdAt: '2026-03-05T04:00:00.000Z',
        review: {
          status: 'rejected',
          reason: 'Amount unreadable',
          by: { id: 3, name: 'Farid Hassan' },
          at: '2026-03-05T06:05:00.000Z',
        },
      }),
      testDocument(77, 13, 'ic_front', {
        review: {
          status: 'accepted',
          reason: null,
          by: { id: 3, name: 'Farid Hassan' },
          at: '2026-03-05T06:00:00.000Z',
        },
      }),
      testDocument(77, 15, 'uploaded_document'),
    ],
    documentReview: [
      {
        documentType: 'cheque',
        label: 'payment cheque',
        required: true,
        documentId: 12,
        status: 'rejected',
        reason: 'Amount unreadable',
        reviewedBy: 'Farid Hassan',
        reviewedAt: '2026-03-05T06:05:00.000Z',
      },
      {
        documentType: 'ic_front',
        label: 'IC (front)',
        required: true,
        documentId: 13,
        status: 'accepted',
        reason: null,
        reviewedBy: 'Farid Hassan',
        reviewedAt: '2026-03-05T06:00:00.000Z',
      },
      {
        documentType: 'ic_back',
        label: 'IC (back)',
        required: true,
        documentId: null,
        status: 'missing',
        reason: null,
        reviewedBy: null,
        reviewedAt: null,
      },
      {
        documentType: 'other',
        label: 'other document',
        required: false,
        documentId: 15,
        status: 'pending',
        reason: null,
        reviewedBy: null,
        reviewedAt: null,
      },
    ],
    documentsBlocking:
      'The payment cheque was rejected (Amount unreadable). It must be uploaded again before this booking can be forwarded.',
    canReviewDocuments: false,
    canReplaceDocuments: true,
    history: [
      {
        id: 1,
        kind: 'status',
        from: null,
        to: 'pending_agent',
        notes: null,
        at: '2026-03-05T02:00:00.000Z',
        by: { id: 9, name: 'Daniel Tan', role: 'user' },
      },
      {
        id: 1,
        kind: 'document_review',
        documentType: 'cheque',
        documentId: 11,
        from: 'pending_agent',
        to: 'pending_agent',
        notes: 'Payment cheque rejected: Blurred photo',
        at: '2026-03-05T03:00:00.000Z',
        by: { id: 3, name: 'Farid Hassan', role: 'agent_admin' },
      },
      {
        id: 2,
        kind: 'document_upload',
        documentType: 'cheque',
        documentId: 12,
        from: 'pending_agent',
        to: 'pending_agent',
        notes: 'Payment cheque uploaded again',
        at: '2026-03-05T04:00:00.000Z',
        by: { id: 9, name: 'Daniel Tan', role: 'user' },
      },
    ],
    ...overrides,
  })
}
