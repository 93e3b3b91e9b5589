import { act, render, screen } from '@testing-library/react'
import { AdminContext, memoryStore, testDataProvider, useGetList, type DataProvider } from 'react-admin'
import { describe, expect, it, vi } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveAnnouncer } from './LiveAnnouncer'
import { LiveClientContext } from '@aero/shared/live-client'
import { ADMIN_BOOKINGS_CHANNEL, describeBookingMessage } from './messages'
import { useLiveRefresh } from './useLiveRefresh'

function Bookings({ channel }: { channel: string | null }) {
  const { data } = useGetList('admin/bookings', { pagination: { page: 1, perPage: 25 } })
  const announcement = useLiveRefresh(channel, describeBookingMessage, { delayMs: 50 })
  return (
    <>
      <LiveAnnouncer text={announcement} />
      <p>{data ? `${data.length} bookings` : 'loading'}</p>
    </>
  )
}

function renderBookings(client: FakeLiveClient, channel: string | null = ADMIN_BOOKINGS_CHANNEL) {
  const getList = vi.fn(async () => ({ data: [{ id: 1 }], total: 1 }))
  render(
    <LiveClientContext.Provider value={client}>
      <AdminContext
        dataProvider={testDataProvider({ getList: getList as unknown as DataProvider['getList'] })}
        store={memoryStore()}
      >
        <Bookings channel={channel} />
      </AdminContext>
    </LiveClientContext.Provider>
  )
  return getList
}

const change = (bookingId: number, to: string) => ({
  type: 'booking',
  bookingId,
  lotId: 7,
  action: 'approve',
  from: 'pending_agent',
  to,
  at: '2025-03-01T02:05:00.000Z',
})

const announcer = () => document.querySelector('[aria-live="polite"].live-announcer')!

describe('useLiveRefresh', () => {
  it('refreshes the list once per burst of changes and says what changed', async () => {
    const client = new FakeLiveClient()
    const getList = renderBookings(client)
    await screen.findByText('1 bookings')
    expect(client.listening).toEqual(['admin/bookings'])
    expect(getList).toHaveBeenCalledTimes(1)

    act(() => {
      client.push('admin/bookings', change(41, 'pending_admin'))
      client.push('admin/bookings', change(42, 'sold'))
    })
    expect(announcer().textContent).toBe('Booking 41 is now Pending Your Approval. Booking 42 is now Sold.')
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(getList).toHaveBeenCalledTimes(2)
  })

  it('ignores what it does not recognise', async () => {
    const client = new FakeLiveClient()
    const getList = renderBookings(client)
    await screen.findByText('1 bookings')
    act(() => client.push('admin/bookings', { type: 'something-else' }))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(getList).toHaveBeenCalledTimes(1)
    expect(announcer().textContent).toBe('')
  })

  it('refreshes when the connection is back after a drop', async () => {
    const client = new FakeLiveClient()
    const getList = renderBookings(client)
    await screen.findByText('1 bookings')
    act(() => client.reconnect())
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2))
  })

  it('listens to nothing without a channel', async () => {
    const client = new FakeLiveClient()
    renderBookings(client, null)
    await screen.findByText('1 bookings')
    expect(client.subscribed).toEqual([])
  })
})
