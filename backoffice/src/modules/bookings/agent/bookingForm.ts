import { effectiveRole, type Role } from '../../../roles'
import type { BookableKind } from './types'
import { CONSENT_REQUIRED } from '../privacy/types'

/** The create-booking form's values (requirements: booking.md#create-booking-for-a-client). */
export interface BookingFormValues {
  userId: string
  propertyId: string
  kind: BookableKind
  itemId: string
  notes: string
  icFront: File | null
  icBack: File | null
  cheque: File | null
  /** The privacy notice's consent box (docs/privacy.md, "Notice and choice"). */
  consent: boolean
}

export type BookingFormField = 'userId' | 'propertyId' | 'itemId' | 'icFront' | 'icBack' | 'cheque' | 'consent'
export type BookingFormErrors = Partial<Record<BookingFormField, string>>

export const BOTH_IC_SIDES = 'Both front and back sides of IC are required'
export const IC_IMAGES_ONLY = 'The identity card must be an image (JPG or PNG)'
export const CHEQUE_IMAGE_OR_PDF = 'The cheque must be an image or a PDF'

const IMAGE = /^image\/(jpeg|png|webp|gif)$/i
const IMAGE_NAME = /\.(jpe?g|png|webp|gif)$/i

/** IC sides are images only (requirements: booking.md#request-form). */
export function isImageFile(file: File): boolean {
  return IMAGE.test(file.type) || (!file.type && IMAGE_NAME.test(file.name))
}

/** The cheque is an image or a PDF (requirements: booking.md#request-form). */
export function isChequeFile(file: File): boolean {
  return isImageFile(file) || file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name))
}

/**
 * The form's rules in the order it reads (requirements: booking.md#create-booking-for-a-client): user,
 * property, the unit or lot of the
 * chosen type, then the documents: both IC sides or neither, IC images only, cheque image or PDF;
 * last, consent to the privacy notice.
 * The backend applies the same rules; these only spare a round trip.
 */
export function validateBookingForm(values: BookingFormValues): BookingFormErrors {
  const errors: BookingFormErrors = {}
  if (!values.userId) errors.userId = 'Please select a user'
  if (!values.propertyId) errors.propertyId = 'Please select a property'
  else if (!values.itemId) errors.itemId = values.kind === 'unit' ? 'Please select a unit' : 'Please select a lot'
  if (values.icFront && !isImageFile(values.icFront)) errors.icFront = IC_IMAGES_ONLY
  if (values.icBack && !isImageFile(values.icBack)) errors.icBack = IC_IMAGES_ONLY
  if (Boolean(values.icFront) !== Boolean(values.icBack)) {
    errors[values.icFront ? 'icBack' : 'icFront'] = BOTH_IC_SIDES
  }
  if (values.cheque && !isChequeFile(values.cheque)) errors.cheque = CHEQUE_IMAGE_OR_PDF
  if (!values.consent) errors.consent = CONSENT_REQUIRED
  return errors
}

/**
 * The upload hint's colour: red for no IC side, amber for one, green for both
 * (requirements: booking.md#agent-booking-form).
 */
export function icHintColor(selected: number): 'error.main' | 'warning.main' | 'success.main' {
  if (selected >= 2) return 'success.main'
  return selected === 1 ? 'warning.main' : 'error.main'
}

/**
 * After creating a booking the agent lands on the dashboard's Booking Requests
 * (requirements: booking.md#create-booking-for-a-client).
 */
export const AFTER_BOOKING_PATH = '/agent-dashboard?tab=manage-bookings'
/** A super admin's booking waits in their own queue, Booking Approvals. */
export const AFTER_ADMIN_BOOKING_PATH = '/admin/bookings'

/** Where the create-booking form goes once the booking is made, for the signed-in role. */
export function afterBookingPath(role: Role | undefined): string {
  return role !== undefined && effectiveRole(role) === 'super_admin' ? AFTER_ADMIN_BOOKING_PATH : AFTER_BOOKING_PATH
}
