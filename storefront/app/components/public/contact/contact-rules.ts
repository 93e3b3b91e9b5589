/** The contact form's rules and texts (requirements: public-site.md#contact-form). */
import { isEmail } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>

export const CONTACT_MESSAGES = {
  success: 'Thank you for your message! We will get back to you soon.',
  failure: 'Failed to send your message. Please try again later.',
} as const

/** The contact modal closes 3 seconds after success (requirements: public-site.md#contact-form). */
export const CONTACT_CLOSE_DELAY_MS = 3_000

/** Name, email, phone and message are all required; the email must look like one. */
export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {}
  if (!values.name.trim()) errors.name = 'Name is required'
  const email = values.email.trim()
  if (!email) errors.email = 'Email is required'
  else if (!isEmail(email)) errors.email = 'Please enter a valid email address'
  if (!values.phone.trim()) errors.phone = 'Phone number is required'
  if (!values.message.trim()) errors.message = 'Message is required'
  return errors
}

/** What the contact action answers, to the modal (fetcher) or the page (no JavaScript). */
export interface ContactResult {
  intent: 'contact'
  ok: boolean
  message: string | null
  fieldErrors: FieldErrors<ContactField>
  values: ContactValues
}
