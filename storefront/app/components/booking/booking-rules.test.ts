import { describe, expect, it } from 'vitest'
import {
  BOOKING_MESSAGES,
  identityUploadHint,
  isChequeFile,
  isIdentityImage,
  validateBookingRequest,
} from '~/components/booking/booking-rules'
import type { BookingFormValues } from '~/components/booking/booking-rules'

const pdf = { name: 'cheque.pdf', type: 'application/pdf' }
const jpg = { name: 'ic-front.JPG', type: 'image/jpeg' }
const png = { name: 'ic-back.png', type: 'image/png' }

const filled: BookingFormValues = {
  name: 'Daniel Tan',
  email: 'member@aero-demo.my',
  phone: '+60 16-555 0192',
  cheque: null,
  icFront: null,
  icBack: null,
}

describe('validateBookingRequest', () => {
  it('asks a member for name, email and phone, with the spec texts', () => {
    expect(validateBookingRequest({ ...filled, name: ' ', email: '', phone: '' }, 'member')).toEqual({
      name: 'Full name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    })
  })

  it("says 'Agent name is required' to an agent admin", () => {
    expect(validateBookingRequest({ ...filled, name: '' }, 'agent_admin').name).toBe('Agent name is required')
  })

  it('checks the email against a basic address pattern', () => {
    expect(validateBookingRequest({ ...filled, email: 'member@' }, 'member').email).toBe(
      'Please enter a valid email address'
    )
  })

  it('lets a member book without documents', () => {
    expect(validateBookingRequest(filled, 'member')).toEqual({})
  })

  it('needs both IC sides together from a member', () => {
    expect(validateBookingRequest({ ...filled, icFront: jpg }, 'member')).toEqual({ icBack: BOOKING_MESSAGES.icPair })
    expect(validateBookingRequest({ ...filled, icBack: png }, 'member')).toEqual({ icFront: BOOKING_MESSAGES.icPair })
    expect(validateBookingRequest({ ...filled, cheque: pdf, icFront: jpg, icBack: png }, 'member')).toEqual({})
  })

  it('requires the cheque and both IC sides from an agent admin', () => {
    expect(validateBookingRequest(filled, 'agent_admin')).toEqual({
      cheque: 'Payment cheque document is required',
      icFront: 'IC front image is required',
      icBack: 'IC back image is required',
    })
    expect(validateBookingRequest({ ...filled, cheque: pdf, icFront: jpg, icBack: png }, 'agent_admin')).toEqual({})
  })

  it('accepts cheques as PDF, JPG or PNG and IC sides as images only', () => {
    expect(isChequeFile(pdf)).toBe(true)
    expect(isChequeFile({ name: 'scan.jpeg', type: 'image/jpeg' })).toBe(true)
    expect(isChequeFile({ name: 'cheque.docx', type: '' })).toBe(false)
    expect(isIdentityImage(jpg)).toBe(true)
    expect(isIdentityImage(pdf)).toBe(false)
    expect(validateBookingRequest({ ...filled, cheque: { name: 'x.gif', type: 'image/gif' } }, 'member').cheque).toBe(
      BOOKING_MESSAGES.chequeType
    )
    expect(validateBookingRequest({ ...filled, icFront: pdf, icBack: png }, 'member').icFront).toBe(
      BOOKING_MESSAGES.icFrontType
    )
  })
})

describe('identityUploadHint', () => {
  it('is red with no IC image, amber with one, green with both', () => {
    expect(identityUploadHint(0, 'member').tone).toBe('red')
    expect(identityUploadHint(1, 'member').tone).toBe('amber')
    expect(identityUploadHint(2, 'agent_admin').tone).toBe('green')
    expect(identityUploadHint(0, 'agent_admin').text).toMatch(/required/)
  })
})
