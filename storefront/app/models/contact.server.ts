/**
 * The company's public contact details ({email}, {phone} are configuration; requirements: decisions.md#ground-rules)
 * and the contact form's call (backend/app/contact: POST /api/contact).
 */
import { CONTACT_FIELDS, CONTACT_MESSAGES, validateContact } from '~/components/public/contact/contact-rules'
import type { ContactResult, ContactValues } from '~/components/public/contact/contact-rules'
import { ApiError, apiRequest } from '~/utils/api.server'
import type { ApiResponse } from '~/utils/api.server'
import { fieldErrorsFrom } from '~/utils/form-errors'
import { hasErrors, readTextFields } from '~/utils/validation'

export interface SiteContact {
  email: string
  phone: string
  /** The phone's digits with country code, for wa.me links. */
  whatsapp: string
}

/** Demo values for a machine with no configuration; real deployments set the variables. */
const DEMO_CONTACT = { email: 'sales@aero-demo.my', phone: '+60 6-799 8800' } as const

/** CONTACT_EMAIL and CONTACT_PHONE, falling back to the demo values. */
export function getSiteContact(env: NodeJS.ProcessEnv = process.env): SiteContact {
  const email = env.CONTACT_EMAIL?.trim() || DEMO_CONTACT.email
  const phone = env.CONTACT_PHONE?.trim() || DEMO_CONTACT.phone
  return { email, phone, whatsapp: phone.replace(/\D/g, '') }
}

export interface ContactMessage {
  name: string
  email: string
  phone: string
  message: string
}

export function sendContactMessage(
  request: Request,
  message: ContactMessage
): Promise<ApiResponse<{ message: string; id: number }>> {
  return apiRequest(request, '/api/contact', { method: 'POST', body: message })
}

/**
 * The contact form's action, shared by the pages that show the form: checks the fields,
 * sends the message, and answers with the spec's texts.
 */
export async function submitContactForm(
  request: Request,
  form: FormData
): Promise<{ result: ContactResult; status: number }> {
  const values = readTextFields(form, CONTACT_FIELDS)
  const trimmed: ContactValues = {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    message: values.message.trim(),
  }
  const fieldErrors = validateContact(trimmed)
  if (hasErrors(fieldErrors)) {
    return { result: { intent: 'contact', ok: false, message: null, fieldErrors, values: trimmed }, status: 400 }
  }
  try {
    await sendContactMessage(request, trimmed)
    const empty: ContactValues = { name: '', email: '', phone: '', message: '' }
    return {
      result: { intent: 'contact', ok: true, message: CONTACT_MESSAGES.success, fieldErrors: {}, values: empty },
      status: 201,
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const serverErrors = fieldErrorsFrom(error.fieldErrors, CONTACT_FIELDS)
    return {
      result: {
        intent: 'contact',
        ok: false,
        message: hasErrors(serverErrors) ? null : CONTACT_MESSAGES.failure,
        fieldErrors: serverErrors,
        values: trimmed,
      },
      status: error.status >= 400 ? error.status : 502,
    }
  }
}
