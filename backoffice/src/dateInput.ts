import { DISPLAY_TIME_ZONE } from './format'

/**
 * What date-time inputs send and show. React-admin's DateTimeInput and a plain `datetime-local` field
 * hold the browser's wall-clock text ('2026-12-01T09:00'), which the backend could only read as UTC:
 * the API is always given an instant with its zone.
 */

/**
 * A date-time input's value, read in the browser's own zone (as DateTimeInput shows a saved value), as
 * an instant; an ISO value with its zone passes unchanged. Null when empty or not a date.
 */
export function instantFromInput(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null
  const at = new Date(value as string | Date)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

/** A moment as a `datetime-local` value in the browser's own zone, to the minute. */
export function localInputValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** The zone's offset at a moment, in minutes east of UTC ('GMT+08:00' is 480). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

/**
 * A `datetime-local` value ('2026-12-01T09:00') read as a wall-clock time in `timeZone` (Malaysia
 * time by default, as every screen shows times), as ISO 8601 with that offset:
 * '2026-12-01T09:00:00+08:00'. Null when it is not a date and time.
 */
export function zonedIso(local: string, timeZone: string = DISPLAY_TIME_ZONE): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim())
  if (!match) return null
  const [, year, month, day, hour, minute, second = '00'] = match
  const wall = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second)
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== +day || +hour > 23 || +minute > 59) return null
  // The offset in force at that wall time: found from a first guess, then checked at the result.
  let offset = offsetMinutes(timeZone, new Date(wall))
  offset = offsetMinutes(timeZone, new Date(wall - offset * 60_000))
  const sign = offset < 0 ? '-' : '+'
  const pad = (n: number) => String(n).padStart(2, '0')
  const abs = Math.abs(offset)
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}
