import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { ApprovalTargetsButton } from './ApprovalTargetsDialog'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe('Approval targets on the Lots page', () => {
  it("shows each tier's target per development and saves both in minutes", async () => {
    const hub = { id: 3, name: 'Aero Industrial Hub', agentTargetMinutes: 1440, developerTargetMinutes: 2880 }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify({ ...hub, agentTargetMinutes: 240, message: 'Approval time limits saved.' }))
        : new Response(JSON.stringify([hub]))
    )
    render(
      <MemoryRouter>
        <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <ApprovalTargetsButton />
        </AdminContext>
      </MemoryRouter>
    )
    fireEvent.click(screen.getByRole('button', { name: 'Approval targets' }))
    const dialog = await screen.findByRole('dialog', { name: 'Approval targets' })
    const agent = await within(dialog).findByRole('spinbutton', {
      name: "Agent admin's decision, Aero Industrial Hub",
    })
    const developer = within(dialog).getByRole('spinbutton', { name: "Developer's decision, Aero Industrial Hub" })
    // 1 day and 2 days, each in its largest whole unit.
    expect((agent as HTMLInputElement).value).toBe('1')
    expect((developer as HTMLInputElement).value).toBe('2')

    fireEvent.change(agent, { target: { value: '' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText('Enter a whole number of at least 1')).toBeTruthy()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)

    // 240 minutes for the agent admin (the unit stays days for the developer: 2 days).
    fireEvent.change(agent, { target: { value: '240' } })
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByRole('option', { name: 'minutes' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!
    expect(String(url)).toBe('/api/developments/3/time-limits')
    expect(JSON.parse(String(init?.body))).toEqual({ agentTargetMinutes: 240, developerTargetMinutes: 2880 })
  })
})
