import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HoldCountdown } from '~/components/account/hold-countdown'
import { bookingRow } from '~/utils/user-bookings'
import { formatHoldRemaining, holdRemainingMs } from '@aero/shared/hold-clock'
import type { UserBooking } from '~/models/user-booking'

describe('the hold countdown format', () => {
  it('counts mm:ss under an hour, hours and minutes under a day, days and hours beyond', () => {
    expect(formatHoldRemaining(59 * 60_000 + 59_000)).toBe('59:59')
    expect(formatHoldRemaining(4 * 60_000 + 9_000)).toBe('04:09')
    expect(formatHoldRemaining(999)).toBe('00:01')
    expect(formatHoldRemaining(60 * 60_000)).toBe('1 h 0 m')
    expect(formatHoldRemaining(5 * 3_600_000 + 3 * 60_000 + 59_000)).toBe('5 h 3 m')
    expect(formatHoldRemaining(2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000)).toBe('2 d 3 h')
    expect(formatHoldRemaining(0)).toBe('Expired')
  })

  it("measures from the server's deadline, never below zero", () => {
    const heldUntil = '2026-03-05T06:30:00.000Z'
    expect(holdRemainingMs(heldUntil, Date.parse('2026-03-05T06:00:00.000Z'))).toBe(30 * 60_000)
    expect(holdRemainingMs(heldUntil, Date.parse('2026-03-05T07:00:00.000Z'))).toBe(0)
    expect(holdRemainingMs(null, Date.now())).toBeNull()
    expect(holdRemainingMs('not a date', Date.now())).toBeNull()
  })
})

describe('HoldCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-03-05T06:00:00.000Z'))
  })
  afterEach(() => vi.useRealTimers())

  it("shows the server's deadline in MYT and counts down to it live", () => {
    const server = { heldUntil: '2026-03-05T06:30:00.000Z' } as Pick<UserBooking, 'heldUntil'>
    const row = bookingRow({ ...minimalBooking, ...server })
    expect(row.heldUntil).toBe(server.heldUntil)
    const { container } = render(<HoldCountdown heldUntil={row.heldUntil!} />)
    expect(container.textContent).toContain('Held until Mar 05, 2026, 2:30 PM MYT')
    expect(container.querySelector('time')?.getAttribute('dateTime')).toBe(server.heldUntil)
    expect(screen.getByRole('timer').textContent).toBe('(30:00 left)')
    act(() => vi.advanceTimersByTime(61_000))
    expect(screen.getByRole('timer').textContent).toBe('(28:59 left)')
    act(() => vi.advanceTimersByTime(29 * 60_000))
    expect(screen.getByRole('timer').textContent).toBe('(Expired)')
  })
})

const minimalBooking: UserBooking = {
  id: 41,
  _id: 41,
  status: 'pending_agent',
  createdAt: '2026-03-05T06:00:00.000Z',
  updatedAt: null,
  lotId: 7,
  unitId: null,
  lot: null,
  unit: null,
  propertyName: null,
  propertyPhase: 4,
  lotNumber: '41',
  unitNumber: null,
  lotType: null,
  buildUp: null,
  landSize: null,
  creatorName: null,
  creatorEmail: null,
  creatorPhone: null,
  contactPhone: null,
  user: null,
  agency: null,
  requestMessage: null,
  agentNotes: null,
  adminNotes: null,
  cancellationDate: null,
  allowedActions: ['cancel'],
}
