import { describe, expect, it } from 'vitest'
import {
  AFTER_ADMIN_BOOKING_PATH,
  AFTER_BOOKING_PATH,
  afterBookingPath,
  BOTH_IC_SIDES,
  CHEQUE_IMAGE_OR_PDF,
  IC_IMAGES_ONLY,
  icHintColor,
  validateBookingForm,
  type BookingFormValues,
} from './bookingForm'
import { CONSENT_REQUIRED } from '../privacy/types'

const file = (name: string, type: string) => new File(['x'], name, { type })
const png = (name = 'ic.png') => file(name, 'image/png')

const complete: BookingFormValues = {
  userId: '5',
  propertyId: '1',
  kind: 'lot',
  itemId: '23',
  notes: '',
  icFront: null,
  icBack: null,
  cheque: null,
  consent: true,
}

describe('the create-booking form rules (requirements: booking.md#create-booking-for-a-client)', () => {
  it('requires consent to the privacy notice', () => {
    expect(validateBookingForm({ ...complete, consent: false })).toEqual({ consent: CONSENT_REQUIRED })
    expect(validateBookingForm(complete)).toEqual({})
  })

  it('requires a user, a property, then the unit or lot of the chosen type', () => {
    expect(validateBookingForm({ ...complete, userId: '', propertyId: '', itemId: '' })).toEqual({
      userId: 'Please select a user',
      propertyId: 'Please select a property',
    })
    expect(validateBookingForm({ ...complete, itemId: '' })).toEqual({ itemId: 'Please select a lot' })
    expect(validateBookingForm({ ...complete, kind: 'unit', itemId: '' })).toEqual({ itemId: 'Please select a unit' })
    expect(validateBookingForm(complete)).toEqual({})
  })

  it('takes both IC sides or neither; the cheque alone is fine', () => {
    expect(validateBookingForm({ ...complete, icFront: png() })).toEqual({ icBack: BOTH_IC_SIDES })
    expect(validateBookingForm({ ...complete, icBack: png() })).toEqual({ icFront: BOTH_IC_SIDES })
    expect(validateBookingForm({ ...complete, icFront: png(), icBack: png() })).toEqual({})
    expect(validateBookingForm({ ...complete, cheque: file('cheque.pdf', 'application/pdf') })).toEqual({})
  })

  it('takes images only for the IC and an image or a PDF for the cheque', () => {
    expect(validateBookingForm({ ...complete, icFront: file('ic.pdf', 'application/pdf'), icBack: png() })).toEqual({
      icFront: IC_IMAGES_ONLY,
    })
    expect(validateBookingForm({ ...complete, cheque: file('cheque.docx', 'application/msword') })).toEqual({
      cheque: CHEQUE_IMAGE_OR_PDF,
    })
    expect(validateBookingForm({ ...complete, cheque: file('cheque.jpg', 'image/jpeg') })).toEqual({})
  })

  it('colours the upload hint red for no IC side, amber for one, green for both', () => {
    expect([0, 1, 2].map(icHintColor)).toEqual(['error.main', 'warning.main', 'success.main'])
  })
})

describe('where the create-booking form goes once the booking is made', () => {
  it('sends the agent admin to Booking Requests (requirements: booking.md#create-booking-for-a-client)', () => {
    expect(afterBookingPath('agent_admin')).toBe(AFTER_BOOKING_PATH)
    expect(AFTER_BOOKING_PATH).toBe('/agent-dashboard?tab=manage-bookings')
  })

  it('sends a super admin, or an admin, to Booking Approvals, where the booking waits for them', () => {
    expect(afterBookingPath('super_admin')).toBe(AFTER_ADMIN_BOOKING_PATH)
    expect(afterBookingPath('admin')).toBe('/admin/bookings')
  })
})
