import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BookingRequestSummary } from './BookingRequestSummary'
import { bookingWithDocuments } from './bookingFixture'

const Badge = ({ status }: { status: string | null | undefined }) => <span>{status}</span>

describe("a booking request's summary", () => {
  it('shows the packages it was made with, each discount, and the net price', () => {
    const booking = bookingWithDocuments({
      discountSen: 6_000_050,
      netPriceSen: 43_999_950,
      packages: [
        { id: 1, name: 'Early bird 5%', discountSen: 2_500_000 },
        { id: 2, name: 'Bumiputera discount 7%', discountSen: 3_500_050 },
      ],
    })
    render(<BookingRequestSummary booking={booking} StatusBadge={Badge} />)
    expect(screen.getByText('Early bird 5% (-RM 25,000) · Bumiputera discount 7% (-RM 35,000.50)')).toBeTruthy()
    expect(screen.getByText('RM 439,999.50')).toBeTruthy()
  })

  it('shows neither without a discount', () => {
    render(
      <BookingRequestSummary booking={bookingWithDocuments({ discountSen: 0, packages: [] })} StatusBadge={Badge} />
    )
    expect(screen.queryByText('Packages')).toBeNull()
    expect(screen.queryByText('Net Price')).toBeNull()
  })
})
