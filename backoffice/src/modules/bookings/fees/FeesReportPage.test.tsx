import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createDataProvider } from '../../../dataProvider'
import FeesReportPage from './FeesReportPage'
import type { FeesReport } from './types'

const fetchMock = vi.fn<typeof fetch>()

const REPORT: FeesReport = {
  from: null,
  to: null,
  agencyId: null,
  totals: {
    expected: { count: 2, amount: 6000 },
    received: { count: 3, amount: 15000 },
    refunded: { count: 1, amount: 1500 },
    all: { count: 6, amount: 22500 },
  },
  byAgency: [
    {
      agencyId: 1,
      agencyName: 'Aero Realty',
      expected: { count: 1, amount: 2000 },
      received: { count: 2, amount: 8000 },
      refunded: { count: 1, amount: 1500 },
      all: { count: 4, amount: 11500 },
    },
  ],
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  fetchMock.mockImplementation(async (input) => {
    const url = String(input)
    if (url.startsWith('/api/booking-fees/report/export')) {
      return new Response('Agency,Expected (count)\r\n', { headers: { 'Content-Type': 'text/csv' } })
    }
    if (url.startsWith('/api/booking-fees/report')) return json(REPORT)
    return new Response('[]', { headers: { 'Content-Type': 'application/json', 'Content-Range': 'agencies 0-0/0' } })
  })
})

function renderPage() {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={createDataProvider()} i18nProvider={defaultI18nProvider} store={memoryStore()}>
        <FeesReportPage />
      </AdminContext>
    </MemoryRouter>
  )
}

describe('the Booking Fees report', () => {
  it('shows the totals by status and by agency', async () => {
    renderPage()
    const received = await screen.findByRole('region', { name: 'Received total' })
    expect(received.textContent).toContain('RM 15,000')
    expect(received.textContent).toContain('3 fees')
    const table = screen.getByRole('table', { name: 'Totals by agency' })
    const row = within(table).getByText('Aero Realty').closest('tr')!
    expect(row.textContent).toContain('RM 8,000 (2)')
    expect(row.textContent).toContain('RM 1,500 (1)')
    expect(within(table).getByText('All agencies').closest('tr')!.textContent).toContain('RM 22,500 (6)')
  })

  it('applies the date filters to the report and its CSV export', async () => {
    renderPage()
    await screen.findByRole('region', { name: 'Received total' })
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-31' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/booking-fees/report?from=2025-01-01&to=2025-01-31'
      )
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/booking-fees/report/export?from=2025-01-01&to=2025-01-31'
      )
    )
  })

  it('shows the refusal message', async () => {
    fetchMock.mockImplementation(async () =>
      json({ message: 'Only super admins can view the booking fees report.' }, 403)
    )
    renderPage()
    expect(await screen.findByText('Only super admins can view the booking fees report.')).toBeTruthy()
  })
})
