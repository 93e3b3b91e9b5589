import { describe, expect, it } from 'vitest'
import { bookingBadge, bookingReference, formatArea, formatRM, lotBadge, toCsv } from './format'

describe('money and area', () => {
  it('shows RM without decimals, whatever the input', () => {
    expect(formatRM(468000)).toBe('RM 468,000')
    expect(formatRM(468000.6)).toBe('RM 468,001')
    expect(formatRM('RM 1,200,000')).toBe('RM 1,200,000')
    expect(formatRM(null)).toBe('N/A')
  })

  it('shows sqm and sqft (x 10.7639, rounded)', () => {
    expect(formatArea(186)).toBe('186 sqm (2,002 sqft)')
    expect(formatArea(201)).toBe('201 sqm (2,164 sqft)')
    expect(formatArea(null)).toBe('N/A')
  })
})

describe('bookings', () => {
  it('shows the last 6 characters of the id', () => {
    expect(bookingReference('65f1a2b3c4d5e6f7a8b9c0d1')).toBe('b9c0d1')
    expect(bookingReference(42)).toBe('42')
  })

  it('labels pending_admin for the super admin; Booked covers booked and approved', () => {
    expect(bookingBadge('pending_admin').label).toBe('Pending Your Approval')
    expect(bookingBadge('approved').label).toBe('Booked')
    expect(bookingBadge('booked').label).toBe('Booked')
    expect(bookingBadge('rejected_by_agent').label).toBe('Rejected')
  })

  it('colours lots: available green, reserved yellow, sold red, booked blue', () => {
    expect(['available', 'reserved', 'sold', 'booked'].map((status) => lotBadge(status).color)).toEqual([
      'success',
      'warning',
      'error',
      'info',
    ])
  })
})

describe('toCsv', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    const csv = toCsv(
      [
        { name: 'Tan, "Daniel"', note: '=HYPERLINK("x")', price: -5 },
        { name: 'Line\nbreak', note: null, price: 468000 },
      ],
      [
        { header: 'Name', value: (row) => row.name },
        { header: 'Note', value: (row) => row.note },
        { header: 'Price (RM)', value: (row) => row.price },
      ]
    )
    expect(csv).toBe('Name,Note,Price (RM)\r\n"Tan, ""Daniel""","\'=HYPERLINK(""x"")",-5\r\n"Line\nbreak",,468000')
  })
})
