import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { HoldLengthButton, describeHoldLength } from './HoldLengthDialog'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('Hold length on the Lots page', () => {
  it('words hold lengths', () => {
    expect(describeHoldLength(30)).toBe('30 minutes')
    expect(describeHoldLength(10080)).toBe('7 days')
  })

  it("lists each development's hold and saves a new one in minutes", async () => {
    const hub = {
      id: 3,
      name: 'Aero Industrial Hub',
      holdMinutes: null,
      defaultHoldMinutes: 10080,
      effectiveHoldMinutes: 10080,
    }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({ ...hub, holdMinutes: 30, effectiveHoldMinutes: 30, message: 'Hold length saved.' })
          )
        : new Response(JSON.stringify([hub]))
    )
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <HoldLengthButton />
        </AdminContext>
      </MemoryRouter>
    )
    fireEvent.click(screen.getByRole('button', { name: 'Hold length' }))
    const dialog = await screen.findByRole('dialog', { name: 'Hold length' })
    expect(await within(dialog).findByText('Default (7 days)')).toBeTruthy()
    const amount = within(dialog).getByRole('spinbutton', { name: 'Hold length of Aero Industrial Hub' })
    expect((amount as HTMLInputElement).value).toBe('7')
    fireEvent.change(amount, { target: { value: '0' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Enter a whole number of at least 1')).toBeTruthy()

    fireEvent.change(amount, { target: { value: '720' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!
    expect(String(url)).toBe('/api/developments/3/hold')
    expect(JSON.parse(String(init?.body))).toEqual({ holdMinutes: 720 * 1440 })
  })
})
