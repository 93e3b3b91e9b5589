import { DateTime } from 'luxon'
import { errors as vineErrors } from '@vinejs/vine'
import type { Infer } from '@vinejs/vine/types'
import AuditEntry from '#audit/models/audit_entry'
import { auditFilterValidator } from '#audit/validators/audit_entry'
import { AppError } from '#core/errors'
import { sqlDateTime } from '#core/dates'

/** The list sorts on indexed columns only (migration 0012). */
export const AUDIT_SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  action: 'action',
  subjectType: 'subject_type',
  actorId: 'actor_id',
}

/** A day in the filter is a day on the development's clock, as the backoffice shows dates. */
const DAY_ZONE = 'Asia/Kuala_Lumpur'
const DAY = /^\d{4}-\d{2}-\d{2}$/

export type AuditFilter = Infer<typeof auditFilterValidator>

/** `%term%` for LIKE, with the wildcards of the term itself taken literally. */
const contains = (term: string) => `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`

/** For the list and the export alike; `from` and `to` are days or instants, both ends included. */
export function auditEntriesQuery(filter: AuditFilter) {
  const query = AuditEntry.query()
  if (filter.actorId !== undefined) query.where('actor_id', filter.actorId)
  if (filter.actor) {
    const term = contains(filter.actor)
    query.where((w) => w.where('actor_name', 'like', term).orWhere('actor_email', 'like', term))
  }
  if (filter.action) query.where('action', filter.action)
  if (filter.subjectType) query.where('subject_type', filter.subjectType)
  if (filter.subjectId !== undefined) query.where('subject_id', filter.subjectId)
  if (filter.from) query.where('created_at', '>=', sqlDateTime(instant(filter.from, 'from')))
  if (filter.to) {
    // A day runs until the next one starts; an instant is the last moment included.
    if (DAY.test(filter.to)) query.where('created_at', '<', sqlDateTime(instant(filter.to, 'to').plus({ days: 1 })))
    else query.where('created_at', '<=', sqlDateTime(instant(filter.to, 'to')))
  }
  if (filter.q) {
    const term = contains(filter.q)
    query.where((w) =>
      w
        .where('subject_label', 'like', term)
        .orWhere('actor_name', 'like', term)
        .orWhere('actor_email', 'like', term)
        .orWhere('action', 'like', term)
    )
  }
  return query
}

/** The list's `filter`, checked: a malformed one is a 422 naming `filter.<key>`. */
export async function readAuditFilter(raw: Record<string, unknown>): Promise<AuditFilter> {
  // Empty inputs of the backoffice's filter form mean "any".
  const given = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '' && value !== null))
  try {
    return await auditFilterValidator.validate(given)
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
