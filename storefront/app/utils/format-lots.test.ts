import { describe, expect, it } from 'vitest'
import {
  formatSqftFromSqm,
  formatSqm,
  formatWholeNumber,
  landAreaOrDefault,
  lotStatusLabel,
  lotStatusTone,
  lotTypeCodeOf,
  lotTypeLabel,
  percentOf,
  propertyStatusTone,
  toLotTypeCode,
  truncateText,
} from '~/utils/format'

describe('lot types', () => {
  it('reads A, B and C in any case, and nothing else', () => {
    expect(toLotTypeCode('a')).toBe('A')
    expect(toLotTypeCode(' C ')).toBe('C')
    expect(toLotTypeCode('D')).toBeNull()
    expect(toLotTypeCode(undefined)).toBeNull()
  })

  it("takes a lot's code, or reads it from the type name", () => {
    expect(lotTypeCodeOf({ typeCode: 'B', type: 'whatever' })).toBe('B')
    expect(lotTypeCodeOf({ typeCode: null, type: 'CORNER (A)' })).toBe('A')
    expect(lotTypeCodeOf({ type: 'END LOT (C)' })).toBe('C')
    expect(lotTypeCodeOf({ type: 'Factory' })).toBeNull()
  })

  it('labels A Corner, B Intermediate, C End Lot', () => {
    expect(lotTypeLabel({ typeCode: 'A' })).toBe('Corner (A)')
    expect(lotTypeLabel({ type: 'INTERMEDIATE (B)' })).toBe('Intermediate (B)')
    expect(lotTypeLabel({ type: 'END LOT (C)' })).toBe('End Lot (C)')
    expect(lotTypeLabel({ type: 'Warehouse' })).toBe('Warehouse')
  })
})

describe('land area fallbacks (requirements: display.md#default-land-area)', () => {
  it("falls back to 201 sqm for 'CORNER (A)' and 186 otherwise", () => {
    expect(landAreaOrDefault(null, 'CORNER (A)')).toBe(201)
    expect(landAreaOrDefault(undefined, 'corner (a)')).toBe(201)
    expect(landAreaOrDefault(null, 'INTERMEDIATE (B)')).toBe(186)
    expect(landAreaOrDefault('', null)).toBe(186)
  })

  it('keeps a real area', () => {
    expect(landAreaOrDefault(210.5, 'CORNER (A)')).toBe(210.5)
    expect(landAreaOrDefault('195', 'END LOT (C)')).toBe(195)
  })

  it('shows sqm and rounded sqft', () => {
    expect(formatSqm(186)).toBe('186 sqm')
    expect(formatSqm(186.25)).toBe('186.25 sqm')
    expect(formatSqftFromSqm(186)).toBe('2,002 sqft')
    expect(formatSqftFromSqm(201)).toBe('2,164 sqft')
    expect(formatSqm(null)).toBe('-')
  })
})

describe('statuses', () => {
  it('colours lots: available green, reserved yellow, booked blue, sold red, locked and pending grey', () => {
    expect(lotStatusTone('available')).toBe('green')
    expect(lotStatusTone('reserved')).toBe('yellow')
    expect(lotStatusTone('booked')).toBe('blue')
    expect(lotStatusTone('sold')).toBe('red')
    expect(lotStatusTone('locked')).toBe('grey')
    expect(lotStatusTone('pending')).toBe('grey')
  })

  it('labels statuses for people', () => {
    expect(lotStatusLabel('available')).toBe('Available')
    expect(lotStatusLabel('locked')).toBe('Locked')
    expect(lotStatusLabel(null)).toBe('Unknown')
  })

  it('colours shared properties: active green, pending yellow, sold red', () => {
    expect(propertyStatusTone('active')).toBe('green')
    expect(propertyStatusTone('pending')).toBe('yellow')
    expect(propertyStatusTone('sold')).toBe('red')
    expect(propertyStatusTone('other')).toBe('grey')
  })
})

describe('numbers and text', () => {
  it('writes whole numbers with separators for Price (RM) cells', () => {
    expect(formatWholeNumber(459000)).toBe('459,000')
    expect(formatWholeNumber('RM 628,000.40')).toBe('628,000')
    expect(formatWholeNumber(null)).toBe('-')
  })

  it('limits description previews to 100 characters', () => {
    const text =
      'Two-storey intermediate shop lot in Phase 4 of the Aero Industrial Hub, on the row facing the main road. Minutes from KLIA.'
    const preview = truncateText(text, 100)
    expect(preview.length).toBeLessThanOrEqual(101)
    expect(preview.endsWith('…')).toBe(true)
    expect(text.startsWith(preview.slice(0, -1))).toBe(true)
    expect(truncateText('Short text.', 100)).toBe('Short text.')
    expect(truncateText(null)).toBe('')
  })

  it('rounds a share to a whole percentage', () => {
    expect(percentOf(10, 16)).toBe(63)
    expect(percentOf(0, 0)).toBe(0)
  })
})
