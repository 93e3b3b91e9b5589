import { act, render, screen, waitFor, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { LotStatus } from '~/components/public/lot-status'
import LotTypeRoute from '~/routes/properties.aeroindustrial.type.$typeId'
import { FakeLiveClient } from '@aero/shared/fake-live-client'
import { testLot } from '~/test/lot-fixture'
import { LiveClientContext } from '@aero/shared/live-client'

const PATH = '/properties/aeroindustrial/type/B'

/** The type page's lots share one price. */
const lot = (n: number, status: LotStatus) => testLot(n, status, { price: 450_000 })

function renderTypePage(client: FakeLiveClient) {
  const lots = [lot(2, 'available'), lot(3, 'available'), lot(4, 'sold'), lot(5, 'locked')]
  const page = {
    typeId: 'B' as const,
    lots,
    availability: { available: 2, reserved: 0, booked: 0, sold: 1, total: 4, percentageAvailable: 50 },
    loadError: null,
    selectedLotId: null,
    audience: 'anonymous' as const,
    contact: { email: 'sales@example.my', phone: '+60 3-1234 5678', whatsapp: '60312345678' },
    origin: 'http://localhost',
  }
  const router = createMemoryRouter([{ id: 'type', path: PATH, loader: () => page, element: <LotTypeRoute /> }], {
    initialEntries: [PATH],
  })
  render(
    <LiveClientContext.Provider value={client}>
      <RouterProvider router={router} future={{ v7_startTransition: true }} />
    </LiveClientContext.Provider>
  )
}

const count = (key: string) => document.querySelector(`.availability__count--${key} dd`)!.textContent

describe('the lot-type page with pushed lot changes', () => {
  it('updates the row, the counts and the bar in place and says what changed; other types are ignored', async () => {
    const client = new FakeLiveClient()
    renderTypePage(client)
    await screen.findByRole('heading', { level: 1, name: 'Intermediate lots' })
    // The subscription is made in an effect after the first render.
    await waitFor(() => expect(client.listening).toEqual(['lots']))

    act(() => {
      // A corner lot: not on this page.
      client.push('lots', {
        type: 'lot',
        lotId: 101,
        developmentId: 1,
        typeCode: 'A',
        lotNumber: '1',
        unitNumber: 'MKS-01',
        status: 'reserved',
        previous: 'available',
        cause: 'booking',
        at: '2025-03-01T02:05:00.000Z',
      })
    })
    expect(count('available')).toBe('2')
    expect(document.querySelector('.live-announcer')!.textContent).toBe('')

    act(() => {
      client.push('lots', {
        type: 'lot',
        lotId: 103,
        developmentId: 1,
        typeCode: 'B',
        lotNumber: '3',
        unitNumber: 'MKS-03',
        status: 'booked',
        previous: 'available',
        cause: 'admin',
        at: '2025-03-01T02:05:00.000Z',
      })
    })
    const row = screen.getAllByRole('row').find((candidate) => within(candidate).queryByText('MKS-03'))!
    expect(row.querySelector('.badge')!.textContent).toBe('Booked')
    expect(count('available')).toBe('1')
    expect(count('booked')).toBe('1')
    expect(count('total')).toBe('4')
    expect(screen.getByRole('meter').getAttribute('aria-valuenow')).toBe('25')
    expect(document.querySelector('[aria-live="polite"].live-announcer')!.textContent).toBe('MKS-03 was just booked.')
  })
})
