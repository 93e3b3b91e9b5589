/**
 * The agent booking form of the lot-type page (requirements: booking.md#agent-booking-form): an
 * agent admin books a lot with the agent's details and both sides of the IC. The backend's POST /api/bookings/property
 * takes the lot as `type-{letter}-{lot number}` and the details as one request message.
 */
import {
  CHEQUE_ACCEPT,
  IC_ACCEPT,
  identityUploadHint,
  isChequeFile,
  isIdentityImage,
} from '~/components/booking/booking-rules'
import type { ChosenFile, UploadHintTone } from '~/components/booking/booking-rules'
import type { FieldErrors } from '~/utils/validation'

export { CHEQUE_ACCEPT, IC_ACCEPT }

export const AGENT_TEXT_FIELDS = ['agentName', 'phone', 'email', 'description'] as const
export type AgentTextField = (typeof AGENT_TEXT_FIELDS)[number]
export const AGENT_FILE_FIELDS = ['icFront', 'icBack', 'cheque'] as const
export type AgentFileField = (typeof AGENT_FILE_FIELDS)[number]
/** 'ic' carries the message about the pair of IC images; 'consent' the privacy notice's box. */
export type AgentBookingField = AgentTextField | AgentFileField | 'ic' | 'consent'

export interface AgentBookingValues {
  agentName: string
  phone: string
  email: string
  description: string
  icFront: ChosenFile | null
  icBack: ChosenFile | null
  cheque: ChosenFile | null
}

export const AGENT_BOOKING_MESSAGES = {
  agentNameRequired: 'Agent name is required',
  phoneRequired: 'Phone number is required',
  emailRequired: 'Email is required',
  icNone: 'Please upload at least one identity card image (front and back)',
  icPair: 'Both front and back sides of IC are required',
  icFrontType: 'The IC front must be a JPG or PNG image.',
  icBackType: 'The IC back must be a JPG or PNG image.',
  chequeType: 'The payment cheque must be a PDF, JPG or PNG file.',
  success: 'Booking successfully created and sent to admin for review',
  failed: 'Failed to create booking.',
} as const

export function validateAgentBooking(values: AgentBookingValues): FieldErrors<AgentBookingField> {
  const errors: FieldErrors<AgentBookingField> = {}
  if (!values.agentName.trim()) errors.agentName = AGENT_BOOKING_MESSAGES.agentNameRequired
  if (!values.phone.trim()) errors.phone = AGENT_BOOKING_MESSAGES.phoneRequired
  if (!values.email.trim()) errors.email = AGENT_BOOKING_MESSAGES.emailRequired
  if (!values.icFront && !values.icBack) errors.ic = AGENT_BOOKING_MESSAGES.icNone
  else if (!values.icFront || !values.icBack) errors.ic = AGENT_BOOKING_MESSAGES.icPair
  if (values.icFront && !isIdentityImage(values.icFront)) errors.icFront = AGENT_BOOKING_MESSAGES.icFrontType
  if (values.icBack && !isIdentityImage(values.icBack)) errors.icBack = AGENT_BOOKING_MESSAGES.icBackType
  if (values.cheque && !isChequeFile(values.cheque)) errors.cheque = AGENT_BOOKING_MESSAGES.chequeType
  return errors
}

/** The backend's name for a lot: `type-b-5` for lot 5 of type B. */
export function agentPropertyId(typeCode: string, lotNumber: string): string {
  return `type-${typeCode.toLowerCase()}-${lotNumber.trim()}`
}

/** The agent's details as the booking's request message, one per line. */
export function agentRequestMessage(
  values: Pick<AgentBookingValues, 'agentName' | 'phone' | 'email' | 'description'>
): string {
  return [
    `Agent: ${values.agentName.trim()}`,
    `Phone: ${values.phone.trim()}`,
    `Email: ${values.email.trim()}`,
    `Description: ${values.description.trim()}`,
  ].join('\n')
}

/** Red with no IC image, amber with one, green with both. */
export function agentUploadHint(count: number): { tone: UploadHintTone; text: string } {
  return identityUploadHint(count, 'agent_admin')
}

export function agentFailureMessage(serverMessage: string | null | undefined): string {
  return serverMessage ? `${AGENT_BOOKING_MESSAGES.failed} ${serverMessage}` : AGENT_BOOKING_MESSAGES.failed
}
