import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { AppError, type FieldError } from '#core/errors'
import { DOCUMENT_TYPES } from '#documents/models/booking_document'
import type { CheckedDocument } from '#documents/services/document_store'
import type { RequiredDocumentType } from '#bookings'

export type BookingDocuments = { cheque?: CheckedDocument; icFront?: CheckedDocument; icBack?: CheckedDocument }

/**
 * Which documents each booking form needs (requirements: booking.md#request-form,
 * booking.md#agent-booking-form); the identity card's two sides always travel together.
 */
const FORMS = {
  member: { required: {}, pair: 'Both IC front and back are required if uploading IC' },
  agent: {
    required: {
      cheque: 'Payment cheque document is required',
      icFront: 'IC front image is required',
      icBack: 'IC back image is required',
    },
    pair: 'Both IC front and back are required if uploading IC',
  },
  lotPage: {
    required: {},
    none: 'Please upload at least one identity card image (front and back)',
    pair: 'Both front and back sides of IC are required',
  },
  client: { required: {}, pair: 'Both front and back sides of IC are required' },
} satisfies Record<string, { required: Partial<Record<keyof BookingDocuments, string>>; pair: string; none?: string }>

export type DocumentForm = keyof typeof FORMS

const TYPES: Record<keyof BookingDocuments, RequiredDocumentType> = {
  cheque: 'cheque',
  icFront: 'ic_front',
  icBack: 'ic_back',
}

/** Recorded on the booking: one missing holds back its forwarding and decision. */
export function requiredDocumentTypes(form: DocumentForm): RequiredDocumentType[] {
  const rules = FORMS[form]
  const fields = Object.keys(rules.required) as Array<keyof BookingDocuments>
  // "At least one IC image", and the sides go together: both are required.
  if ('none' in rules) fields.push('icFront', 'icBack')
  return [...new Set(fields.map((field) => TYPES[field]))]
}

/** Throws the form's 422 when a required document is missing or only one IC side came. */
export function requireDocuments(documents: BookingDocuments, form: DocumentForm): CheckedDocument[] {
  const rules = FORMS[form]
  const missing: FieldError[] = Object.entries(rules.required).flatMap(([field, message]) =>
    documents[field as keyof BookingDocuments] ? [] : [{ field, message }]
  )
  if (missing.length) throw new AppError(missing[0].message, 422, missing)
  if ('none' in rules && !documents.icFront && !documents.icBack) throw AppError.invalid('icFront', rules.none)
  if (Boolean(documents.icFront) !== Boolean(documents.icBack)) {
    throw AppError.invalid(documents.icFront ? 'icBack' : 'icFront', rules.pair)
  }
  return [documents.cheque, documents.icFront, documents.icBack].filter((d): d is CheckedDocument => Boolean(d))
}

export const uploadDocumentValidator = vine.create({
  bookingId: vine.number().withoutDecimals().positive(),
  documentType: vine.enum(DOCUMENT_TYPES),
})
uploadDocumentValidator.messagesProvider = new SimpleMessagesProvider({
  'bookingId.required': 'bookingId is required',
  'bookingId.number': 'bookingId must be a booking id',
  'documentType.required': 'documentType is required',
  'documentType.enum': `documentType must be one of ${DOCUMENT_TYPES.join(', ')}`,
})
