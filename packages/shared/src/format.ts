/**
 * The formatting both front ends share: money, areas, and moments on the development's clock.
 * Each app names its own text for a missing value (the storefront '-', the backoffice 'N/A')
 * through `createFormatters`; everything else reads the same on both.
 */

export const SQFT_PER_SQM = 10.7639

/**
 * Dates and times are shown on the development's clock (Malaysia, UTC+8), whatever the zone
 * of the server or the browser, so a page rendered on the server reads the same once it
 * hydrates, and the storefront the same as the backoffice.
 */
export const DISPLAY_TIME_ZONE = 'Asia/Kuala_Lumpur'
/** Printed after every time of day, so nobody reads it as their own zone's. */
export const DISPLAY_TIME_ZONE_LABEL = 'MYT'

export type DateInput = Date | string | number | null | undefined

/** A number from a number or text such as 'RM 1,200,000' or '186.5'; null when there is none. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const text = value.replace(/^\s*RM/i, '').replace(/[,\s]/g, '')
  if (!text) return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

// ICU versions differ on the space before AM/PM (U+202F in newer ones): a plain space keeps
// the text the server renders identical to the browser's, and the two apps' identical.
export function plainSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ')
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const areaNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * An amount kept in whole sen (RM x 100, as price lists keep prices) as a figure: '450,000' when
 * it is whole ringgit, '1,234,567.89' otherwise. Integer arithmetic, so never a sen out;
 * null for anything but a whole number of sen.
 */
export function senFigure(sen: unknown): string | null {
  const value = typeof sen === 'string' && sen.trim() !== '' ? Number(sen) : sen
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null
  const sign = value < 0 ? '-' : ''
  const whole = Math.abs(value)
  const ringgit = wholeNumber.format(Math.floor(whole / 100))
  const rest = whole % 100
  return rest === 0 ? `${sign}${ringgit}` : `${sign}${ringgit}.${String(rest).padStart(2, '0')}`
}

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
const yearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE })

export interface FormatterOptions {
  /** Shown for a missing or unreadable value. */
  missing: string
  /** Shown for a missing amount of money; `missing` unless given. */
  missingMoney?: string
}

/** The formatters, with the app's own text for a missing value. */
export function createFormatters({ missing, missingMoney = missing }: FormatterOptions) {
  /** 'MMM dd, yyyy': 'Jan 05, 2025'. */
  function formatDate(value: DateInput): string {
    const date = toDate(value)
    return date ? plainSpaces(dayFormat.format(date)) : missing
  }

  /** 'h:mm a' and the zone: '3:04 PM MYT'. */
  function formatTime(value: DateInput): string {
    const date = toDate(value)
    return date ? `${plainSpaces(timeFormat.format(date))} ${DISPLAY_TIME_ZONE_LABEL}` : missing
  }

  return {
    /** Ringgit without decimals, never another currency sign (requirements: display.md#money): 'RM 450,000'. */
    formatRM(value: unknown): string {
      const amount = toNumber(value)
      return amount === null ? missingMoney : `RM ${wholeNumber.format(Math.round(amount))}`
    },

    /**
     * An exact amount in sen: 'RM 450,000' (whole ringgit, as every amount reads), 'RM 1,234,567.89'
     * when it has sen, so a price list's or a discount's sen are never rounded away.
     */
    formatSen(sen: unknown): string {
      const figure = senFigure(sen)
      if (figure === null) return missingMoney
      return figure.startsWith('-') ? `-RM ${figure.slice(1)}` : `RM ${figure}`
    },

    /** Area in sqm and sqft (1 sqm = 10.7639 sqft, rounded): '186 sqm (2,002 sqft)'. */
    formatArea(sqm: unknown): string {
      const area = toNumber(sqm)
      if (area === null) return missing
      return `${areaNumber.format(area)} sqm (${wholeNumber.format(Math.round(area * SQFT_PER_SQM))} sqft)`
    },

    formatDate,
    formatTime,

    /** A moment in one line: 'Jan 05, 2025, 3:04 PM MYT'. */
    formatDateTime(value: DateInput): string {
      const date = toDate(value)
      return date ? `${formatDate(date)}, ${formatTime(date)}` : missing
    },

    /** A time of day to the second, for "Last refreshed": '3:04:05 PM MYT'. */
    formatClockTime(value: DateInput): string {
      const date = toDate(value)
      return date ? `${plainSpaces(clockFormat.format(date))} ${DISPLAY_TIME_ZONE_LABEL}` : missing
    },

    /** '2024': the year of a moment on the development's clock. */
    formatYear(value: DateInput): string {
      const date = toDate(value)
      return date ? yearFormat.format(date) : missing
    },
  }
}
