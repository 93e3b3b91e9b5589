import { DateTime } from 'luxon'

/**
 * A DATETIME value every engine stores the same way, for raw query-builder writes:
 * Lucid models format dates themselves, but a JS Date lands as a number in SQLite.
 */
export function sqlDateTime(value: DateTime | Date = DateTime.utc()): string {
  const dateTime = value instanceof Date ? DateTime.fromJSDate(value) : value
  return dateTime.toUTC().toFormat('yyyy-MM-dd HH:mm:ss')
}

/** A DATETIME read from a raw row (a Date from MySQL, 'YYYY-MM-DD HH:MM:SS' UTC text from SQLite). */
export function isoFromRow(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return value.toISOString()
  const text = String(value)
  const date = new Date(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}
