import { act, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { LiveClientContext } from '@aero/shared/live-client'
import { createDataProvider } from '../../dataProvider'
import { fakeApi, json } from '../../test/fakeApi'
import BumiputeraQuotaPanel from './BumiputeraQuotaPanel'

let sold = 1

const api = fakeApi((path) => {
  if (path === '/api/properties') return json([{ id: 2, name: 'Taman Ria' }])
  if (path === '/api/developments/2/bumiputera-quota') {
    return json({
      developmentId: 2,
      name: 'Taman Ria',
      required: { percent: 30, lots: 12 },
      totalLots: 40,
      quotaLots: 9,
      shortOfRequired: 3,
      booked: 2,
      sold,
      available: 6 - sold,
      released: 1,
    })
  }
  return undefined
})

function renderPanel(client = new FakeLiveClient()) {
  sold = 1
  render(
    <MemoryRouter>
      <LiveClientContext.Provider value={client}>
        <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
          <BumiputeraQuotaPanel />
        </AdminContext>
      </LiveClientContext.Provider>
    </MemoryRouter>
  )
  return client
}

const cells = async () =>
  within((await screen.findByText('Taman Ria')).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

const reads = () => api.calls.filter((call) => call.path === '/api/developments/2/bumiputera-quota').length

const lotSold = { type: 'lot', id: 7, lotNumber: '7', unitNumber: 'MKS-07', status: 'sold' }
const bookingSold = {
  type: 'booking',
  bookingId: 41,
  lotId: 7,
  action: 'approve',
  from: 'booked',
  to: 'sold',
  at: '2026-11-28T02:05:00.000Z',
}

describe('the Bumiputera quota-fill panel', () => {
  it("shows each development's figures", async () => {
    renderPanel()
    expect(await cells()).toEqual(['Taman Ria', '30', '12', '9', '3', '2', '1', '5', '1'])
  })

  it('reads the figures again when a lot or a booking changes, once per burst', async () => {
    const client = renderPanel()
    await cells()
    await vi.waitFor(() => expect([...client.listening].sort()).toEqual(['admin/bookings', 'lots']))
    expect(reads()).toBe(1)

    sold = 2
    act(() => {
      client.push('lots', lotSold)
      client.push('admin/bookings', bookingSold)
    })
    await vi.waitFor(() =>
      expect((screen.getByText('Taman Ria').closest('tr') as HTMLElement).textContent).toContain('4')
    )
    expect(await cells()).toEqual(['Taman Ria', '30', '12', '9', '3', '2', '2', '4', '1'])
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(reads()).toBe(2)
    expect(document.querySelector('[aria-live="polite"].live-announcer')!.textContent).toContain('MKS-07 is now')

    act(() => client.push('admin/bookings', bookingSold))
    await vi.waitFor(() => expect(reads()).toBe(3))
  })

  it('ignores what is no lot or booking change', async () => {
    const client = renderPanel()
    await cells()
    await vi.waitFor(() => expect(client.listening).toHaveLength(2))
    act(() => {
      client.push('lots', { type: 'something-else' })
      client.push('admin/bookings', { type: 'something-else' })
    })
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(reads()).toBe(1)
  })
})
