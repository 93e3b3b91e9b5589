/** Display formatting shared by every screen (one formatter per app, STYLE.md). */

/** The letter shown in a user's avatar. */
export function userInitial(name: string | undefined): string {
  return name?.trim().charAt(0).toUpperCase() || '?'
}

const NOT_AVAILABLE = 'N/A'

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const number = typeof value === 'number' ? value : Number(String(value).replace(/rm|,|\s/gi, ''))
  return Number.isFinite(number) ? number : null
}

/** Money is Malaysian ringgit without decimals, never another currency sign (requirements: display.md#money). */
export function formatRM(value: unknown): string {
  const amount = toNumber(value)
  return amount === null ? NOT_AVAILABLE : `RM ${Math.round(amount).toLocaleString('en-US')}`
}

export const SQFT_PER_SQM = 10.7639

/** Area in sqm and sqft (1 sqm = 10.7639 sqft, rounded). */
export function formatArea(sqm: unknown): string {
  const area = toNumber(sqm)
  if (area === null) return NOT_AVAILABLE
  const sqmText = Number.isInteger(area)
    ? area.toLocaleString('en-US')
    : area.toLocaleString('en-US', { maximumFractionDigits: 2 })
  return `${sqmText} sqm (${Math.round(area * SQFT_PER_SQM).toLocaleString('en-US')} sqft)`
}

/**
 * Dates and times are shown on the development's clock (Malaysia, UTC+8), whatever the
 * browser's zone, so a moment reads the same here as on the storefront.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Kuala_Lumpur'
/** Printed after every time of day, so nobody reads it as their own zone's. */
export const DISPLAY_TIME_ZONE_LABEL = 'MYT'

const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
})
const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: DISPLAY_TIME_ZONE,
})
const clockFormat = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  hour12: true,
  timeZone: DISPLAY_TIME_ZONE,
})

type DateInput = string | number | Date | null | undefined

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

// ICU versions differ on the space before AM/PM (U+202F in newer ones): one plain space
// everywhere keeps the text equal to the storefront's.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ')
}

/** 'MMM dd, yyyy': 'Jan 05, 2025'. */
export function formatDate(value: DateInput): string {
  const date = toDate(value)
  return date ? plainSpaces(dayFormat.format(date)) : NOT_AVAILABLE
}

/** 'h:mm a' and the zone: '3:04 PM MYT'. */
export function formatTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${plainSpaces(timeFormat.format(date))} ${DISPLAY_TIME_ZONE_LABEL}` : NOT_AVAILABLE
}

/** en-US short month with time: 'Jan 05, 2025, 3:04 PM MYT'. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${formatDate(date)}, ${formatTime(date)}` : NOT_AVAILABLE
}

/** A time of day to the second, for "Last refreshed": '3:04:05 PM MYT'. */
export function formatClockTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${plainSpaces(clockFormat.format(date))} ${DISPLAY_TIME_ZONE_LABEL}` : NOT_AVAILABLE
}

/** A booking's short reference: the last 6 characters of its id (requirements: display.md#booking-references). */
export function bookingReference(id: string | number | null | undefined): string {
  return id === null || id === undefined ? NOT_AVAILABLE : String(id).slice(-6)
}

export type BadgeColor = 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary' | 'secondary'

interface Badge {
  label: string
  color: BadgeColor
}

/**
 * Booking status badges as the super admin reads them (requirements: booking.md#statuses): pending_admin
 * is waiting for them; the Booked badge covers booked and approved; rejected_by_agent shows
 * as Rejected.
 */
const BOOKING_BADGES: Record<string, Badge> = {
  pending: { label: 'Pending', color: 'warning' },
  pending_agent: { label: 'Pending Agent', color: 'warning' },
  pending_admin: { label: 'Pending Your Approval', color: 'warning' },
  checking: { label: 'Checking', color: 'warning' },
  approved: { label: 'Booked', color: 'info' },
  booked: { label: 'Booked', color: 'info' },
  confirmed: { label: 'Confirmed', color: 'info' },
  sold: { label: 'Sold', color: 'success' },
  completed: { label: 'Completed', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  rejected_by_agent: { label: 'Rejected', color: 'error' },
  rejected_by_admin: { label: 'Rejected', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'default' },
  expired: { label: 'Expired', color: 'default' },
}

function humanize(value: string): string {
  const words = value.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function bookingBadge(status: string | null | undefined): Badge {
  if (!status) return { label: NOT_AVAILABLE, color: 'default' }
  return BOOKING_BADGES[status] ?? { label: humanize(status), color: 'default' }
}

/** Lot badges: available green, reserved yellow, sold red, booked blue (requirements: display.md#lot-badges). */
const LOT_BADGES: Record<string, Badge> = {
  available: { label: 'Available', color: 'success' },
  reserved: { label: 'Reserved', color: 'warning' },
  pending: { label: 'Pending', color: 'warning' },
  booked: { label: 'Booked', color: 'info' },
  sold: { label: 'Sold', color: 'error' },
  locked: { label: 'Locked', color: 'default' },
}

export function lotBadge(status: string | null | undefined): Badge {
  if (!status) return { label: NOT_AVAILABLE, color: 'default' }
  return LOT_BADGES[status] ?? { label: humanize(status), color: 'default' }
}

export function roleName(role: string | null | undefined): string {
  switch (role) {
    case 'super_admin':
    case 'admin':
      return 'Super Admin'
    case 'agent_admin':
      return 'Agent Admin'
    case 'user':
      return 'User'
    default:
      return role ? humanize(role) : NOT_AVAILABLE
  }
}

export interface CsvColumn<T> {
  header: string
  value: (row: T) => unknown
}

/** A cell that a spreadsheet would run as a formula is kept as text. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV with a header row. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(',')]
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(','))
  return lines.join('\r\n')
}
