import type { Identifier } from 'react-admin'

/** Changed fields by name, as the backend recorded them. */
export type AuditFields = Record<string, unknown>

/** GET /api/audit-entries: one staff action, the actor as they were at the time. */
export interface AuditEntry {
  id: Identifier
  _id: Identifier
  createdAt: string
  actorId: number | null
  actorName: string
  actorEmail: string
  actorRole: string
  action: string
  subjectType: string
  subjectId: number | null
  subjectLabel: string | null
  /** The changed fields before the action; null for a creation. */
  before: AuditFields | null
  /** The changed fields after the action; null for a deletion. */
  after: AuditFields | null
  ip: string | null
}

interface Choice {
  id: string
  name: string
}

/** Every action the backend records, in the business's words (backend/app/*: recordAudit calls). */
export const AUDIT_ACTION_CHOICES: Choice[] = [
  { id: 'lot.created', name: 'Lot created' },
  { id: 'lot.updated', name: 'Lot edited' },
  { id: 'lot.deleted', name: 'Lot deleted' },
  { id: 'agency.created', name: 'Agency created' },
  { id: 'agency.updated', name: 'Agency edited' },
  { id: 'agency.deleted', name: 'Agency deleted' },
  { id: 'user.created', name: 'User created' },
  { id: 'user.updated', name: 'User edited' },
  { id: 'user.role_changed', name: 'User role changed' },
  { id: 'user.deleted', name: 'User deleted' },
  { id: 'agent_admin.assigned', name: 'Agent admin assigned' },
  { id: 'agent_admin.removed', name: 'Agent admin removed' },
  { id: 'agency_member.removed', name: 'Member removed from agency' },
  { id: 'membership.approved', name: 'Membership approved' },
  { id: 'membership.rejected', name: 'Membership rejected' },
  { id: 'booking.request', name: 'Booking requested by agent admin' },
  { id: 'booking.book_for_client', name: 'Booking created for a client' },
  { id: 'booking.approve', name: 'Booking approved by agent' },
  { id: 'booking.reject', name: 'Booking rejected' },
  { id: 'booking.booked', name: 'Booking marked booked' },
  { id: 'booking.sold', name: 'Booking marked sold' },
  { id: 'booking.cancel', name: 'Booking cancelled' },
]

export const AUDIT_SUBJECT_CHOICES: Choice[] = [
  { id: 'lot', name: 'Lots' },
  { id: 'agency', name: 'Agencies' },
  { id: 'user', name: 'Users' },
  { id: 'membership_request', name: 'Membership requests' },
  { id: 'booking', name: 'Bookings' },
  { id: 'development', name: 'Developments' },
]

const SUBJECT_NAMES: Record<string, string> = {
  lot: 'Lot',
  agency: 'Agency',
  user: 'User',
  membership_request: 'Membership request',
  booking: 'Booking',
  development: 'Development',
}

function humanize(text: string): string {
  const words = text
    .replace(/[._]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function actionLabel(action: string): string {
  return AUDIT_ACTION_CHOICES.find((choice) => choice.id === action)?.name ?? humanize(action)
}

/** The subject as the entry names it: "Lot MKS-05 (lot 5)", or its type and id when it has no label. */
export function subjectText(entry: Pick<AuditEntry, 'subjectType' | 'subjectId' | 'subjectLabel'>): string {
  const type = SUBJECT_NAMES[entry.subjectType] ?? humanize(entry.subjectType)
  if (entry.subjectLabel) return `${type}: ${entry.subjectLabel}`
  return entry.subjectId === null ? type : `${type} #${entry.subjectId}`
}

/** A field's name as a label: `landSizeSqm` reads "Land size sqm". */
export function fieldLabel(field: string): string {
  return humanize(field)
}

/** A recorded value as text: empty values as a dash, yes/no, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export interface FieldChange {
  id: string
  field: string
  before: unknown
  after: unknown
}

/** The fields the action changed, each with its value before and after (a creation has no before). */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
  return fields.map((field) => ({
    id: field,
    field,
    before: entry.before ? entry.before[field] : undefined,
    after: entry.after ? entry.after[field] : undefined,
  }))
}

/** The changed fields in one line, for the list: "Price, Status". */
export function changesSummary(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const fields = fieldChanges(entry).map((change) => fieldLabel(change.field))
  if (fields.length === 0) return '—'
  return fields.length > 4 ? `${fields.slice(0, 4).join(', ')} and ${fields.length - 4} more` : fields.join(', ')
}

/** An entry by what happened: "Audit Entry #12, Lot edited". */
export function auditEntryRepresentation(entry: Pick<AuditEntry, 'id' | 'action'>): string {
  return `#${entry.id}, ${actionLabel(entry.action)}`
}
