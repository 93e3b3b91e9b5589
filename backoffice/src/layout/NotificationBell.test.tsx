import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { AdminContext, memoryStore, testDataProvider, type AuthProvider, type DataProvider } from 'react-admin'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { NotificationBell, notificationTarget, userNotificationsChannel } from './NotificationBell'

const note = (id: number, title: string, read = false) => ({
  id,
  kind: 'booking_request',
  title,
  body: `Body ${id}`,
  link: `/backoffice/agent/booking-requests?booking=${id}`,
  read,
  createdAt: '2025-06-01T03:00:00.000Z',
})

/** Where the app's router is (the backoffice's routes keep their /backoffice prefix). */
function Address() {
  const location = useLocation()
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>
}

function renderBell(client: FakeLiveClient) {
  let unread = 1
  let items = [note(1, 'New booking request: MKS-07')]
  const getList = vi.fn(async (_resource: string, params: { filter?: { unread?: boolean } }) =>
    params.filter?.unread ? { data: items.slice(0, 1), total: unread } : { data: items, total: items.length }
  )
  const markNotificationRead = vi.fn(async () => ({ id: 1, link: null, unread: 0 }))
  const markAllNotificationsRead = vi.fn(async () => {
    unread = 0
    items = items.map((item) => ({ ...item, read: true }))
    return { unread: 0 }
  })
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => 'agent_admin',
    getIdentity: async () => ({ id: 42, fullName: 'Agent A' }),
  }
  render(
    <MemoryRouter initialEntries={['/backoffice']}>
      <LiveClientContext.Provider value={client}>
        <AdminContext
          basename="/backoffice"
          dataProvider={testDataProvider({
            getList: getList as unknown as DataProvider['getList'],
            markNotificationRead,
            markAllNotificationsRead,
          } as Partial<DataProvider>)}
          authProvider={authProvider}
          store={memoryStore()}
        >
          <NotificationBell />
          <Address />
        </AdminContext>
      </LiveClientContext.Provider>
    </MemoryRouter>
  )
  return {
    getList,
    markNotificationRead,
    markAllNotificationsRead,
    arrive: (title: string) => {
      unread += 1
      items = [note(items.length + 1, title), ...items]
    },
  }
}

describe('NotificationBell', () => {
  it('counts the unread, and a pushed notification updates the count without a reload', async () => {
    const client = new FakeLiveClient()
    const bell = renderBell(client)
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    await waitFor(() => expect(client.listening).toEqual(['users/42/notifications']))

    bell.arrive('New booking request: MKS-08')
    act(() => client.push('users/42/notifications', { type: 'notification', id: 2 }))
    await screen.findByRole('button', { name: 'Notifications, 2 unread' })

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    expect(await screen.findByText('New booking request: MKS-08')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    await screen.findByRole('button', { name: 'Notifications', hidden: true })
    expect(bell.markAllNotificationsRead).toHaveBeenCalledTimes(1)
  })

  it('reads only the count on page load, and the list when the bell is opened', async () => {
    const client = new FakeLiveClient()
    const bell = renderBell(client)
    await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    const lists = () => bell.getList.mock.calls.filter(([, params]) => !params.filter?.unread)
    expect(bell.getList).toHaveBeenCalled()
    expect(lists()).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    expect(await screen.findByText('New booking request: MKS-07')).toBeTruthy()
    expect(lists()).toHaveLength(1)
  })

  it('opening a notification marks it read and goes to the booking it is about, inside the app', async () => {
    const client = new FakeLiveClient()
    const bell = renderBell(client)
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    fireEvent.click(await screen.findByText('New booking request: MKS-07'))

    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
        '/backoffice/agent/booking-requests?booking=1'
      )
    )
    expect(bell.markNotificationRead).toHaveBeenCalledWith(1)
  })

  it('keeps backoffice links whole (the routes carry the basename) and loads the storefront’s as pages', () => {
    expect(notificationTarget('/backoffice/agent/booking-requests?booking=7', '/backoffice')).toEqual({
      inApp: '/backoffice/agent/booking-requests?booking=7',
    })
    expect(notificationTarget('/backoffice/agent/agency-requests', '/backoffice')).toEqual({
      inApp: '/backoffice/agent/agency-requests',
    })
    expect(notificationTarget('/dashboard?booking=7', '/backoffice')).toEqual({ page: '/dashboard?booking=7' })
    expect(notificationTarget('/backofficer', '/backoffice')).toEqual({ page: '/backofficer' })
    expect(notificationTarget(null, '/backoffice')).toBeNull()
  })

  it('names the person’s own channel', () => {
    expect(userNotificationsChannel(42)).toBe('users/42/notifications')
    expect(userNotificationsChannel(undefined)).toBeNull()
  })
})
