import { render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import AgentBookingRequestList from '../agent/AgentBookingRequestList'
import { AGENT_BOOKINGS_ENDPOINT, AGENT_BOOKINGS_RESOURCE } from '../agent/types'
import { formatDuration, timeInQueue, type QueuePosition } from '../queue'
import { ApprovalTimesCard } from '../widgets/ApprovalTimes'
import { bookingWithDocuments } from './bookingFixture'

const HOUR = 3600_000
const now = Date.now()
const queue = (waitedHours: number, targetHours: number): QueuePosition => ({
  tier: 'agent',
  since: new Date(now - waitedHours * HOUR).toISOString(),
  targetMinutes: targetHours * 60,
  dueAt: new Date(now - (waitedHours - targetHours) * HOUR).toISOString(),
  overdue: waitedHours >= targetHours,
})

describe('time in queue', () => {
  it('words a duration to its two largest units', () => {
    expect(formatDuration(45 * 60)).toBe('45 min')
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe('3 h 20 min')
    expect(formatDuration(3 * 3600)).toBe('3 h')
    expect(formatDuration(52 * 3600)).toBe('2 d 4 h')
    expect(formatDuration(-5)).toBe('0 min')
  })

  it('says overdue in words when the backend says so, with how late; otherwise the target', () => {
    expect(timeInQueue(queue(30, 24), new Date(now))).toEqual({
      waited: '1 d 6 h',
      overdue: true,
      text: 'Waiting 1 d 6 h · overdue by 6 h',
    })
    expect(timeInQueue(queue(2, 24), new Date(now))?.text).toBe('Waiting 2 h · target 1 d')
    expect(timeInQueue(null)).toBeNull()
  })
})

const fetchMock = vi.fn<typeof fetch>()
const late = bookingWithDocuments({ id: 51, _id: 51, unitNumber: 'AIH-B51', queue: queue(30, 24), overdue: true })
const onTime = bookingWithDocuments({ id: 52, _id: 52, unitNumber: 'AIH-B52', queue: queue(2, 24), overdue: false })
const decided = bookingWithDocuments({ id: 53, _id: 53, unitNumber: 'AIH-B53', status: 'pending_admin', queue: null })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify([late, onTime, decided]), {
        headers: { 'Content-Type': 'application/json', 'Content-Range': 'bookings 0-2/3' },
      })
  )
})

describe('the agent booking requests list', () => {
  it('asks for the longest waiting first and marks the overdue row in words', async () => {
    render(
      <MemoryRouter>
        <AdminContext
          dataProvider={createDataProvider({ endpoints: { [AGENT_BOOKINGS_RESOURCE]: AGENT_BOOKINGS_ENDPOINT } })}
          i18nProvider={defaultI18nProvider}
          store={memoryStore()}
        >
          <AgentBookingRequestList />
        </AdminContext>
      </MemoryRouter>
    )
    const rows = await screen.findAllByRole('row')
    const url = new URL(String(fetchMock.mock.calls[0][0]), 'http://backoffice.test')
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['statusChangedAt', 'ASC'])
    const rowOf = (unit: string) => rows.find((row) => row.textContent?.includes(unit))!
    expect(within(rowOf('AIH-B51')).getByText('Overdue')).toBeTruthy()
    expect(within(rowOf('AIH-B51')).getByLabelText('Waiting 1 d 6 h · overdue by 6 h')).toBeTruthy()
    expect(within(rowOf('AIH-B52')).getByText('2 h')).toBeTruthy()
    expect(within(rowOf('AIH-B52')).queryByText('Overdue')).toBeNull()
    expect(within(rowOf('AIH-B53')).queryByText('Overdue')).toBeNull()
  })
})

describe('the approval times card', () => {
  it('shows each tier’s median, p90 and overdue count as the backend counted them', () => {
    render(
      <ApprovalTimesCard
        figures={{
          windowDays: 30,
          tiers: {
            agent: { decisions: 5, medianSeconds: 3 * 3600, p90Seconds: 10 * 3600, overdue: 2 },
            developer: { decisions: 0, medianSeconds: null, p90Seconds: null, overdue: 0 },
          },
        }}
      />
    )
    const card = screen.getByRole('region', { name: 'Approval times' })
    expect(within(card).getByText('Median: 3 h')).toBeTruthy()
    expect(within(card).getByText('90th percentile: 10 h')).toBeTruthy()
    expect(within(card).getByText('Overdue now: 2')).toBeTruthy()
    expect(within(card).getByText('Median: —')).toBeTruthy()
    expect(within(card).getByText('None overdue')).toBeTruthy()
  })
})
