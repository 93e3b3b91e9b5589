import { describe, expect, it } from 'vitest'
import { SESSION_WARNING_MS, isExpiringSoon, remainingMs, timeLeftText } from '~/utils/session'

const MINUTE = 60_000

describe('timeLeftText', () => {
  it("says 'less than a minute', '1 minute' or 'N minutes'", () => {
    expect(timeLeftText(0)).toBe('less than a minute')
    expect(timeLeftText(59_999)).toBe('less than a minute')
    expect(timeLeftText(MINUTE)).toBe('1 minute')
    expect(timeLeftText(2 * MINUTE - 1)).toBe('1 minute')
    expect(timeLeftText(2 * MINUTE)).toBe('2 minutes')
    expect(timeLeftText(30 * MINUTE + 5_000)).toBe('30 minutes')
    expect(timeLeftText(60 * MINUTE)).toBe('60 minutes')
  })

  it('never shows a negative time', () => {
    expect(timeLeftText(-5_000)).toBe('less than a minute')
  })
})

describe('isExpiringSoon', () => {
  it('warns when an hour or less remains, and not once it is over', () => {
    expect(isExpiringSoon(SESSION_WARNING_MS)).toBe(true)
    expect(isExpiringSoon(SESSION_WARNING_MS + 1)).toBe(false)
    expect(isExpiringSoon(1)).toBe(true)
    expect(isExpiringSoon(0)).toBe(false)
    expect(isExpiringSoon(-1)).toBe(false)
    expect(isExpiringSoon(null)).toBe(false)
  })
})

describe('remainingMs', () => {
  it('reads the ISO expiry against a clock', () => {
    const now = Date.parse('2025-01-01T10:00:00Z')
    expect(remainingMs('2025-01-01T10:30:00.000Z', now)).toBe(30 * MINUTE)
    expect(remainingMs('2025-01-01T09:59:00Z', now)).toBe(-MINUTE)
  })

  it('is null when there is nothing to read', () => {
    expect(remainingMs(null, 0)).toBeNull()
    expect(remainingMs('', 0)).toBeNull()
    expect(remainingMs('not a date', 0)).toBeNull()
  })
})
