import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { BookingsPanel } from '~/components/account/bookings-panel'
import type { BookingRow } from '~/utils/user-bookings'

function bookingRow(id: string, status: string, canCancel: boolean, documentAlert: string | null = null): BookingRow {
  return {
    id,
    shortId: id.slice(-6),
    lotNumber: id,
    unitNumber: `MKS-${id}`,
    lotType: 'INTERMEDIATE (B)',
    phase: '4',
    size: '186 sqm',
    creatorName: 'Daniel Tan',
    phone: 'N/A',
    status,
    statusLabel: status,
    createdAt: '2026-11-22T17:26:00Z',
    canCancel,
    heldUntil: null,
    documentAlert,
  }
}

function renderPanel(rows: BookingRow[]) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <BookingsPanel
            rows={rows}
            counts={{ all: rows.length, pending: 1, approved: 1, cancelled: 0 }}
            loadError={null}
          />
        ),
      },
    ],
    { initialEntries: ['/dashboard?tab=bookings'] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  return screen.getByRole('table', { name: 'My bookings' })
}

describe('My Bookings on a phone', () => {
  it('labels each value of a row with its column header, so a row reads as a card', () => {
    const table = renderPanel([bookingRow('41', 'pending_agent', true), bookingRow('42', 'approved', false)])
    const [head, ...rows] = within(table).getAllByRole('row')
    const headers = within(head)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      const lot = within(row).getByRole('rowheader')
      expect(lot.getAttribute('data-label')).toBe(headers[0])
      const cells = within(row).getAllByRole('cell')
      expect(cells.map((cell) => cell.getAttribute('data-label') ?? cell.className)).toEqual([
        ...headers.slice(1, 5),
        'data-table__status',
        headers[6],
        'data-table__action',
      ])
    }
    // Labels are drawn by CSS: a cell's text is its value alone.
    expect(within(rows[0]).getByRole('rowheader').textContent).toBe('41MKS-41')
    expect(within(rows[0]).getByRole('button', { name: /Cancel/ })).toBeTruthy()
    expect(within(rows[1]).getByRole('link', { name: /View/ })).toBeTruthy()
  })
})
