import { describe, expect, it } from 'vitest'
import { validateContact } from '~/components/public/contact/contact-rules'
import { validateMembership } from '~/components/public/membership/membership-rules'
import { readAmount, validateLotEdit } from '~/components/public/hub/lot-edit-rules'

describe('validateContact', () => {
  it('requires name, email, phone and message', () => {
    expect(validateContact({ name: ' ', email: '', phone: '', message: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      message: 'Message is required',
    })
  })

  it('wants an email that looks like one', () => {
    expect(validateContact({ name: 'A', email: 'a@b', phone: '1', message: 'Hi' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(validateContact({ name: 'A', email: 'a@b.my', phone: '1', message: 'Hi' })).toEqual({})
  })
})

describe('validateMembership', () => {
  it("says 'Please select an agency' and 'Your position is required'", () => {
    expect(validateMembership({ agencyId: '', position: '  ', message: '' })).toEqual({
      agencyId: 'Please select an agency',
      position: 'Your position is required',
    })
    expect(validateMembership({ agencyId: '2', position: 'Director', message: '' })).toEqual({})
  })
})

describe('validateLotEdit', () => {
  const lot = {
    lotId: '1',
    unitNumber: 'MKS-01',
    typeCode: 'A',
    builtUpArea: '268',
    landSize: '201',
    price: '628,000',
    status: 'available',
    title: 'PT 54101',
  }

  it('accepts numbers written with commas or RM', () => {
    expect(readAmount('RM 628,000')).toBe(628000)
    expect(readAmount('')).toBeNull()
    expect(validateLotEdit(lot)).toEqual({})
  })

  it('refuses what is not a number, and a missing unit number, type or status', () => {
    expect(
      validateLotEdit({ ...lot, price: 'abc', landSize: '-3', unitNumber: '', typeCode: 'Z', status: 'gone' })
    ).toEqual({
      price: 'Price must be a number',
      landSize: 'Land area must be a number',
      unitNumber: 'Unit number is required',
      typeCode: 'Type is required',
      status: 'Status is required',
    })
  })
})
