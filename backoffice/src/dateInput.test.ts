import { describe, expect, it } from 'vitest'
import { instantFromInput, localInputValue, zonedIso } from './dateInput'

describe('date-time inputs', () => {
  it("sends the browser's local time as an instant, and an instant as it is", () => {
    const local = '2026-03-01T09:30'
    expect(instantFromInput(local)).toBe(new Date(2026, 2, 1, 9, 30).toISOString())
    expect(instantFromInput('2026-03-01T01:30:00.000Z')).toBe('2026-03-01T01:30:00.000Z')
    expect(instantFromInput('')).toBeNull()
    expect(instantFromInput(null)).toBeNull()
    expect(instantFromInput('not a date')).toBeNull()
  })

  it('shows a moment in the browser’s local time, to the minute, and reads it back', () => {
    const at = new Date(2026, 11, 1, 9, 5, 42)
    expect(localInputValue(at)).toBe('2026-12-01T09:05')
    expect(instantFromInput(localInputValue(at))).toBe(new Date(2026, 11, 1, 9, 5).toISOString())
  })

  it('reads a datetime-local value as Malaysia time and gives it with its offset', () => {
    expect(zonedIso('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+08:00')
    expect(zonedIso('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T09:30:00-04:00')
    expect(zonedIso('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T09:30:00-05:00')
    expect(zonedIso('2026-12-01T09:00', 'UTC')).toBe('2026-12-01T09:00:00+00:00')
    expect(zonedIso('')).toBeNull()
    expect(zonedIso('2026-02-30T09:00')).toBeNull()
  })
})
