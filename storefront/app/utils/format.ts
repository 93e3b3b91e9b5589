/** Every amount, area, date, id and status label the storefront shows is formatted here. */
import { createFormatters, senFigure, SQFT_PER_SQM, toNumber } from '@aero/shared/format'

export { DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONE_LABEL, SQFT_PER_SQM } from '@aero/shared/format'

type Numeric = number | string | null | undefined

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const areaNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * 'RM 450,000' (ringgit, never decimals; 'RM -' when unreadable), 'RM 1,234,567.89' for an exact
 * amount in sen that has sen, '186 sqm (2,002 sqft)', 'Mar 05, 2024', '2:05 PM MYT',
 * 'Mar 05, 2024, 2:05 PM MYT' (as the backoffice writes it), '2024'.
 */
export const { formatRM, formatSen, formatArea, formatDate, formatTime, formatDateTime, formatYear } = createFormatters(
  {
    missing: '-',
    missingMoney: 'RM -',
  }
)

/** Something priced: its exact `priceSen` when the answer has it, else its whole-RM `price`. */
export interface Priced {
  price?: number | string | null
  priceSen?: number | null
}

/** The exact price in sen (the price in force for a lot, the locked one for a booking); null when none. */
export function priceSenOf(item: Priced | null | undefined): number | null {
  if (!item) return null
  if (typeof item.priceSen === 'number' && Number.isSafeInteger(item.priceSen)) return item.priceSen
  const ringgit = toNumber(item.price)
  return ringgit === null ? null : Math.round(ringgit * 100)
}

/** 'RM 450,000' or 'RM 1,234,567.89': a price exactly as it stands, sen and all. */
export function formatPrice(item: Priced | null | undefined): string {
  return formatSen(priceSenOf(item))
}

/** '450,000' or '1,234,567.89': the same without 'RM', for cells headed 'Price (RM)'. */
export function formatPriceFigure(item: Priced | null | undefined): string {
  return senFigure(priceSenOf(item)) ?? '-'
}

/** Square metres to square feet (1 sqm = 10.7639 sqft), rounded to whole feet. */
export function sqmToSqft(sqm: Numeric): number | null {
  const value = toNumber(sqm)
  return value === null ? null : Math.round(value * SQFT_PER_SQM)
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
  // The super admin's "booked" decision: the backoffice's word for it too (its Booked badge).
  approved: 'Booked',
}

/** 'pending_agent' → 'Pending Agency Approval', 'approved' → 'Booked', 'sold' → 'Sold'. */
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

/**
 * Text someone typed (a reason) as one sentence inside ours: its own closing stop kept, one added
 * when it has none, so that "Bookings open." never reads "Bookings open.. You may".
 */
export function asSentence(text: string): string {
  const trimmed = text.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}
