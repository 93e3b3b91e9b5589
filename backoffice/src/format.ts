/** Display formatting shared by every screen (one formatter per app). */
import { createFormatters } from '@aero/shared/format'

/** The letter shown in a user's avatar. */
export function userInitial(name: string | undefined): string {
  return name?.trim().charAt(0).toUpperCase() || '?'
}

const NOT_AVAILABLE = 'N/A'

export { DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONE_LABEL, SQFT_PER_SQM } from '@aero/shared/format'

/**
 * 'RM 468,000' (ringgit without decimals, never another currency sign: requirements:
 * display.md#money), '186 sqm (2,002 sqft)', 'Jan 05, 2025', '3:04 PM MYT',
 * 'Jan 05, 2025, 3:04 PM MYT', and '3:04:05 PM MYT' for "Last refreshed"; 'N/A' when missing.
 */
export const { formatRM, formatSen, formatArea, formatDate, formatTime, formatDateTime, formatClockTime } =
  createFormatters({
    missing: NOT_AVAILABLE,
  })

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
