import type { ListDoc, ModuleDocs } from '#core/openapi/types'
import { AUDIT_SORTABLE } from '#audit/queries/list_audit_entries'
import { AUDIT_SUBJECT_TYPES } from '#audit/services/audit_trail'

const LIST: ListDoc = {
  resource: 'audit-entries',
  sort: Object.keys(AUDIT_SORTABLE),
  defaultSort: ['createdAt', 'DESC'],
  filter: {
    actorId: 'the acting staff member, by user id',
    actor: "searches the actor's name and email (as they were at the time)",
    action: 'one action, e.g. `lot.updated`, `booking.booked`, `membership.approved`',
    subjectType: `one of ${AUDIT_SUBJECT_TYPES.map((type) => `\`${type}\``).join(', ')}`,
    subjectId: 'the subject, by id (with subjectType)',
    from: 'entries from this day (YYYY-MM-DD, Malaysia time) or instant (ISO 8601), included',
    to: 'entries up to this day or instant, included',
    q: 'searches the actor, the action and the subject',
  },
}

const ENTRY =
  'Each entry: `createdAt`, the actor as they were (`actorId`, `actorName`, `actorEmail`, `actorRole`), `action`, the subject (`subjectType`, `subjectId`, `subjectLabel`), the changed fields `before` and `after` (null for a creation or a deletion), and the client address `ip`.'

/** The audit module's routes in the API reference (/api/docs). */
export default {
  tag: 'Audit',
  description:
    'The audit trail of staff actions (lots, agencies, users and roles, agent admins, membership and booking decisions). Read-only: no route changes or deletes an entry.',
  operations: {
    'GET /api/audit-entries': {
      summary: 'List audit entries',
      description: ENTRY,
      admits: 'super_admin',
      list: LIST,
    },
    'GET /api/audit-entries/export.csv': {
      summary: 'Export audit entries as CSV',
      description:
        "Every entry the filter selects, newest first, streamed. A cell that a spreadsheet would read as a formula (starting with `=`, `+`, `-` or `@`) is written with a leading `'`.",
      admits: 'super_admin',
      list: { ...LIST, paged: false },
      responses: {
        200: { description: 'audit-trail-<date>.csv', contentType: 'text/csv', schema: { type: 'string' } },
      },
    },
    'GET /api/audit-entries/:id': {
      summary: 'One audit entry',
      admits: 'super_admin',
      responses: { 404: 'Audit entry not found' },
    },
  },
} satisfies ModuleDocs
