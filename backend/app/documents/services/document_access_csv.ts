import type DocumentAccess from '#documents/models/document_access'

const COLUMNS: ReadonlyArray<{ header: string; read: (access: DocumentAccess) => string | number | null }> = [
  { header: 'Date (UTC)', read: (access) => access.createdAt.toUTC().toISO() },
  { header: 'User', read: (access) => access.userName },
  { header: 'User Email', read: (access) => access.userEmail },
  { header: 'User Role', read: (access) => access.userRole },
  { header: 'Action', read: (access) => access.action },
  { header: 'Booking ID', read: (access) => access.bookingId },
  { header: 'Document ID', read: (access) => access.documentId },
  { header: 'Document Type', read: (access) => access.documentType },
  { header: 'Document Name', read: (access) => access.documentName },
  { header: 'IP Address', read: (access) => access.ip },
]

/** A text a spreadsheet would run as a formula is written with a leading quote, so it stays text. */
const FORMULA_START = /^[=+\-@\t\r]/

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`

export const DOCUMENT_ACCESS_CSV_HEADER = line(COLUMNS.map((column) => column.header))

/** One access as an RFC 4180 CSV line (formula-looking cells quoted, as the audit export does). */
export function documentAccessCsvLine(access: DocumentAccess): string {
  return line(COLUMNS.map((column) => column.read(access)))
}
