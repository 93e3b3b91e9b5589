import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, Notification, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { WINDOW_INVALID, WaitlistWindowButton, windowMinutes } from './WaitlistWindowDialog'

const fetchMock = vi.fn<typeof fetch>()

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

const HUB = {
  id: 3,
  name: 'Aero Industrial Hub',
  waitlistWindowMinutes: 15,
  defaultWaitlistWindowMinutes: 15,
  waitlistWindowIsDefault: true,
}
const KAMPAR = {
  id: 4,
  name: 'Mahkota Kampar',
  waitlistWindowMinutes: 45,
  defaultWaitlistWindowMinutes: 15,
  waitlistWindowIsDefault: false,
}

function renderButton() {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <WaitlistWindowButton />
        <Notification />
      </AdminContext>
    </MemoryRouter>
  )
}

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('the waitlist priority window on the Lots page', () => {
  it('takes whole minutes from 1 to 1440', () => {
    expect(windowMinutes('15')).toBe(15)
    expect(windowMinutes(' 1440 ')).toBe(1440)
    for (const refused of ['0', '1441', '2.5', '-3', '', 'ten']) expect(windowMinutes(refused)).toBeNull()
  })

  it("lists each development's window, checks the minutes, and saves them", async () => {
    fetchMock.mockImplementation(async (url, init) =>
      init?.method === 'PUT'
        ? json({ ...HUB, waitlistWindowMinutes: 30, waitlistWindowIsDefault: false, message: 'Waitlist window saved.' })
        : String(url) === '/api/developments'
          ? json([HUB, KAMPAR])
          : json({ message: 'Not found' }, 404)
    )
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Waitlist window' }))
    const dialog = await screen.findByRole('dialog', { name: 'Waitlist priority window' })
    expect(await within(dialog).findByText('Default (15 minutes)')).toBeTruthy()
    expect(within(dialog).getByText('Set to 45 minutes')).toBeTruthy()
    const hub = within(dialog).getByRole('spinbutton', { name: 'Waitlist window of Aero Industrial Hub in minutes' })
    expect((hub as HTMLInputElement).value).toBe('15')

    const saveHub = within(within(dialog).getByRole('group', { name: 'Aero Industrial Hub' })).getByRole('button', {
      name: 'Save',
    })
    for (const refused of ['0', '1441', '2.5']) {
      fireEvent.change(hub, { target: { value: refused } })
      fireEvent.click(saveHub)
      expect(await within(dialog).findByText(WINDOW_INVALID)).toBeTruthy()
    }
    expect(puts()).toHaveLength(0)

    fireEvent.change(hub, { target: { value: '30' } })
    fireEvent.click(saveHub)
    await waitFor(() => expect(puts()).toHaveLength(1))
    const [url, init] = puts()[0]!
    expect(String(url)).toBe('/api/developments/3/waitlist-window')
    expect(JSON.parse(String(init?.body))).toEqual({ minutes: 30 })
    expect(await screen.findByText('Waitlist window saved. Aero Industrial Hub: 30 minutes.')).toBeTruthy()
    expect(within(dialog).queryByText(WINDOW_INVALID)).toBeNull()
  })

  it("shows the backend's refusal on the field", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? json(
            {
              message: 'The window must be between 1 and 1440 minutes.',
              errors: [{ field: 'minutes', message: 'The window must be between 1 and 1440 minutes.' }],
            },
            422
          )
        : json({ data: [HUB] })
    )
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Waitlist window' }))
    const dialog = await screen.findByRole('dialog', { name: 'Waitlist priority window' })
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('The window must be between 1 and 1440 minutes.')).toBeTruthy()
  })
})
