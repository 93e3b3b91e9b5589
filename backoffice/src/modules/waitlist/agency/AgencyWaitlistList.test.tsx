import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import { onPhone } from '../../../test/phone'
import { AGENCY_WAITLIST_ENDPOINT, AGENCY_WAITLIST_RESOURCE, type AgencyWaitlistEntry } from '../types'
import AgencyWaitlistList from './AgencyWaitlistList'

const fetchMock = vi.fn<typeof fetch>()

const lot = (unitNumber: string, lotNumber: string) => ({
  id: Number(lotNumber),
  lotNumber,
  unitNumber,
  type: 'INTERMEDIATE (B)',
  typeCode: 'B',
  status: 'reserved',
  propertyName: 'Aero Industrial Hub',
})

const ENTRIES: AgencyWaitlistEntry[] = [
  {
    id: 11,
    lotId: 25,
    lot: lot('MKS-25', '25'),
    user: { id: 5, name: 'Mei Ling', email: 'mei@example.my' },
    position: 1,
    status: 'offered',
    joinedAt: '2025-03-03T01:00:00.000Z',
    offeredAt: '2025-03-04T02:00:00.000Z',
    // 10:15 am in Kuala Lumpur.
    offerExpiresAt: '2025-03-04T02:15:00.000Z',
  },
  {
    id: 12,
    lotId: 26,
    lot: lot('MKS-26', '26'),
    user: { id: 6, name: 'Daniel Tan', email: 'daniel@example.my' },
    position: 3,
    status: 'waiting',
    joinedAt: '2025-03-03T02:00:00.000Z',
    offerExpiresAt: null,
  },
]

function renderList() {
  return render(
    <MemoryRouter>
      <AdminContext
        dataProvider={createDataProvider({ endpoints: { [AGENCY_WAITLIST_RESOURCE]: AGENCY_WAITLIST_ENDPOINT } })}
        i18nProvider={defaultI18nProvider}
        store={memoryStore()}
      >
        <AgencyWaitlistList />
      </AdminContext>
    </MemoryRouter>
  )
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://backoffice.test').pathname
    if (path === '/api/agency/waitlist')
      return new Response(JSON.stringify({ data: ENTRIES, total: 27, page: 1, perPage: 25 }), {
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '27' },
      })
    return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 })
  })
})

describe("the agent admin's Waitlist", () => {
  it("lists the members' places, paged by the backend (page and perPage)", async () => {
    renderList()
    const table = await screen.findByRole('table')
    const offered = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('MKS-25'))!
    expect(offered.textContent).toContain('MKS-25 · Lot 25')
    expect(offered.textContent).toContain('Aero Industrial Hub')
    expect(offered.textContent).toContain('Mei Ling')
    expect(within(offered).getByText('Their turn until 10:15 AM MYT')).toBeTruthy()
    const waiting = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('MKS-26'))!
    expect(within(waiting).getByText('Waiting')).toBeTruthy()
    expect(within(waiting).getByRole('cell', { name: '3' })).toBeTruthy()

    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://backoffice.test')
    expect(url.pathname).toBe('/api/agency/waitlist')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', perPage: '25' })
    // 27 places: a second page.
    expect(screen.getByText('1-25 of 27')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    const next = new URL(String(fetchMock.mock.calls[1]![0]), 'http://backoffice.test')
    expect(Object.fromEntries(next.searchParams)).toEqual({ page: '2', perPage: '25' })
  })

  it('is a card per entry on a phone', async () => {
    onPhone()
    renderList()
    const cards = within(await screen.findByRole('list', { name: 'Waitlist entries' })).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('MKS-25 · Lot 25')).toBeTruthy()
    expect(within(cards[0]!).getByText('Mei Ling · mei@example.my')).toBeTruthy()
    expect(within(cards[1]!).getByText(/^Position 3 · Joined /)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })
})
