import type { Infer } from '@vinejs/vine/types'
import AuditEntry from '#audit/models/audit_entry'
import { auditFilterValidator } from '#audit/validators/audit_entry'
import { contains, readFilter, whereCreatedWithin } from '#core/listing'

/** The list sorts on indexed columns only (migration 0012). */
export const AUDIT_SORTABLE = {
  id: 'id',
  createdAt: 'created_at',
  action: 'action',
  subjectType: 'subject_type',
  actorId: 'actor_id',
}

export type AuditFilter = Infer<typeof auditFilterValidator>

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
  whereCreatedWithin(query, filter)
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
export function readAuditFilter(raw: Record<string, unknown>): Promise<AuditFilter> {
  return readFilter(auditFilterValidator, raw)
}
