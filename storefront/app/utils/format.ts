/** Every amount, area, date, id and status label the storefront shows is formatted here. */

export const SQFT_PER_SQM = 10.7639

type Numeric = number | string | null | undefined
type DateInput = Date | string | number | null | undefined

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const areaNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** 'RM 450,000': ringgit, never decimals. Unparseable input gives 'RM -'. */
export function formatRM(amount: Numeric): string {
  const value = toNumber(amount)
  return value === null ? 'RM -' : `RM ${wholeNumber.format(Math.round(value))}`
}

/** Square metres to square feet (1 sqm = 10.7639 sqft), rounded to whole feet. */
export function sqmToSqft(sqm: Numeric): number | null {
  const value = toNumber(sqm)
  return value === null ? null : Math.round(value * SQFT_PER_SQM)
}

/** '186 sqm (2,002 sqft)'. */
export function formatArea(sqm: Numeric): string {
  const value = toNumber(sqm)
  if (value === null) return '-'
  return `${areaNumber.format(value)} sqm (${wholeNumber.format(Math.round(value * SQFT_PER_SQM))} sqft)`
}

/**
 * 'Mar 05, 2024' ('MMM dd, yyyy'). Pass the zone to render in; without one the
 * runtime's zone is used.
 */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value)
  if (!date) return '-'
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone }).format(date)
}

/** '2:05 PM' ('h:mm a'). */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value)
  if (!date) return '-'
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }).format(date)
}

/** Bookings are referred to by the last 6 characters of their id. */
export function shortBookingId(id: string | number | null | undefined): string {
  if (id === null || id === undefined || id === '') return '-'
  return String(id).slice(-6)
}

const BOOKING_STATUS_LABELS: Record<string, string> = {
  pending_agent: 'Pending Agency Approval',
  pending_admin: 'Pending Admin Approval',
  rejected_by_agent: 'Rejected by Agent',
  rejected_by_admin: 'Rejected by Admin',
}

/** 'pending_agent' → 'Pending Agency Approval', 'approved' → 'Approved'. */
export function bookingStatusLabel(status: string | null | undefined): string {
  if (!status) return 'Unknown'
  return BOOKING_STATUS_LABELS[status] ?? titleCase(status)
}

export type StatusTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey'

const LOT_STATUS_TONES: Record<string, StatusTone> = {
  available: 'green',
  reserved: 'yellow',
  pending: 'yellow',
  sold: 'red',
  booked: 'blue',
  locked: 'grey',
}

/** Lot badge colours: available green, reserved yellow, sold red, booked blue. */
export function lotStatusTone(status: string | null | undefined): StatusTone {
  return (status && LOT_STATUS_TONES[status]) || 'grey'
}

function titleCase(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

function toNumber(value: Numeric): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  const text = value.replace(/^\s*RM\s*/i, '').replace(/,/g, '').trim()
  if (!text) return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
