import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { formatHoldLength, formatHoldRemaining, holdRemainingMs } from '@aero/shared/hold-clock'
import { HoldCountdown } from './HoldCountdown'
import { HoldSection, REASON_REQUIRED } from './HoldSection'
import { bookingWithDocuments } from './bookingFixture'

const fetchMock = vi.fn<typeof fetch>()

const renderInAdmin = (ui: React.ReactNode) =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        {ui}
      </AdminContext>
    </MemoryRouter>
  )

describe('the hold countdown format', () => {
  it('counts mm:ss under an hour, hours and minutes under a day, days and hours beyond', () => {
    expect(formatHoldRemaining(59 * 60_000 + 59_000)).toBe('59:59')
    expect(formatHoldRemaining(4 * 60_000 + 9_000)).toBe('04:09')
    expect(formatHoldRemaining(60 * 60_000)).toBe('1 h 0 m')
    expect(formatHoldRemaining(2 * 86_400_000 + 3 * 3_600_000 + 59 * 60_000)).toBe('2 d 3 h')
    expect(formatHoldRemaining(-1)).toBe('Expired')
    expect(formatHoldLength(30)).toBe('30 minutes')
    expect(formatHoldLength(150)).toBe('2 hours 30 minutes')
    expect(formatHoldLength(7 * 1440)).toBe('7 days')
  })

  it("measures from the server's deadline, never below zero", () => {
    expect(holdRemainingMs('2026-03-05T06:30:00.000Z', Date.parse('2026-03-05T06:00:00.000Z'))).toBe(1_800_000)
    expect(holdRemainingMs('2026-03-05T06:30:00.000Z', Date.parse('2026-03-05T06:31:00.000Z'))).toBe(0)
    expect(holdRemainingMs(null, 0)).toBeNull()
  })
})

describe('HoldCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2026-03-05T06:00:00.000Z'))
  })
  afterEach(() => vi.useRealTimers())

  it("shows the server's deadline in MYT and counts down to it every second", () => {
    const heldUntil = '2026-03-05T06:30:00.000Z'
    const { container } = render(<HoldCountdown heldUntil={heldUntil} />)
    expect(container.textContent).toContain('Held until Mar 05, 2026, 2:30 PM MYT')
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(heldUntil)
    expect(screen.getByRole('timer').textContent).toBe('(30:00 left)')
    act(() => vi.advanceTimersByTime(5_000))
    expect(screen.getByRole('timer').textContent).toBe('(29:55 left)')
    act(() => vi.advanceTimersByTime(30 * 60_000))
    expect(screen.getByRole('timer').textContent).toBe('(Expired)')
  })

  it('shows nothing for a booking whose hold does not run', () => {
    const { container } = render(<HoldCountdown heldUntil={null} />)
    expect(container.textContent).toBe('')
  })
})

describe('extending a hold', () => {
  beforeEach(() => {
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
  })

  const pending = () => ({
    ...bookingWithDocuments(),
    heldUntil: new Date(Date.now() + 20 * 60_000).toISOString(),
    canExtendHold: true,
  })

  it('offers Extend hold only when the API says the viewer may', () => {
    renderInAdmin(<HoldSection booking={{ ...pending(), canExtendHold: false }} />)
    expect(screen.getByRole('timer')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Extend hold' })).toBeNull()
  })

  it('requires a reason, then sends the chosen duration and the reason', async () => {
    const booking = pending()
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ id: booking.id, message: 'Hold extended.', heldUntil: booking.heldUntil }))
    )
    renderInAdmin(<HoldSection booking={booking} />)
    fireEvent.click(screen.getByRole('button', { name: 'Extend hold' }))
    const dialog = await screen.findByRole('dialog', { name: 'Extend hold' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend hold' }))
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Buyer at the bank' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend hold' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const [url, init] = fetchMock.mock.calls[0]
    expect(String(url)).toBe(`/api/bookings/${booking.id}/extend-hold`)
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ minutes: 30, reason: 'Buyer at the bank' })
  })
})
