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
