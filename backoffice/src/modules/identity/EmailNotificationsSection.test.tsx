import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../dataProvider'
import type { EmailPreference } from './dataProvider'
import EmailNotificationsSection, { EMAIL_NOTIFICATION_TEXTS } from './EmailNotificationsSection'

const fetchMock = vi.fn<typeof fetch>()
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

let stored: EmailPreference[]
let refuse: string | null
const puts: unknown[] = []

beforeEach(() => {
  stored = [
    { kind: 'booking_status', label: 'My bookings: a decision', email: true },
    { kind: 'booking_request', label: 'My agency: a new booking request', email: true },
  ]
  refuse = null
  puts.length = 0
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path !== '/api/notifications/preferences') return json({ message: 'Not found' }, 404)
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { preferences: Array<{ kind: string; email: boolean }> }
      puts.push(body)
      if (refuse)
        return json({ message: 'Validation failed', errors: [{ field: 'preferences.0.kind', message: refuse }] }, 422)
      stored = stored.map((p) => ({ ...p, email: body.preferences.find((c) => c.kind === p.kind)?.email ?? p.email }))
    }
    return json(stored)
  })
})

const renderSection = () =>
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <EmailNotificationsSection />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )

describe('My Profile: email notifications', () => {
  it('shows a switch per kind the backend lists, and saves one as it is turned off', async () => {
    renderSection()
    const section = await screen.findByRole('region', { name: EMAIL_NOTIFICATION_TEXTS.title })
    const request = await within(section).findByRole('switch', { name: 'My agency: a new booking request' })
    expect((request as HTMLInputElement).checked).toBe(true)
    expect(within(section).getAllByRole('switch')).toHaveLength(2)

    fireEvent.click(request)
    expect(await screen.findByText(EMAIL_NOTIFICATION_TEXTS.saved)).toBeTruthy()
    expect(puts).toEqual([{ preferences: [{ kind: 'booking_request', email: false }] }])
    await waitFor(() =>
      expect(
        (within(section).getByRole('switch', { name: 'My agency: a new booking request' }) as HTMLInputElement).checked
      ).toBe(false)
    )
    expect((within(section).getByRole('switch', { name: 'My bookings: a decision' }) as HTMLInputElement).checked).toBe(
      true
    )
  })

  it("shows the backend's refusal and keeps the switch as stored", async () => {
    refuse = 'You do not receive this kind of notification.'
    renderSection()
    const status = await screen.findByRole('switch', { name: 'My bookings: a decision' })
    fireEvent.click(status)
    expect(await screen.findByText('You do not receive this kind of notification.')).toBeTruthy()
    expect((screen.getByRole('switch', { name: 'My bookings: a decision' }) as HTMLInputElement).checked).toBe(true)
  })

  it('says so when the settings cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => json({ message: 'Down' }, 500))
    renderSection()
    expect(await screen.findByText(EMAIL_NOTIFICATION_TEXTS.loadFailed)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
