import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter, redirect } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { NotificationBell, unreadBadge, userNotificationsChannel } from '~/components/notification-bell'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'

type Item = { id: number; kind: string; title: string; body: string; link: string; read: boolean; createdAt: string }

function item(id: number, title: string, read = false): Item {
  return {
    id,
    kind: 'booking_status',
    title,
    body: `Body ${id}`,
    link: '/dashboard',
    read,
    createdAt: '2025-06-01T03:00:00.000Z',
  }
}

function renderBell(client: FakeLiveClient, answers: Array<{ items: Item[]; unread: number }>) {
  let loads = 0
  const router = createMemoryRouter([
    { path: '/', element: <NotificationBell userId={7} /> },
    {
      path: '/resources/notifications',
      loader: () => answers[Math.min(loads++, answers.length - 1)],
      // As the real resource route: marks everything read and sends the browser back.
      action: async ({ request }) => redirect(String((await request.formData()).get('redirectTo') ?? '/')),
    },
  ])
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
  return { loads: () => loads }
}

describe('NotificationBell', () => {
  it('shows the unread count, lists the newest, and counts a pushed notification without a reload', async () => {
    const client = new FakeLiveClient()
    const bell = renderBell(client, [
      { items: [item(2, 'Booking approved'), item(1, 'Request received', true)], unread: 1 },
      {
        items: [item(3, 'New booking request'), item(2, 'Booking approved'), item(1, 'Request received', true)],
        unread: 2,
      },
    ])
    expect(await screen.findByTestId('bell-count')).toHaveProperty('textContent', '1')
    await waitFor(() => expect(client.listening).toEqual(['users/7/notifications']))

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    const panel = screen.getByRole('region', { name: 'Notifications' })
    expect(within(panel).getAllByRole('button', { name: /Booking approved|Request received/ })).toHaveLength(2)
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeTruthy()
    // Each one's moment as everywhere else in both apps.
    expect(within(panel).getAllByText('Jun 01, 2025, 11:00 AM MYT')).toHaveLength(2)

    act(() => client.push('users/7/notifications', { type: 'notification', id: 3, title: 'New booking request' }))
    await screen.findByText('New booking request')
    expect(screen.getByTestId('bell-count').textContent).toBe('2')
    expect(bell.loads()).toBe(2)
  })

  it('clears the badge and the tints when everything is marked read, without a reload', async () => {
    const client = new FakeLiveClient()
    const bell = renderBell(client, [
      { items: [item(2, 'Booking approved'), item(1, 'Request received')], unread: 2 },
      { items: [item(2, 'Booking approved', true), item(1, 'Request received', true)], unread: 0 },
    ])
    expect(await screen.findByTestId('bell-count')).toHaveProperty('textContent', '2')
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull())
    const panel = screen.getByRole('region', { name: 'Notifications' })
    await waitFor(() => expect(bell.loads()).toBe(2))
    expect(panel.querySelectorAll('.bell__item--unread')).toHaveLength(0)
    expect(screen.queryByTestId('bell-count')).toBeNull()
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy()
  })

  it('shows no badge and an empty list when nothing is unread', async () => {
    const client = new FakeLiveClient()
    renderBell(client, [{ items: [], unread: 0 }])
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText('No notifications yet.')).toBeTruthy()
    expect(screen.queryByTestId('bell-count')).toBeNull()
  })
})

describe('bell helpers', () => {
  it('names the person’s channel and caps the badge', () => {
    expect(userNotificationsChannel(7)).toBe('users/7/notifications')
    expect(userNotificationsChannel(null)).toBeNull()
    expect(unreadBadge(0)).toBeNull()
    expect(unreadBadge(3)).toBe('3')
    expect(unreadBadge(12)).toBe('9+')
  })
})
