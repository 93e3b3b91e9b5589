import type AuditEntry from '#audit/models/audit_entry'

export function serializeAuditEntry(entry: AuditEntry) {
  return {
    id: entry.id,
    _id: entry.id,
    createdAt: entry.createdAt.toUTC().toISO(),
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorEmail: entry.actorEmail,
    actorRole: entry.actorRole,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    subjectLabel: entry.subjectLabel,
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
  }
}

export type AuditEntryResource = ReturnType<typeof serializeAuditEntry>
