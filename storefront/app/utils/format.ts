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
 * Dates and times are shown on the development's clock (Malaysia, UTC+8), whatever the
 * zone of the server or the browser, so a page rendered on the server reads the same once
 * it hydrates, and the same as the backoffice.
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
const yearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE })

/** 'Mar 05, 2024' ('MMM dd, yyyy'). */
export function formatDate(value: DateInput): string {
  const date = toDate(value)
  return date ? plainSpaces(dayFormat.format(date)) : '-'
}

/** '2:05 PM MYT' ('h:mm a' and the zone). */
export function formatTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${plainSpaces(timeFormat.format(date))} ${DISPLAY_TIME_ZONE_LABEL}` : '-'
}

/** 'Mar 05, 2024, 2:05 PM MYT': a moment in one line, as the backoffice writes it. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${formatDate(date)}, ${formatTime(date)}` : '-'
}

/** '2024': the year of a moment on the development's clock. */
export function formatYear(value: DateInput): string {
  const date = toDate(value)
  return date ? yearFormat.format(date) : '-'
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
  // A lot pending a manual decision is held like a locked one: grey on badges and the site plan.
  pending: 'grey',
  sold: 'red',
  booked: 'blue',
  locked: 'grey',
}

/** Lot badge colours: available green, reserved yellow, sold red, booked blue. */
export function lotStatusTone(status: string | null | undefined): StatusTone {
  return (status && LOT_STATUS_TONES[status]) || 'grey'
}

const PROPERTY_STATUS_TONES: Record<string, StatusTone> = { active: 'green', pending: 'yellow', sold: 'red' }

/** A shared (portfolio) property's status badge: active green, pending yellow, sold red. */
export function propertyStatusTone(status: string | null | undefined): StatusTone {
  return (status && PROPERTY_STATUS_TONES[status]) || 'grey'
}

/** 'available' → 'Available': the label of a lot status on badges, buttons and the plan. */
export function lotStatusLabel(status: string | null | undefined): string {
  return status ? titleCase(status) : 'Unknown'
}

export type LotTypeCode = 'A' | 'B' | 'C'

/** Types A Corner, B Intermediate, C End Lot, each with its own colour (requirements: display.md#lot-types). */
export const LOT_TYPES: Record<
  LotTypeCode,
  { code: LotTypeCode; label: string; type: string; tone: 'indigo' | 'teal' | 'amber' }
> = {
  A: { code: 'A', label: 'Corner', type: 'CORNER (A)', tone: 'indigo' },
  B: { code: 'B', label: 'Intermediate', type: 'INTERMEDIATE (B)', tone: 'teal' },
  C: { code: 'C', label: 'End Lot', type: 'END LOT (C)', tone: 'amber' },
}

/** 'a' → 'A'; anything but A, B or C → null. */
export function toLotTypeCode(value: string | null | undefined): LotTypeCode | null {
  const code = (value ?? '').trim().toUpperCase()
  return code === 'A' || code === 'B' || code === 'C' ? code : null
}

/** The type code of a lot: its own code, else read from 'CORNER (A)'-style type names. */
export function lotTypeCodeOf(lot: { typeCode?: string | null; type?: string | null }): LotTypeCode | null {
  const own = toLotTypeCode(lot.typeCode)
  if (own) return own
  const match = /\(([ABC])\)\s*$/i.exec(lot.type ?? '')
  return match ? toLotTypeCode(match[1]) : null
}

/** 'Corner (A)'; unknown types read as given, or '-'. */
export function lotTypeLabel(lot: { typeCode?: string | null; type?: string | null }): string {
  const code = lotTypeCodeOf(lot)
  return code ? `${LOT_TYPES[code].label} (${code})` : lot.type?.trim() || '-'
}

/** Land area falls back to 201 sqm for 'CORNER (A)', 186 otherwise (requirements: display.md#default-land-area). */
export function landAreaOrDefault(sqm: Numeric, type: string | null | undefined): number {
  const value = toNumber(sqm)
  if (value !== null && value > 0) return value
  return (type ?? '').trim().toUpperCase() === 'CORNER (A)' ? 201 : 186
}

/** '186 sqm'. */
export function formatSqm(sqm: Numeric): string {
  const value = toNumber(sqm)
  return value === null ? '-' : `${areaNumber.format(value)} sqm`
}

/** '2,002 sqft' from square metres. */
export function formatSqftFromSqm(sqm: Numeric): string {
  const sqft = sqmToSqft(sqm)
  return sqft === null ? '-' : `${wholeNumber.format(sqft)} sqft`
}

/** '1,200 sq ft' for sizes already in square feet (shared property views). */
export function formatSqft(sqft: Numeric): string {
  const value = toNumber(sqft)
  return value === null ? '-' : `${wholeNumber.format(Math.round(value))} sq ft`
}

/** '450,000': a whole number with separators, for table cells headed 'Price (RM)'. */
export function formatWholeNumber(value: Numeric): string {
  const number = toNumber(value)
  return number === null ? '-' : wholeNumber.format(Math.round(number))
}

/**
 * Description previews are limited to 100 characters, cut at a word where possible
 * (requirements: display.md#description-previews).
 */
export function truncateText(text: string | null | undefined, limit = 100): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim()
  if (clean.length <= limit) return clean
  const cut = clean.slice(0, limit)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:]+$/, '')}…`
}

/** Whole percentage of a part, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0
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
  const text = value
    .replace(/^\s*RM\s*/i, '')
    .replace(/,/g, '')
    .trim()
  if (!text) return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

// ICU versions differ on the space before AM/PM (U+202F in newer ones): a plain space
// keeps the text the server renders identical to the browser's.
function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ')
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
