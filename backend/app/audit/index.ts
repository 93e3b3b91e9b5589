export { default as AuditEntry, type AuditFields } from '#audit/models/audit_entry'
export {
  recordAudit,
  redactPerson,
  auditBy,
  auditFields,
  AUDIT_SUBJECT_TYPES,
  type AuditActor,
  type AuditBy,
  type AuditChange,
  type AuditSubject,
  type AuditSubjectType,
} from '#audit/services/audit_trail'
