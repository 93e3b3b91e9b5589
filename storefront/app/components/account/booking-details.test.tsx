import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BookingDetails } from '~/components/account/booking-details'
import type { BookingLot, UserBooking } from '~/models/user-booking'
import { testBooking } from '~/test/booking-fixture'
import { bumiputeraOf } from '~/utils/bumiputera'
import type { BumiputeraView } from '~/utils/bumiputera'

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

function renderDetails(booking: UserBooking, buyer: BumiputeraView | null = null) {
  const router = createMemoryRouter([{ path: PATH, element: <BookingDetails booking={booking} buyer={buyer} /> }], {
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

  it("shows each package with its discount, the discount in all and the net price, and the buyer's status", () => {
    renderDetails(
      testBooking(14, 'pending_agent', {
        lot: LOT,
        priceSen: 46_812_345,
        discountSen: 5_617_481,
        netPriceSen: 41_194_864,
        packages: [
          { id: 1, name: 'Early bird', kind: 'percent', percentBp: 500, amountSen: null, discountSen: 2_340_617 },
          {
            id: 3,
            name: 'Bumiputera discount',
            kind: 'percent',
            percentBp: 700,
            amountSen: null,
            discountSen: 3_276_864,
          },
        ],
      }),
      bumiputeraOf({ bumiputeraStatus: 'verified' })
    )
    expect(valueOf('Price at request')).toBe('RM 468,123.45')
    expect(screen.getByText('Early bird', { selector: 'dt', exact: false }).textContent).toBe('Early bird (5% off)')
    expect(screen.getByText('Early bird', { selector: 'dt', exact: false }).nextElementSibling?.textContent).toBe(
      '-RM 23,406.17'
    )
    expect(
      screen.getByText('Bumiputera discount', { selector: 'dt', exact: false }).nextElementSibling?.textContent
    ).toBe('-RM 32,768.64')
    expect(valueOf('Discount')).toBe('-RM 56,174.81')
    expect(valueOf('Net price')).toBe('RM 411,948.64')
    expect(valueOf('Bumiputera status')).toBe('Verified')
  })

  it('shows no discount lines for a booking made without packages', () => {
    renderDetails(
      testBooking(15, 'pending_agent', { lot: LOT, priceSen: 46_812_345, discountSen: null, netPriceSen: null })
    )
    expect(screen.queryByText('Discount', { selector: 'dt' })).toBeNull()
    expect(screen.queryByText('Net price', { selector: 'dt' })).toBeNull()
    expect(screen.queryByText('Bumiputera status', { selector: 'dt' })).toBeNull()
  })
})
