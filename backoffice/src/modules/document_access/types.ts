import type { Identifier } from 'react-admin'

/**
 * GET /api/document-accesses: one view or download of a booking document, the reader as they were; or a
 * thumbnail of it drawn (`preview`, once per reader and document in a while), or its export.
 */
export interface DocumentAccess {
  id: Identifier
  _id: Identifier
  createdAt: string
  bookingId: number
  documentId: number | null
  documentType: string
  documentName: string | null
  action: 'view' | 'download' | 'preview' | 'export'
  userId: number | null
  userName: string
  userEmail: string
  userRole: string
  ip: string | null
}

/** The kinds of document the backend records (backend/app/bookings/models/document_access.ts). */
export const DOCUMENT_TYPE_CHOICES = [
  { id: 'ic_front', name: 'IC front' },
  { id: 'ic_back', name: 'IC back' },
  { id: 'cheque', name: 'Cheque' },
  { id: 'uploaded_document', name: 'Uploaded document' },
  { id: 'other', name: 'Other document' },
  { id: 'fee_receipt', name: 'Fee receipt' },
]

export const ACCESS_ACTION_CHOICES = [
  { id: 'view', name: 'Viewed' },
  { id: 'download', name: 'Downloaded' },
  { id: 'preview', name: 'Previewed (thumbnail)' },
  { id: 'export', name: 'Exported (own data)' },
]

export function documentTypeLabel(type: string): string {
  return DOCUMENT_TYPE_CHOICES.find((choice) => choice.id === type)?.name ?? type
}

export function accessActionLabel(action: string): string {
  return ACCESS_ACTION_CHOICES.find((choice) => choice.id === action)?.name ?? action
}

/** The export's address for the filters in force (every page, streamed by the backend). */
export function documentAccessExportUrl(filter: Record<string, unknown>): string {
  return `/api/document-accesses/export.csv?${new URLSearchParams({ filter: JSON.stringify(filter) })}`
}
