import type { Infer } from '@vinejs/vine/types'
import DocumentAccess from '#documents/models/document_access'
import { documentAccessFilterValidator } from '#documents/validators/document_access'
import { contains, readFilter, whereCreatedWithin } from '#core/listing'

/** The list sorts on indexed columns only (migration 0020). */
export const DOCUMENT_ACCESS_SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  bookingId: 'booking_id',
  userId: 'user_id',
  documentType: 'document_type',
}

export type DocumentAccessFilter = Infer<typeof documentAccessFilterValidator>

/** For the list and the export alike; `from` and `to` are days or instants, both ends included. */
export function documentAccessesQuery(filter: DocumentAccessFilter) {
  const query = DocumentAccess.query()
  if (filter.bookingId !== undefined) query.where('booking_id', filter.bookingId)
  if (filter.userId !== undefined) query.where('user_id', filter.userId)
  if (filter.user) {
    const term = contains(filter.user)
    query.where((w) => w.where('user_name', 'like', term).orWhere('user_email', 'like', term))
  }
  if (filter.documentType) query.where('document_type', filter.documentType)
  if (filter.action) query.where('action', filter.action)
  whereCreatedWithin(query, filter)
  return query
}

/** The list's `filter`, checked: a malformed one is a 422 naming `filter.<key>`. */
export function readDocumentAccessFilter(raw: Record<string, unknown>): Promise<DocumentAccessFilter> {
  return readFilter(documentAccessFilterValidator, raw)
}
