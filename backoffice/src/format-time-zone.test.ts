import { afterEach, describe, expect, it } from 'vitest'
import { formatClockTime, formatDate, formatDateTime, formatTime } from './format'

/**
 * The same table is asserted by the storefront (storefront/app/utils/format-time-zone.test.tsx):
 * one booking reads the same in both apps, on any machine.
 */
const MOMENTS = [
  { at: '2026-11-22T17:26:00Z', date: 'Nov 23, 2026', time: '1:26 AM MYT', dateTime: 'Nov 23, 2026, 1:26 AM MYT' },
  { at: '2024-03-05T04:05:00Z', date: 'Mar 05, 2024', time: '12:05 PM MYT', dateTime: 'Mar 05, 2024, 12:05 PM MYT' },
  { at: '2024-12-31T16:00:00Z', date: 'Jan 01, 2025', time: '12:00 AM MYT', dateTime: 'Jan 01, 2025, 12:00 AM MYT' },
  { at: '2025-07-01T09:59:00+08:00', date: 'Jul 01, 2025', time: '9:59 AM MYT', dateTime: 'Jul 01, 2025, 9:59 AM MYT' },
]

const MACHINE_ZONES = ['America/Los_Angeles', 'UTC', 'Asia/Tokyo']
const startingZone = process.env.TZ

afterEach(() => {
  if (startingZone === undefined) delete process.env.TZ
  else process.env.TZ = startingZone
})

describe('dates and times in the development time zone', () => {
  it.each(MACHINE_ZONES)('gives the same text on a machine set to %s', (zone) => {
    process.env.TZ = zone
    for (const moment of MOMENTS) {
      expect(formatDate(moment.at)).toBe(moment.date)
      expect(formatTime(moment.at)).toBe(moment.time)
      expect(formatDateTime(moment.at)).toBe(moment.dateTime)
      expect(formatDateTime(new Date(moment.at).getTime())).toBe(moment.dateTime)
    }
  })

  it('really runs under other machine zones (the check above is not vacuous)', () => {
    process.env.TZ = 'America/Los_Angeles'
    const losAngeles = new Date('2026-11-22T17:26:00Z').getHours()
    process.env.TZ = 'UTC'
    expect(new Date('2026-11-22T17:26:00Z').getHours()).not.toBe(losAngeles)
  })

  it('writes the last-refreshed time to the second, labelled MYT, with plain spaces', () => {
    process.env.TZ = 'America/Los_Angeles'
    expect(formatClockTime(Date.parse('2026-11-22T17:26:09Z'))).toBe('1:26:09 AM MYT')
    expect(formatDateTime('2026-11-22T17:26:00Z')).not.toMatch(/[\u202f\u00a0]/)
  })

  it('shows N/A for a missing or unreadable moment', () => {
    expect(formatDateTime(null)).toBe('N/A')
    expect(formatDate('not a date')).toBe('N/A')
    expect(formatClockTime(undefined)).toBe('N/A')
  })
})
