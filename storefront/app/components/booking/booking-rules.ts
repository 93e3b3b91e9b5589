/**
 * The booking request form's rules (requirements: booking.md#request-form). The
 * backend enforces them (backend/app/bookings: validators/booking.ts, request_booking.ts,
 * document_store.ts); the form mirrors them so people see the same texts at once.
 */
import { isEmail } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

export const BOOKING_TEXT_FIELDS = ['lotId', 'name', 'email', 'phone', 'requestMessage'] as const
export type BookingTextField = (typeof BOOKING_TEXT_FIELDS)[number]

/** The backend reads the documents of the same request under these names. */
export const BOOKING_FILE_FIELDS = ['cheque', 'icFront', 'icBack'] as const
export type BookingFileField = (typeof BOOKING_FILE_FIELDS)[number]

/** `consent`: the privacy notice's box (privacy-consent.tsx). */
export type BookingField = Exclude<BookingTextField, 'lotId'> | BookingFileField | 'consent'

/** Who is asking: an agent admin books with all documents; an agency member may leave them out. */
export type BookingRequester = 'agent_admin' | 'member'

/** What the rules need to know of a chosen file. */
export interface ChosenFile {
  name: string
  type: string
}

export interface BookingFormValues {
  name: string
  email: string
  phone: string
  cheque: ChosenFile | null
  icFront: ChosenFile | null
  icBack: ChosenFile | null
}

export const BOOKING_MESSAGES = {
  agentNameRequired: 'Agent name is required',
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  chequeRequired: 'Payment cheque document is required',
  icFrontRequired: 'IC front image is required',
  icBackRequired: 'IC back image is required',
  icPair: 'Both IC front and back are required if uploading IC',
  chequeType: 'The payment cheque must be a PDF, JPG or PNG file.',
  icFrontType: 'The IC front must be a JPG or PNG image.',
  icBackType: 'The IC back must be a JPG or PNG image.',
  notAMember: 'You must be an approved agency member to request bookings',
  success: 'Booking request submitted successfully!',
  failed: 'Failed to submit booking request. Please try again.',
  filesNotKept:
    'For your security the browser does not keep chosen files after a failed submission: please choose the documents again.',
} as const

/** Cheques: .pdf, .jpg, .jpeg, .png. Identity cards: images only (JPG or PNG, as the backend stores). */
export const CHEQUE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
export const IC_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png'

const CHEQUE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png']
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png']

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase()
}

export function isChequeFile(file: ChosenFile): boolean {
  return CHEQUE_EXTENSIONS.includes(extensionOf(file.name))
}

export function isIdentityImage(file: ChosenFile): boolean {
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name)) && (file.type === '' || file.type.startsWith('image/'))
}

/** Whether a chosen file can be shown as an image preview (jpg, jpeg, png). */
export function canPreview(file: ChosenFile): boolean {
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name))
}

export function validateBookingRequest(
  values: BookingFormValues,
  requester: BookingRequester
): FieldErrors<BookingField> {
  const errors: FieldErrors<BookingField> = {}
  if (!values.name.trim()) {
    errors.name = requester === 'agent_admin' ? BOOKING_MESSAGES.agentNameRequired : BOOKING_MESSAGES.fullNameRequired
  }
  const email = values.email.trim()
  if (!email) errors.email = BOOKING_MESSAGES.emailRequired
  else if (!isEmail(email)) errors.email = BOOKING_MESSAGES.emailInvalid
  if (!values.phone.trim()) errors.phone = BOOKING_MESSAGES.phoneRequired

  if (values.cheque && !isChequeFile(values.cheque)) errors.cheque = BOOKING_MESSAGES.chequeType
  if (values.icFront && !isIdentityImage(values.icFront)) errors.icFront = BOOKING_MESSAGES.icFrontType
  if (values.icBack && !isIdentityImage(values.icBack)) errors.icBack = BOOKING_MESSAGES.icBackType

  if (requester === 'agent_admin') {
    if (!values.cheque) errors.cheque = BOOKING_MESSAGES.chequeRequired
    if (!values.icFront) errors.icFront = BOOKING_MESSAGES.icFrontRequired
    if (!values.icBack) errors.icBack = BOOKING_MESSAGES.icBackRequired
  } else if (Boolean(values.icFront) !== Boolean(values.icBack)) {
    errors[values.icFront ? 'icBack' : 'icFront'] = BOOKING_MESSAGES.icPair
  }
  return errors
}

export type UploadHintTone = 'red' | 'amber' | 'green'

/** The IC upload hint: red with no file, amber with one, green with both. */
export function identityUploadHint(count: number, requester: BookingRequester): { tone: UploadHintTone; text: string } {
  if (count >= 2) return { tone: 'green', text: '2 of 2 IC images chosen.' }
  if (count === 1) return { tone: 'amber', text: '1 of 2 IC images chosen: add the other side.' }
  return {
    tone: 'red',
    text:
      requester === 'agent_admin'
        ? '0 of 2 IC images chosen: front and back are required.'
        : '0 of 2 IC images chosen (optional, but front and back go together).',
  }
}
