import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { BookingFee } from './booking-fee'

describe('the booking fee in My Bookings', () => {
  it('says when none is recorded', () => {
    render(<BookingFee fee={null} />)
    expect(screen.getByText('No booking fee has been recorded yet.')).toBeTruthy()
  })

  it('shows the fee read only, in RM, with its receipt links', () => {
    render(
      <BookingFee
        fee={{
          amount: 5000,
          method: 'bank_transfer',
          reference: 'MBB-778812',
          status: 'refunded',
          receivedOn: '2025-03-04',
          refundedOn: '2025-03-10',
          refundReason: 'Booking rejected',
          receipt: {
            name: 'r.pdf',
            url: '/api/bookings/4/fee/receipt',
            downloadUrl: '/api/bookings/4/fee/receipt?download=1',
          },
        }}
      />
    )
    const section = screen.getByRole('region', { name: 'Booking fee' })
    expect(section.textContent).toContain('RM 5,000')
    expect(section.textContent).toContain('Bank transfer')
    expect(section.textContent).toContain('Refunded')
    expect(section.textContent).toContain('Booking rejected')
    expect(within(section).getByRole('link', { name: 'View receipt r.pdf' }).getAttribute('href')).toBe(
      '/api/bookings/4/fee/receipt'
    )
    expect(within(section).queryByRole('button')).toBeNull()
    expect(within(section).queryByRole('textbox')).toBeNull()
  })
})
