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

/** The development's clock: every time people read (mails, messages) is Malaysia's. */
export const DISPLAY_ZONE = 'Asia/Kuala_Lumpur'

function local(value: DateTime | Date | string): DateTime {
  const dateTime =
    value instanceof DateTime ? value : value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value)
  return dateTime.setZone(DISPLAY_ZONE)
}

/** A day as both front ends write it (packages/shared/src/format.ts): 'Nov 27, 2026'. */
export function displayDate(value: DateTime | Date | string): string {
  return local(value).toFormat('LLL dd, yyyy', { locale: 'en-US' })
}

/** A time of day as both front ends write it: '2:05 PM MYT'. */
export function displayTime(value: DateTime | Date | string): string {
  return `${local(value).toFormat('h:mm a', { locale: 'en-US' })} MYT`
}

/** A moment as both front ends write it: 'Nov 27, 2026, 2:05 PM MYT'. */
export function displayDateTime(value: DateTime | Date | string): string {
  return `${displayDate(value)}, ${displayTime(value)}`
}
