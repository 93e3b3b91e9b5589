import { describe, expect, it } from 'vitest'
import { actionLabel, changesSummary, fieldChanges, fieldLabel, formatAuditValue, subjectText } from './types'

describe('audit entries in words', () => {
  it('names every recorded action, and an unknown one readably', () => {
    expect(actionLabel('user.role_changed')).toBe('User role changed')
    expect(actionLabel('booking.booked')).toBe('Booking marked booked')
    expect(actionLabel('portfolio.shared')).toBe('Portfolio shared')
  })

  it('names the subject by its label, or its type and id', () => {
    expect(subjectText({ subjectType: 'lot', subjectId: 5, subjectLabel: 'MKS-05 (lot 5)' })).toBe(
      'Lot: MKS-05 (lot 5)'
    )
    expect(subjectText({ subjectType: 'membership_request', subjectId: 9, subjectLabel: null })).toBe(
      'Membership request #9'
    )
  })

  it('lists the changed fields with their values before and after', () => {
    expect(fieldChanges({ before: { price: 1, status: 'available' }, after: { price: 2, status: 'locked' } })).toEqual([
      { id: 'price', field: 'price', before: 1, after: 2 },
      { id: 'status', field: 'status', before: 'available', after: 'locked' },
    ])
    expect(fieldChanges({ before: null, after: { name: 'Kampar' } })).toEqual([
      { id: 'name', field: 'name', before: undefined, after: 'Kampar' },
    ])
    expect(changesSummary({ before: null, after: null })).toBe('—')
    expect(changesSummary({ before: null, after: { a: 1, b: 2, c: 3, landSizeSqm: 4, builtUpSqm: 5, price: 6 } })).toBe(
      'A, B, C, Land size sqm and 2 more'
    )
  })

  it('formats field names and values', () => {
    expect(fieldLabel('agencyStatusDate')).toBe('Agency status date')
    expect(formatAuditValue(null)).toBe('—')
    expect(formatAuditValue('')).toBe('—')
    expect(formatAuditValue(false)).toBe('No')
    expect(formatAuditValue(468000)).toBe('468000')
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}')
  })
})
