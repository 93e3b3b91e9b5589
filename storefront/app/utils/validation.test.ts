import { describe, expect, it } from 'vitest'
import {
  isPhoneNumber,
  readTextFields,
  validateLogin,
  validateQuickRegistration,
  validateRegistration,
} from '~/utils/validation'

const validRegistration = {
  name: 'Aisha Rahman',
  email: 'aisha@example.my',
  password: 'secret1',
  confirmPassword: 'secret1',
  phone: '',
}

describe('validateRegistration (standalone register screen)', () => {
  it('accepts a complete registration, with or without a phone number', () => {
    expect(validateRegistration(validRegistration)).toEqual({})
    expect(validateRegistration({ ...validRegistration, phone: '+60 12 345 6789' })).toEqual({})
  })

  it('reports every missing field with the spec texts', () => {
    expect(validateRegistration({ name: ' ', email: '', password: '', confirmPassword: '', phone: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
    })
  })

  it('rejects an email that is not address-shaped', () => {
    expect(validateRegistration({ ...validRegistration, email: 'aisha@example' }).email).toBe('Email is invalid')
    expect(validateRegistration({ ...validRegistration, email: 'aisha example.my' }).email).toBe('Email is invalid')
  })

  it('needs at least 6 password characters and a matching confirmation', () => {
    expect(validateRegistration({ ...validRegistration, password: '12345', confirmPassword: '12345' })).toEqual({
      password: 'Password must be at least 6 characters',
    })
    expect(validateRegistration({ ...validRegistration, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    })
  })

  it('rejects a phone number that is not 10 to 15 digits', () => {
    expect(validateRegistration({ ...validRegistration, phone: '12345' }).phone).toBe(
      'Please enter a valid phone number'
    )
    expect(validateRegistration({ ...validRegistration, phone: '012-3456789' }).phone).toBe(
      'Please enter a valid phone number'
    )
  })
})

describe('isPhoneNumber', () => {
  it('allows an optional plus and 10 to 15 digits once spaces are removed', () => {
    expect(isPhoneNumber('0123456789')).toBe(true)
    expect(isPhoneNumber('+60 12 345 6789')).toBe(true)
    expect(isPhoneNumber('123456789012345')).toBe(true)
    expect(isPhoneNumber('123456789')).toBe(false)
    expect(isPhoneNumber('1234567890123456')).toBe(false)
    expect(isPhoneNumber('++60123456789')).toBe(false)
    expect(isPhoneNumber('60+123456789')).toBe(false)
  })
})

describe('validateLogin', () => {
  it('needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
    expect(validateLogin({ email: 'member@aero-demo.my', password: 'Demo@2024' })).toEqual({})
  })
})

describe('validateQuickRegistration (register mode of the login screen)', () => {
  const valid = { name: 'Al', email: 'al@example.my', password: 'secret1', confirmPassword: 'secret1' }

  it('accepts a two-letter name', () => {
    expect(validateQuickRegistration(valid)).toEqual({})
  })

  it('uses the login screen texts', () => {
    expect(validateQuickRegistration({ ...valid, name: 'A' }).name).toBe('Name must be at least 2 characters long')
    expect(validateQuickRegistration({ ...valid, password: 'abc', confirmPassword: 'abc' }).password).toBe(
      'Password must be at least 6 characters long'
    )
    expect(validateQuickRegistration({ ...valid, confirmPassword: 'other1' }).confirmPassword).toBe(
      'Passwords do not match'
    )
  })
})

describe('readTextFields', () => {
  it('reads text fields and treats files and missing fields as empty', () => {
    const form = new FormData()
    form.set('name', 'Aisha')
    form.set('phone', new File(['x'], 'phone.txt'))
    expect(readTextFields(form, ['name', 'phone', 'email'] as const)).toEqual({ name: 'Aisha', phone: '', email: '' })
  })
})
