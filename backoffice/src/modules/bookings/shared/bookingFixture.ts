import type { Booking, BookingDocument } from '../types'

const document = (
  id: number,
  documentType: BookingDocument['documentType'],
  documentName: string,
  mimeType: string
): BookingDocument => ({
  id,
  documentType,
  documentName,
  mimeType,
  size: 1024,
  documentUrl: `/api/uploads/documents/41/${id}`,
  downloadUrl: `/api/uploads/documents/41/${id}?download=1`,
  createdAt: '2024-05-01T09:00:00.000Z',
})

/**
 * A member's request waiting for the agent admin, with a cheque, both IC sides and another
 * document, as its agent admin reads it: they may approve or reject it.
 */
export function bookingWithDocuments(overrides: Partial<Booking> = {}): Booking {
  return {
    id: 41,
    _id: 41,
    status: 'pending_agent',
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-01T09:00:00.000Z',
    lot: {
      id: 7,
      lotNumber: '12',
      unitNumber: 'AIH-B12',
      name: 'Aero Industrial Hub',
      title: null,
      type: 'INTERMEDIATE (B)',
      typeCode: 'B',
      phase: 4,
      buildUp: 242,
      landSize: 186,
      price: 468000,
      status: 'reserved',
    },
    unit: null,
    propertyName: 'Aero Industrial Hub',
    lotNumber: '12',
    unitNumber: 'AIH-B12',
    lotType: 'INTERMEDIATE (B)',
    creatorName: 'Mei Ling',
    creatorEmail: 'mei@example.my',
    creatorPhone: '0123456789',
    contactPhone: '0123456789',
    createdBy: 'user',
    user: { id: 5, name: 'Mei Ling', email: 'mei@example.my', phone: '0123456789' },
    agency: { id: 1, name: 'Nilai Realty' },
    agencyId: 1,
    requestMessage: 'Please reserve this lot.',
    agentNotes: null,
    adminNotes: null,
    agentResponseDate: null,
    respondedBy: null,
    cancellationDate: null,
    documents: [
      document(1, 'cheque', 'cheque.pdf', 'application/pdf'),
      document(2, 'ic_front', 'ic-front.png', 'image/png'),
      document(3, 'ic_back', 'ic-back.jpg', 'image/jpeg'),
      document(4, 'uploaded_document', 'letter.pdf', 'application/pdf'),
    ],
    allowedActions: ['approve', 'reject'],
    ...overrides,
  }
}

/**
 * The same request once its agent admin reviewed the documents: the cheque accepted,
 * the IC back rejected (its first upload replaced by a newer one, rejected again), the IC front
 * pending; the agent admin reviews it now, and the rejection keeps it from being forwarded.
 */
export function bookingUnderReview(overrides: Partial<Booking> = {}): Booking {
  const booking = bookingWithDocuments()
  const [cheque, icFront, icBack] = booking.documents!
  const farid = { id: 9, name: 'Farid Hassan' }
  return {
    ...booking,
    documents: [
      { ...cheque!, review: { status: 'accepted', reason: null, by: farid, at: '2024-05-01T10:00:00.000Z' } },
      { ...icFront!, review: { status: 'pending', reason: null, by: null, at: null } },
      {
        ...icBack!,
        replacedById: 5,
        current: false,
        review: { status: 'rejected', reason: 'Too dark to read', by: farid, at: '2024-05-01T10:05:00.000Z' },
      },
      {
        ...document(5, 'ic_back', 'ic-back-again.jpg', 'image/jpeg'),
        review: { status: 'rejected', reason: 'Blurry photo', by: farid, at: '2024-05-01T11:00:00.000Z' },
      },
    ],
    documentReview: [
      {
        documentType: 'cheque',
        label: 'payment cheque',
        required: true,
        documentId: 1,
        status: 'accepted',
        reason: null,
        reviewedBy: 'Farid Hassan',
        reviewedAt: '2024-05-01T10:00:00.000Z',
      },
      {
        documentType: 'ic_front',
        label: 'IC (front)',
        required: true,
        documentId: 2,
        status: 'pending',
        reason: null,
        reviewedBy: null,
        reviewedAt: null,
      },
      {
        documentType: 'ic_back',
        label: 'IC (back)',
        required: true,
        documentId: 5,
        status: 'rejected',
        reason: 'Blurry photo',
        reviewedBy: 'Farid Hassan',
        reviewedAt: '2024-05-01T11:00:00.000Z',
      },
      {
        documentType: 'other',
        label: 'other document',
        required: false,
        documentId: null,
        status: 'missing',
        reason: null,
        reviewedBy: null,
        reviewedAt: null,
      },
    ],
    documentsBlocking:
      'The IC (back) was rejected (Blurry photo). It must be uploaded again before this booking can be forwarded.',
    canReviewDocuments: true,
    canReplaceDocuments: false,
    history: [
      {
        id: 1,
        from: null,
        to: 'pending_agent',
        notes: 'Booking requested',
        at: '2024-05-01T09:00:00.000Z',
        by: { id: 5, name: 'Mei Ling', role: 'user' },
        kind: 'status',
      },
      {
        id: 2,
        from: 'pending_agent',
        to: 'pending_agent',
        notes: 'IC (back) rejected: Too dark to read',
        at: '2024-05-01T10:05:00.000Z',
        by: { id: 9, name: 'Farid Hassan', role: 'agent_admin' },
        kind: 'document_review',
        documentType: 'ic_back',
        documentId: 3,
      },
      {
        id: 3,
        from: 'pending_agent',
        to: 'pending_agent',
        notes: 'IC (back) uploaded again',
        at: '2024-05-01T10:30:00.000Z',
        by: { id: 5, name: 'Mei Ling', role: 'user' },
        kind: 'document_upload',
        documentType: 'ic_back',
        documentId: 5,
      },
    ],
    ...overrides,
  }
}
