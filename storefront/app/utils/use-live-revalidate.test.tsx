import { act, render, screen, waitFor } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, useLoaderData } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { useLiveRevalidate, userBookingsChannel } from '~/utils/use-live-revalidate'

function Bookings({ userId }: { userId: number | null }) {
  const { loads } = useLoaderData() as { loads: number }
  useLiveRevalidate(userBookingsChannel(userId), 50)
  return <p>loaded {loads} times</p>
}

function renderBookings(client: FakeLiveClient, userId: number | null) {
  let loads = 0
  const router = createMemoryRouter([
    { path: '/', loader: () => ({ loads: ++loads }), element: <Bookings userId={userId} /> },
  ])
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return { loads: () => loads }
}

describe('useLiveRevalidate', () => {
  it("listens to the user's own bookings channel and loads the page again once per burst", async () => {
    const client = new FakeLiveClient()
    const page = renderBookings(client, 5)
    await screen.findByText('loaded 1 times')
    await waitFor(() => expect(client.listening).toEqual(['users/5/bookings']))

    act(() => {
      client.push('users/5/bookings', { type: 'booking', bookingId: 9, action: 'approve' })
      client.push('users/5/bookings', { type: 'booking', bookingId: 9, action: 'book' })
    })
    await screen.findByText('loaded 2 times')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(page.loads()).toBe(2)
  })

  it('does not load the page itself while a navigation (a post and its redirect) is loading it', async () => {
    const client = new FakeLiveClient()
    let loads = 0
    let release: () => void = () => {}
    const router = createMemoryRouter([
      {
        path: '/',
        loader: ({ request }) =>
          new URL(request.url).searchParams.has('after')
            ? new Promise((resolve) => (release = () => resolve({ loads: ++loads })))
            : { loads: ++loads },
        element: <Bookings userId={5} />,
      },
    ])
    render(
      <LiveClientContext.Provider value={client}>
        <RouterProvider router={router} future={{ v7_startTransition: true }} />
      </LiveClientContext.Provider>
    )
    await screen.findByText('loaded 1 times')
    act(() => void router.navigate('/?after=post'))
    act(() => client.push('users/5/bookings', { type: 'booking', bookingId: 9, action: 'cancel' }))
    await new Promise((resolve) => setTimeout(resolve, 150))
    act(() => release())
    await screen.findByText('loaded 2 times')
    await new Promise((resolve) => setTimeout(resolve, 150))
    // Only the navigation's own load: the push changed nothing it did not already load.
    expect(loads).toBe(2)
  })

  it('loads the page again when the connection is back after a drop', async () => {
    const client = new FakeLiveClient()
    renderBookings(client, 5)
    await screen.findByText('loaded 1 times')
    act(() => client.reconnect())
    await screen.findByText('loaded 2 times')
  })

  it('listens to nothing without a signed-in user', async () => {
    const client = new FakeLiveClient()
    renderBookings(client, null)
    await screen.findByText('loaded 1 times')
    await waitFor(() => expect(client.subscribed).toEqual([]))
  })
})

describe('userBookingsChannel', () => {
  it('names the channel of one user', () => {
    expect(userBookingsChannel(5)).toBe('users/5/bookings')
    expect(userBookingsChannel('12')).toBe('users/12/bookings')
    expect(userBookingsChannel(null)).toBeNull()
  })
})
