import { describe, expect, it } from 'vitest'
import { agentBookingBadge, bookedProperty } from './agentStatus'

describe('booking statuses as the agent admin reads them', () => {
  it('labels requests waiting for the agent and forwarded to the admin (requirements: booking.md#statuses)', () => {
    expect(agentBookingBadge('pending_agent')).toEqual({ label: 'Pending Your Approval', color: 'warning' })
    expect(agentBookingBadge('pending_admin').label).toBe('Forwarded to Admin')
    expect(agentBookingBadge('approved').label).toBe('Approved')
    expect(agentBookingBadge('rejected_by_agent').label).toBe('Rejected')
    expect(agentBookingBadge('sold').label).toBe('Sold')
  })

  it('names the booked property without repeating the unit', () => {
    expect(
      bookedProperty({ propertyName: 'Aero Industrial Hub Shop Lot MKS-20', unitNumber: 'MKS-20', lotNumber: '20' })
    ).toBe('Aero Industrial Hub Shop Lot MKS-20')
    expect(bookedProperty({ propertyName: 'Mahkota Kampar', unitNumber: null, lotNumber: '7' })).toBe(
      'Mahkota Kampar · Lot 7'
    )
    expect(bookedProperty({ propertyName: null, unitNumber: null, lotNumber: null })).toBe('N/A')
  })
})
