import type AuditEntry from '#audit/models/audit_entry'

const COLUMNS: ReadonlyArray<{ header: string; read: (entry: AuditEntry) => string | number | null }> = [
  { header: 'Date (UTC)', read: (entry) => entry.createdAt.toUTC().toISO() },
  { header: 'Actor', read: (entry) => entry.actorName },
  { header: 'Actor Email', read: (entry) => entry.actorEmail },
  { header: 'Actor Role', read: (entry) => entry.actorRole },
  { header: 'Action', read: (entry) => entry.action },
  { header: 'Subject Type', read: (entry) => entry.subjectType },
  { header: 'Subject ID', read: (entry) => entry.subjectId },
  { header: 'Subject', read: (entry) => entry.subjectLabel },
  { header: 'Before', read: (entry) => (entry.before ? JSON.stringify(entry.before) : null) },
  { header: 'After', read: (entry) => (entry.after ? JSON.stringify(entry.after) : null) },
  { header: 'IP Address', read: (entry) => entry.ip },
]

/**
 * A text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage
 * return before one) is written with a leading quote, so it stays text.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`

export const AUDIT_CSV_HEADER = line(COLUMNS.map((column) => column.header))

export function auditCsvLine(entry: AuditEntry): string {
  return line(COLUMNS.map((column) => column.read(entry)))
}
