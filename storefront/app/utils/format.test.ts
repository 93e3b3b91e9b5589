import { describe, expect, it } from 'vitest'
import {
  bookingStatusLabel,
  formatArea,
  formatDate,
  formatDateTime,
  formatPrice,
  formatPriceFigure,
  formatRM,
  formatSen,
  formatTime,
  formatYear,
  lotStatusTone,
  shortBookingId,
  sqmToSqft,
} from '~/utils/format'

describe('formatRM', () => {
  it('shows ringgit with thousands separators and no decimals', () => {
    expect(formatRM(450000)).toBe('RM 450,000')
    expect(formatRM(1234567.89)).toBe('RM 1,234,568')
    expect(formatRM(0)).toBe('RM 0')
  })

  it('reads prices sent as text', () => {
    expect(formatRM('520,000')).toBe('RM 520,000')
    expect(formatRM('RM 600000.00')).toBe('RM 600,000')
  })

  it('says nothing it cannot know', () => {
    expect(formatRM(null)).toBe('RM -')
    expect(formatRM('TBA')).toBe('RM -')
    expect(formatRM('')).toBe('RM -')
  })
})

describe('formatSen', () => {
  it('shows an amount in sen exactly: whole ringgit as every amount reads, sen when it has them', () => {
    expect(formatSen(123_456_789)).toBe('RM 1,234,567.89')
    expect(formatSen(45_000_000)).toBe('RM 450,000')
    expect(formatSen(45_000_005)).toBe('RM 450,000.05')
    expect(formatSen(50)).toBe('RM 0.50')
    expect(formatSen(0)).toBe('RM 0')
    expect(formatSen(-1_000_000)).toBe('-RM 10,000')
    // Up to the price lists' cap and beyond, without a sen lost to floating point.
    expect(formatSen(9_999_999_999_99)).toBe('RM 9,999,999,999.99')
  })

  it('refuses anything but a whole number of sen', () => {
    expect(formatSen(null)).toBe('RM -')
    expect(formatSen(12.5)).toBe('RM -')
    expect(formatSen('abc')).toBe('RM -')
    expect(formatSen('4500')).toBe('RM 45')
  })
})

describe('formatPrice', () => {
  it('prefers the exact price in sen, else the whole-RM price', () => {
    expect(formatPrice({ price: 468_124, priceSen: 46_812_345 })).toBe('RM 468,123.45')
    expect(formatPrice({ price: 450_000, priceSen: null })).toBe('RM 450,000')
    expect(formatPrice({ price: '520000' })).toBe('RM 520,000')
    expect(formatPrice({ price: null, priceSen: null })).toBe('RM -')
    expect(formatPrice(null)).toBe('RM -')
  })

  it("drops 'RM' for cells headed 'Price (RM)'", () => {
    expect(formatPriceFigure({ price: 468_124, priceSen: 46_812_345 })).toBe('468,123.45')
    expect(formatPriceFigure({ price: 450_000 })).toBe('450,000')
    expect(formatPriceFigure({ price: null })).toBe('-')
  })
})

describe('area', () => {
  it('converts square metres to rounded square feet', () => {
    expect(sqmToSqft(186)).toBe(2002)
    expect(sqmToSqft(201)).toBe(2164)
    expect(sqmToSqft('1')).toBe(11)
    expect(sqmToSqft(null)).toBeNull()
  })

  it('shows both units', () => {
    expect(formatArea(186)).toBe('186 sqm (2,002 sqft)')
    expect(formatArea(undefined)).toBe('-')
  })
})

describe('dates', () => {
  const moment = '2024-03-05T14:05:00Z'

  it("formats dates as 'MMM dd, yyyy' on the development's clock (Malaysia, UTC+8)", () => {
    expect(formatDate(moment)).toBe('Mar 05, 2024')
    expect(formatDate('2024-12-31T20:00:00Z')).toBe('Jan 01, 2025')
    expect(formatYear('2024-12-31T20:00:00Z')).toBe('2025')
  })

  it("formats times as 'h:mm a', labelled MYT", () => {
    expect(formatTime(moment)).toBe('10:05 PM MYT')
    expect(formatTime('2024-03-04T16:07:00Z')).toBe('12:07 AM MYT')
    expect(formatDateTime('2026-11-22T17:26:00Z')).toBe('Nov 23, 2026, 1:26 AM MYT')
  })

  it('shows a dash for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-')
    expect(formatDate('not a date')).toBe('-')
    expect(formatTime(undefined)).toBe('-')
    expect(formatDateTime('')).toBe('-')
  })
})

describe('shortBookingId', () => {
  it('shows the last 6 characters', () => {
    expect(shortBookingId('65f1c2ab9d3e4f0012a7b9c4')).toBe('a7b9c4')
    expect(shortBookingId(1234567)).toBe('234567')
    expect(shortBookingId(42)).toBe('42')
    expect(shortBookingId(null)).toBe('-')
  })
})

describe('status labels and colours', () => {
  it('names booking statuses in words', () => {
    expect(bookingStatusLabel('pending_agent')).toBe('Pending Agency Approval')
    expect(bookingStatusLabel('pending_admin')).toBe('Pending Admin Approval')
    expect(bookingStatusLabel('approved')).toBe('Booked')
    expect(bookingStatusLabel('rejected_by_agent')).toBe('Rejected by Agent')
    expect(bookingStatusLabel(undefined)).toBe('Unknown')
  })

  it('colours lot badges as the spec says', () => {
    expect(lotStatusTone('available')).toBe('green')
    expect(lotStatusTone('reserved')).toBe('yellow')
    expect(lotStatusTone('sold')).toBe('red')
    expect(lotStatusTone('booked')).toBe('blue')
    expect(lotStatusTone('something-else')).toBe('grey')
  })
})
