import { DateTime } from 'luxon'
import { errors as vineErrors } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import DocumentAccess from '#documents/models/document_access'
import { documentAccessFilterValidator } from '#documents/validators/document_access'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

/** The list sorts on indexed columns only (migration 0020). */
export const DOCUMENT_ACCESS_SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  bookingId: 'booking_id',
  userId: 'user_id',
  documentType: 'document_type',
}

/** A day in the filter is a day on the development's clock, as the backoffice shows dates. */
const DAY_ZONE = 'Asia/Kuala_Lumpur'
const DAY = /^\d{4}-\d{2}-\d{2}$/

export type DocumentAccessFilter = Infer<typeof documentAccessFilterValidator>

const contains = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

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
  if (filter.from) query.where('created_at', '>=', sqlDateTime(instant(filter.from, 'from')))
  if (filter.to) {
    if (DAY.test(filter.to)) query.where('created_at', '<', sqlDateTime(instant(filter.to, 'to').plus({ days: 1 })))
    else query.where('created_at', '<=', sqlDateTime(instant(filter.to, 'to')))
  }
  return query
}

/** The list's `filter`, checked: a malformed one is a 422 naming `filter.<key>`. */
export async function readDocumentAccessFilter(raw: Record<string, unknown>): Promise<DocumentAccessFilter> {
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== null))
  try {
    return await documentAccessFilterValidator.validate(given)
  } catch (error) {
    if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
    const errors = (error.messages as Array<{ field: string; message: string }>).map(({ field, message }) => ({
      field: `filter.${field}`,
      message,
    }))
    throw new AppError(errors[0].message, 422, errors)
  }
}

function instant(value: string, field: 'from' | 'to'): DateTime {
  const parsed = DAY.test(value)
    ? DateTime.fromISO(value, { zone: DAY_ZONE })
    : DateTime.fromISO(value.replace(' ', 'T'), { zone: 'utc' })
  if (!parsed.isValid)
    throw AppError.invalid(`filter.${field}`, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 time`)
  return parsed
}
