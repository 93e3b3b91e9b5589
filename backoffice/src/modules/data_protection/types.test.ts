import { describe, expect, it } from 'vitest'
import { clockText, durationText, recipientsFrom, type BreachClock } from './types'

const clock = (overrides: Partial<BreachClock>): BreachClock => ({
  state: 'running',
  deadline: '2026-03-04T01:00:00.000Z',
  notifiedAt: null,
  secondsLeft: 0,
  late: false,
  ...overrides,
})

describe('breach clocks in words', () => {
  it('says how long in the two largest units', () => {
    expect(durationText(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h')
    expect(durationText(5 * 3600 + 12 * 60)).toBe('5 h 12 min')
    expect(durationText(-(8 * 3600 + 60))).toBe('8 h 1 min')
    expect(durationText(30)).toBe('0 min')
  })

  it('says time left, overdue, not started or done', () => {
    expect(clockText(clock({ secondsLeft: 3600 * 70 }))).toMatch(/^2 d 22 h left \(due .*2026.*\)$/)
    expect(clockText(clock({ state: 'overdue', secondsLeft: -3600 * 8 }))).toMatch(/^Overdue by 8 h 0 min \(was due /)
    expect(clockText(clock({ state: 'waiting', deadline: null, secondsLeft: null }))).toBe(
      'Starts when the Commissioner is notified'
    )
    expect(clockText(clock({ state: 'done', notifiedAt: '2026-03-03T01:00:00.000Z', late: true }))).toMatch(
      /^Notified .*\(late\)$/
    )
  })

  it('reads the addresses typed one per line or separated by commas', () => {
    expect(recipientsFrom(' a@example.my,b@example.my\n\nc@example.my ; d@example.my ')).toEqual([
      'a@example.my',
      'b@example.my',
      'c@example.my',
      'd@example.my',
    ])
  })
})
