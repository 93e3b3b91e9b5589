import { render, screen, within } from '@testing-library/react'
import { AdminContext, RecordContextProvider, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import type { LotWaitlistEntry } from '../../waitlist/types'
import { LotWaitlistSection } from './LotWaitlistSection'

const fetchMock = vi.fn<typeof fetch>()

const LINE: LotWaitlistEntry[] = [
  {
    id: 1,
    position: 1,
    status: 'offered',
    user: { id: 5, name: 'Mei Ling', email: 'mei@example.my' },
    agency: { id: 1, name: 'Nilai Prime Realty' },
    joinedAt: '2025-03-03T01:00:00.000Z',
    offeredAt: '2025-03-04T02:00:00.000Z',
    offerExpiresAt: '2025-03-04T02:15:00.000Z',
  },
  {
    id: 2,
    position: 2,
    status: 'waiting',
    user: { id: 8, name: 'Hafiz Omar', email: 'hafiz@example.my' },
    agency: null,
    joinedAt: '2025-03-03T03:00:00.000Z',
    offeredAt: null,
    offerExpiresAt: null,
  },
]

function renderSection(answer: unknown) {
  fetchMock.mockResolvedValue(new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }))
  render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <RecordContextProvider value={{ id: 25, unitNumber: 'MKS-25', lotNumber: '25' }}>
          <LotWaitlistSection />
        </RecordContextProvider>
      </AdminContext>
    </MemoryRouter>
  )
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})

describe("a lot's waitlist in its edit", () => {
  it('lists the whole line in order from GET /api/lots/:lotId/waitlist', async () => {
    renderSection({ data: LINE })
    const table = await screen.findByRole('table', { name: 'Waitlist' })
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/lots/25/waitlist')
    const [, first, second] = within(table).getAllByRole('row')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual([
      '1',
      'Mei Ling',
      'mei@example.my',
      'Nilai Prime Realty',
      'Their turn',
      'Mar 03, 2025, 9:00 AM MYT',
      'Mar 04, 2025, 10:15 AM MYT',
    ])
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
    ).toEqual(['2', 'Hafiz Omar', 'hafiz@example.my', 'N/A', 'Waiting', 'Mar 03, 2025, 11:00 AM MYT', 'N/A'])
  })

  it('says when nobody waits', async () => {
    renderSection({ data: [] })
    expect(await screen.findByText('Nobody is waiting for this lot.')).toBeTruthy()
  })
})
