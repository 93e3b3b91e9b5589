import { fireEvent, render, screen, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { PriceListsButton } from './PriceListsDialog'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

const hub = { id: 3, slug: 'aeroindustrial', name: 'Aero Industrial Hub', location: null, phase: 4 }
const kampar = { id: 4, slug: 'mahkota-kampar', name: 'Mahkota Kampar', location: null, phase: 1 }

/** The Lots page's Price lists button, pressed: its dialog. */
async function openPriceLists() {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <PriceListsButton />
      </AdminContext>
    </MemoryRouter>
  )
  fireEvent.click(screen.getByRole('button', { name: 'Price lists' }))
  return screen.findByRole('dialog', { name: 'Price lists' })
}

describe('Price lists on the Lots page', () => {
  it("lists each development's latest versions, effective or scheduled, read-only", async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url)
      if (path.startsWith('/api/properties')) return new Response(JSON.stringify([hub, kampar]))
      if (path.startsWith('/api/developments/3/price-lists')) {
        return new Response(
          JSON.stringify([
            {
              id: 12,
              developmentId: 3,
              label: 'Phase 2 prices',
              effectiveAt: '2026-12-01T02:00:00.000Z',
              inForce: false,
              entryCount: 1,
              createdAt: '2026-11-28T02:00:00.000Z',
            },
            {
              id: 11,
              developmentId: 3,
              label: 'Launch',
              effectiveAt: '2026-11-20T02:00:00.000Z',
              inForce: true,
              entryCount: 24,
              createdAt: '2026-11-19T02:00:00.000Z',
            },
          ]),
          { headers: { 'Content-Range': 'price-lists 0-1/2' } }
        )
      }
      return new Response(JSON.stringify([]), { headers: { 'Content-Range': 'price-lists 0-0/0' } })
    })
    const dialog = await openPriceLists()

    const hubLists = await within(dialog).findByRole('region', { name: 'Price lists of Aero Industrial Hub' })
    expect(await within(hubLists).findByText(/^Launch: from Nov 20, 2026, .*, 24 lots$/)).toBeTruthy()
    expect(within(hubLists).getByText(/^Phase 2 prices: from Dec 01, 2026, .*, 1 lot$/)).toBeTruthy()
    expect(within(hubLists).getByText('Effective')).toBeTruthy()
    expect(within(hubLists).getByText('Scheduled')).toBeTruthy()

    const kamparLists = within(dialog).getByRole('region', { name: 'Price lists of Mahkota Kampar' })
    expect(await within(kamparLists).findByText('No price list yet: each lot is at its own price.')).toBeTruthy()

    // Read-only: nothing but reads, the newest five versions of each development.
    expect(fetchMock.mock.calls.every(([, init]) => !init?.method || init.method === 'GET')).toBe(true)
    const asked = fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)))
    expect(asked).toContain('/api/developments/3/price-lists?range=[0,4]')
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it("opens one version's prices, lot by lot in RM, read once, and hides them again", async () => {
    const launch = {
      id: 11,
      developmentId: 3,
      label: 'Launch',
      effectiveAt: '2026-11-20T02:00:00.000Z',
      inForce: true,
      entryCount: 2,
      createdAt: '2026-11-19T02:00:00.000Z',
    }
    fetchMock.mockImplementation(async (url) => {
      const path = String(url)
      if (path.startsWith('/api/properties')) return new Response(JSON.stringify([hub]))
      if (path === '/api/developments/3/price-lists/11') {
        return new Response(
          JSON.stringify({
            ...launch,
            entries: [
              { lotId: 101, lotNumber: '1', unitNumber: 'MKS-01', priceSen: 62_800_000, price: 628_000 },
              { lotId: 102, lotNumber: '2', unitNumber: 'MKS-02', priceSen: 53_800_050, price: 538_001 },
            ],
          })
        )
      }
      if (path.startsWith('/api/developments/3/price-lists')) {
        return new Response(JSON.stringify([launch]), { headers: { 'Content-Range': 'price-lists 0-0/1' } })
      }
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
    })
    const dialog = await openPriceLists()
    const show = await within(dialog).findByRole('button', { name: 'Show the prices of Launch' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/developments/3/price-lists/11')).toBe(false)

    fireEvent.click(show)
    const table = await within(dialog).findByRole('table', { name: 'Prices of Launch' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent)
      )
    expect(rows).toEqual([
      ['1MKS-01', 'RM 628,000'],
      ['2MKS-02', 'RM 538,000.50'],
    ])
    const hide = within(dialog).getByRole('button', { name: 'Hide the prices of Launch' })
    expect(hide.getAttribute('aria-expanded')).toBe('true')
    expect(hide.getAttribute('aria-controls')).toBe(table.id)

    fireEvent.click(hide)
    expect(within(dialog).queryByRole('table', { name: 'Prices of Launch' })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show the prices of Launch' }))
    await within(dialog).findByRole('table', { name: 'Prices of Launch' })
    // A version never changes: its prices were read once.
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/developments/3/price-lists/11')).toHaveLength(1)
  })

  it("says so when a version's prices cannot be read", async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url)
      if (path.startsWith('/api/properties')) return new Response(JSON.stringify([hub]))
      if (path === '/api/developments/3/price-lists/11') {
        return new Response(JSON.stringify({ message: 'Price list not found' }), { status: 404 })
      }
      return new Response(
        JSON.stringify([
          {
            id: 11,
            developmentId: 3,
            label: 'Launch',
            effectiveAt: '2026-11-20T02:00:00.000Z',
            inForce: true,
            entryCount: 2,
            createdAt: null,
          },
        ]),
        { headers: { 'Content-Range': 'price-lists 0-0/1' } }
      )
    })
    const dialog = await openPriceLists()
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Show the prices of Launch' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Price list not found')
  })
})
