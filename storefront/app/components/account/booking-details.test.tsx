import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '~/components/account/booking-details'
import type { BookingLot, UserBooking } from '~/models/user-booking'
import { testBooking } from '~/test/booking-fixture'

const PATH = '/enhanced-dashboard'

const LOT: BookingLot = {
  id: 12,
  lotNumber: '12',
  unitNumber: 'MKS-12',
  name: null,
  type: 'INTERMEDIATE (B)',
  phase: 4,
  buildUp: 250,
  landSize: 186,
  // The booking answer's lot price is the booking's, rounded to whole RM.
  price: 468_124,
  status: 'reserved',
}

function renderDetails(booking: UserBooking) {
  const router = createMemoryRouter([{ path: PATH, element: <BookingDetails booking={booking} /> }], {
    initialEntries: [`${PATH}?booking=${booking.id}`],
  })
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
}

function valueOf(term: string): string | null {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null
}

describe('BookingDetails: prices', () => {
  beforeEach(() => {
    // The document access log asks the API; these tests read the prices only.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 }))
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows the price the booking was made at, to the sen', () => {
    renderDetails(testBooking(12, 'pending_agent', { lot: LOT, priceSen: 46_812_345 }))
    expect(valueOf('Price at request')).toBe('RM 468,123.45')
  })

  it("shows the lot's own price for a booking older than price lists", () => {
    renderDetails(testBooking(13, 'approved', { lot: { ...LOT, price: 450_000 }, priceSen: null }))
    expect(valueOf('Price at request')).toBe('RM 450,000')
  })
})
