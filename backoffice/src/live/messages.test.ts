import { describe, expect, it } from 'vitest'
import { describeAgentBookingMessage } from '../modules/bookings/agent/liveMessages'
import { agencyBookingsChannel, describeBookingMessage, describeChanges, describeLotMessage } from './messages'

const booking = (from: string | null, to: string | null) => ({
  type: 'booking',
  bookingId: 1000041,
  lotId: 7,
  action: 'approve',
  from,
  to,
  at: '2025-03-01T02:05:00.000Z',
})

describe('the live messages of the backoffice lists', () => {
  it('says which lot changed and to what, by unit number or else lot number', () => {
    const lot = {
      type: 'lot',
      lotId: 7,
      lotNumber: '7',
      unitNumber: 'MKS-07',
      status: 'reserved',
      previous: 'available',
    }
    expect(describeLotMessage(lot)).toBe('MKS-07 is now Reserved.')
    expect(describeLotMessage({ ...lot, unitNumber: null, status: 'available' })).toBe('Lot 7 is now Available.')
  })

  it('says which booking changed, as the screen’s badges name its status', () => {
    expect(describeBookingMessage(booking(null, 'pending_agent'))).toBe('New booking 000041: Pending Agent.')
    expect(describeBookingMessage(booking('pending_agent', 'pending_admin'))).toBe(
      'Booking 000041 is now Pending Your Approval.'
    )
    expect(describeBookingMessage(booking('pending_admin', null))).toBe('Booking 000041 changed.')
    expect(describeAgentBookingMessage(booking('pending_agent', 'pending_admin'))).toBe(
      'Booking 000041 is now Forwarded to Admin.'
    )
  })

  it('ignores what is not a change of its kind', () => {
    expect(describeLotMessage(booking(null, 'pending_agent'))).toBeNull()
    expect(describeBookingMessage({ type: 'lot', lotId: 7, status: 'sold' })).toBeNull()
    expect(describeBookingMessage(null)).toBeNull()
    expect(describeLotMessage('lots')).toBeNull()
  })

  it('joins a few changes and counts many', () => {
    expect(describeChanges(['A.', 'B.'])).toBe('A. B.')
    expect(describeChanges(['A.', 'B.', 'C.', 'D.'])).toBe('4 changes just came in; the list is up to date.')
    expect(describeChanges([])).toBe('')
  })

  it("names an agency's channel, none without an agency", () => {
    expect(agencyBookingsChannel(3)).toBe('agencies/3/bookings')
    expect(agencyBookingsChannel(null)).toBeNull()
    expect(agencyBookingsChannel(undefined)).toBeNull()
  })
})
