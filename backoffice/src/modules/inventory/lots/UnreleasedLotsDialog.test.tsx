import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { SHOW_UNRELEASED_LABEL, UnreleasedLotsButton } from './UnreleasedLotsDialog'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

function renderButton() {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <UnreleasedLotsButton />
      </AdminContext>
    </MemoryRouter>
  )
}

describe('Lots not yet released on the Lots page', () => {
  it("shows each development's setting and saves the switch", async () => {
    const hub = { id: 3, name: 'Aero Industrial Hub', showUnreleasedLots: true }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify({ ...hub, showUnreleasedLots: false, message: 'Lot visibility saved.' }))
        : new Response(JSON.stringify([hub]))
    )
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Not released lots' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lots not yet released' })
    const toggle = await within(dialog).findByRole('switch', {
      name: `${SHOW_UNRELEASED_LABEL}: Aero Industrial Hub`,
    })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    expect(within(dialog).getByText('Shown as Not released')).toBeTruthy()

    fireEvent.click(toggle)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!
    expect(String(url)).toBe('/api/developments/3/lot-visibility')
    expect(JSON.parse(String(init?.body))).toEqual({ showUnreleasedLots: false })
    expect(await within(dialog).findByText('Hidden until released')).toBeTruthy()
  })

  it('puts the switch back when the save is refused', async () => {
    const hub = { id: 3, name: 'Aero Industrial Hub', showUnreleasedLots: true }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({ message: 'Only super admins can choose whether lots not yet released are shown.' }),
            {
              status: 403,
            }
          )
        : new Response(JSON.stringify([hub]))
    )
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Not released lots' }))
    const dialog = await screen.findByRole('dialog', { name: 'Lots not yet released' })
    const toggle = await within(dialog).findByRole('switch', {
      name: `${SHOW_UNRELEASED_LABEL}: Aero Industrial Hub`,
    })
    fireEvent.click(toggle)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true))
  })
})
