import { render, screen, within } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { UserBooking } from '~/models/user-booking'
import EnhancedDashboard from '~/routes/enhanced-dashboard'
import { apiUser } from '~/test/fake-backend'

function booking(id: number, status: string, allowedActions: UserBooking['allowedActions']): UserBooking {
  return {
    id,
    _id: id,
    status,
    createdAt: '2026-11-22T17:26:00Z',
    updatedAt: null,
    lotId: id,
    unitId: null,
    lot: null,
    unit: null,
    propertyName: null,
    propertyPhase: 4,
    lotNumber: String(id),
    unitNumber: null,
    lotType: 'INTERMEDIATE (B)',
    buildUp: null,
    landSize: 186,
    creatorName: 'Daniel Tan',
    creatorEmail: 'member@aero-demo.my',
    creatorPhone: null,
    contactPhone: null,
    user: null,
    agency: null,
    requestMessage: null,
    agentNotes: null,
    adminNotes: null,
    cancellationDate: null,
    allowedActions,
  }
}

/** The dashboard as the server renders it for an address (loader answer stubbed). */
function renderDashboard(
  path: string,
  bookings = [booking(41, 'pending_agent', ['cancel']), booking(42, 'approved', [])]
) {
  const router = createMemoryRouter(
    [
      {
        path: '/enhanced-dashboard',
        loader: () => ({
          user: apiUser(),
          bookings,
          bookingsError: null,
          selected: null,
          welcome: false,
          notice: null,
        }),
        element: <EnhancedDashboard />,
      },
    ],
    { initialEntries: [path] }
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

describe('the dashboard: the confirmation step of a cancel', () => {
  it('is rendered from the address, so the Cancel button works without JavaScript', async () => {
    renderDashboard('/enhanced-dashboard?tab=bookings&status=pending&cancel=41')
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking?' })
    expect(within(dialog).getByText(/Lot 41 is released/)).toBeTruthy()
    const confirm = within(dialog).getByRole('button', { name: 'Yes, cancel booking' })
    const form = confirm.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    // Posted to the page without the step: a failure shows on the list, a success closes it.
    expect(form.getAttribute('action')).toBe('/enhanced-dashboard?tab=bookings&status=pending')
    expect(Object.fromEntries(new FormData(form))).toEqual({ intent: 'cancel-booking', bookingId: '41' })
    expect(within(dialog).getByRole('link', { name: 'Keep booking' }).getAttribute('href')).toBe(
      '/enhanced-dashboard?tab=bookings&status=pending'
    )
  })

  it('is not offered for a booking that can no longer be cancelled', async () => {
    renderDashboard('/enhanced-dashboard?tab=bookings&cancel=42')
    await screen.findByRole('heading', { name: 'My Bookings' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('My Bookings: Cancel follows allowedActions', () => {
  const pendingButLocked = booking(43, 'pending_admin', [])

  it('offers Cancel on the bookings the API lets the user cancel, and on no other', async () => {
    renderDashboard('/enhanced-dashboard?tab=bookings', [booking(41, 'pending_agent', ['cancel']), pendingButLocked])
    const table = await screen.findByRole('table', { name: 'My bookings' })
    const rowOf = (lot: string) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('rowheader')?.textContent === lot)!
    expect(within(rowOf('41')).getByRole('button', { name: /Cancel/ })).toBeTruthy()
    expect(within(rowOf('43')).queryByRole('button', { name: /Cancel/ })).toBeNull()
  })

  it('asks no confirmation for a pending booking the API does not let the user cancel', async () => {
    renderDashboard('/enhanced-dashboard?tab=bookings&cancel=43', [pendingButLocked])
    await screen.findByRole('heading', { name: 'My Bookings' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
