/**
 * The sign-in and registration rules (requirements: account.md#sign-in, account.md#registration). The backend enforces
 * them; the forms mirror them so people see the same texts before a round trip.
 */

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

export const MIN_PASSWORD_LENGTH = 6
export const MIN_NAME_LENGTH = 2

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_PATTERN = /^\+?\d{10,15}$/

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/** Optional plus, then 10 to 15 digits, once spaces are removed. */
export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/\s+/g, ''))
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean)
}

export interface LoginValues {
  email: string
  password: string
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  const errors: FieldErrors<keyof LoginValues> = {}
  const email = values.email.trim()
  if (!email) errors.email = 'Email is required'
  else if (!isEmail(email)) errors.email = 'Email is invalid'
  if (!values.password) errors.password = 'Password is required'
  return errors
}

export interface QuickRegistrationValues {
  name: string
  email: string
  password: string
  confirmPassword: string
}

/** Register mode of the login screen. */
export function validateQuickRegistration(values: QuickRegistrationValues): FieldErrors<keyof QuickRegistrationValues> {
  const errors: FieldErrors<keyof QuickRegistrationValues> = {}
  const name = values.name.trim()
  if (!name) errors.name = 'Name is required'
  else if (name.length < MIN_NAME_LENGTH) errors.name = `Name must be at least ${MIN_NAME_LENGTH} characters long`
  const email = values.email.trim()
  if (!email) errors.email = 'Email is required'
  else if (!isEmail(email)) errors.email = 'Email is invalid'
  if (!values.password) errors.password = 'Password is required'
  else if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`
  }
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match'
  return errors
}

export interface RegistrationValues {
  name: string
  email: string
  password: string
  confirmPassword: string
  phone: string
}

/** The standalone register screen. */
export function validateRegistration(values: RegistrationValues): FieldErrors<keyof RegistrationValues> {
  const errors: FieldErrors<keyof RegistrationValues> = {}
  if (!values.name.trim()) errors.name = 'Name is required'
  const email = values.email.trim()
  if (!email) errors.email = 'Email is required'
  else if (!isEmail(email)) errors.email = 'Email is invalid'
  if (!values.password) errors.password = 'Password is required'
  else if (values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
  }
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match'
  if (values.phone.trim() && !isPhoneNumber(values.phone)) errors.phone = 'Please enter a valid phone number'
  return errors
}

/** Reads named text fields from a submitted form; files and missing fields read as ''. */
export function readTextFields<Field extends string>(form: FormData, fields: readonly Field[]): Record<Field, string> {
  const values = {} as Record<Field, string>
  for (const field of fields) {
    const value = form.get(field)
    values[field] = typeof value === 'string' ? value : ''
  }
  return values
}
