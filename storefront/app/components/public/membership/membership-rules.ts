/** The hub's agency membership form (requirements: account.md#membership-request-form). */
import type { FieldErrors } from '~/utils/validation'

export const MEMBERSHIP_FIELDS = ['agencyId', 'position', 'message'] as const
export type MembershipField = (typeof MEMBERSHIP_FIELDS)[number]
export type MembershipValues = Record<MembershipField, string>

export const MEMBERSHIP_MESSAGES = {
  selectAgency: 'Please select an agency',
  positionRequired: 'Your position is required',
  defaultMessage: 'Requesting agency membership',
  success: 'Agency membership request submitted successfully! Please wait for approval before booking.',
  failure: 'Failed to submit agency membership request. Please try again.',
  noAgencies: 'No agencies loaded. Please reload the page or contact support.',
} as const

/** The page reloads 2 seconds after a successful request (requirements: account.md#membership-request-form). */
export const MEMBERSHIP_RELOAD_DELAY_MS = 2_000

export function validateMembership(values: MembershipValues): FieldErrors<MembershipField> {
  const errors: FieldErrors<MembershipField> = {}
  const agencyId = Number(values.agencyId)
  if (!values.agencyId.trim() || !Number.isInteger(agencyId) || agencyId <= 0)
    errors.agencyId = MEMBERSHIP_MESSAGES.selectAgency
  if (!values.position.trim()) errors.position = MEMBERSHIP_MESSAGES.positionRequired
  return errors
}

export interface MembershipResult {
  intent: 'request-agency'
  ok: boolean
  message: string | null
  fieldErrors: FieldErrors<MembershipField>
  values: MembershipValues
}
