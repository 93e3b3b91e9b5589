import type { AgencyStatus, Role } from '@aero/shared/user'
import { MIN_PASSWORD_LENGTH, isPhoneNumber } from '~/utils/validation'
import type { FieldErrors } from '~/utils/validation'

/** super_admin Administrator, agent_admin Agent, otherwise Regular User (requirements: account.md#roles). */
export function accountTypeLabel(role: Role): string {
  if (role === 'super_admin' || role === 'admin') return 'Administrator'
  if (role === 'agent_admin') return 'Agent'
  return 'Regular User'
}

export type MembershipSummary = {
  tone: 'success' | 'warning' | 'info' | 'error'
  title: string
  text: string
}

/** The agency membership status card of the user dashboard. */
export function membershipSummary(status: AgencyStatus, agencyName: string | null): MembershipSummary {
  const agency = agencyName ?? 'your agency'
  switch (status) {
    case 'approved':
      return { tone: 'success', title: `Member of ${agency}`, text: 'You can request bookings of available lots.' }
    case 'pending':
      return {
        tone: 'warning',
        title: 'Agency Membership Pending',
        text: `Your request to join ${agency} is waiting for its agent admin's approval.`,
      }
    case 'rejected':
      return {
        tone: 'error',
        title: 'Membership request not approved',
        text: `Your request to join ${agency} was not approved.`,
      }
    default:
      return {
        tone: 'info',
        title: 'No agency yet',
        text: 'Join an agency to request bookings: its agent admin approves members.',
      }
  }
}

/** The simple /profile page's account type: Administrator or User. */
export function simpleAccountType(role: Role): 'Administrator' | 'User' {
  return role === 'super_admin' || role === 'admin' ? 'Administrator' : 'User'
}

/** A new approval is celebrated while it is under 2 hours old (requirements: account.md#user-dashboard). */
export const WELCOME_WINDOW_MS = 2 * 60 * 60 * 1000
/** The welcome message shows for 8 seconds (requirements: display.md#message-timings). */
export const WELCOME_DISPLAY_MS = 8_000

export function isRecentApproval(
  user: { agencyStatus: AgencyStatus; agencyStatusDate: string | null },
  now: number
): boolean {
  if (user.agencyStatus !== 'approved' || !user.agencyStatusDate) return false
  const approvedAt = Date.parse(user.agencyStatusDate)
  return !Number.isNaN(approvedAt) && now - approvedAt >= 0 && now - approvedAt < WELCOME_WINDOW_MS
}

/** Who is asked to join an agency: a regular user with no agency and no open request. */
export function showsJoinPrompt(user: {
  role: Role
  agencyStatus: AgencyStatus
  hasPendingAgencyRequest: boolean
}): boolean {
  return user.role === 'user' && user.agencyStatus === 'none' && !user.hasPendingAgencyRequest
}

export interface ProfileValues {
  name: string
  phone: string
  address: string
}

/** Profile edit: name required; phone and address optional (requirements: account.md#my-profile). */
export function validateProfile(values: Partial<ProfileValues>): FieldErrors<keyof ProfileValues> {
  const errors: FieldErrors<keyof ProfileValues> = {}
  const name = (values.name ?? '').trim()
  if (!name) errors.name = 'Name is required'
  else if (name.length < 2) errors.name = 'Name must be at least 2 characters'
  const phone = (values.phone ?? '').trim()
  if (phone && !isPhoneNumber(phone)) errors.phone = 'Please enter a valid phone number'
  if ((values.address ?? '').trim().length > 500) errors.address = 'Address must be at most 500 characters'
  return errors
}

export interface PasswordChangeValues {
  currentPassword: string
  newPassword: string
  confirmPassword: string
}

/** Change password (requirements: account.md#change-password). */
export function validatePasswordChange(values: PasswordChangeValues): FieldErrors<keyof PasswordChangeValues> {
  const errors: FieldErrors<keyof PasswordChangeValues> = {}
  if (!values.currentPassword) errors.currentPassword = 'Current password is required'
  if (!values.newPassword) errors.newPassword = 'New password is required'
  else if (values.newPassword.length < MIN_PASSWORD_LENGTH) {
    errors.newPassword = 'New password must be at least 6 characters long'
  }
  if (!values.confirmPassword) errors.confirmPassword = 'Please confirm your new password'
  else if (values.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = 'New passwords do not match'
  }
  return errors
}

export const AGENCY_REQUEST_MESSAGES = {
  selectAgency: 'Please select an agency',
  enterMessage: 'Please enter a message',
  alreadyMember: 'You are already a member of an agency. Please contact support if you need to change agencies.',
  pendingElsewhere:
    'You already have a pending request for a different agency. Please wait for that request to be processed.',
  pendingHere: 'You already have a pending request for this agency. Please wait for it to be processed.',
} as const

export interface AgencyRequestValues {
  agencyId: string
  message: string
}

type Membership = { agencyId: string | number | null; agencyStatus: AgencyStatus }

/** Why this user may not file a request at all (already a member), or null. */
export function agencyRequestBlock(user: Membership): string | null {
  return user.agencyId !== null && user.agencyStatus === 'approved' ? AGENCY_REQUEST_MESSAGES.alreadyMember : null
}

/** Agency request screen: the fields, then the blocking rules (requirements: account.md#agency-request-screen). */
export function validateAgencyRequest(
  values: AgencyRequestValues,
  user: Membership
): FieldErrors<keyof AgencyRequestValues> {
  const errors: FieldErrors<keyof AgencyRequestValues> = {}
  const agencyId = values.agencyId.trim()
  if (!agencyId) errors.agencyId = AGENCY_REQUEST_MESSAGES.selectAgency
  if (!values.message.trim()) errors.message = AGENCY_REQUEST_MESSAGES.enterMessage

  const blocked = agencyRequestBlock(user)
  if (blocked) errors.agencyId = blocked
  else if (agencyId && user.agencyId !== null && user.agencyStatus === 'pending') {
    errors.agencyId =
      String(user.agencyId) === agencyId
        ? AGENCY_REQUEST_MESSAGES.pendingHere
        : AGENCY_REQUEST_MESSAGES.pendingElsewhere
  }
  return errors
}

/** Profile messages (requirements: account.md#my-profile). */
export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile.',
  emailFixed: 'Email cannot be changed',
} as const

/** Password messages (requirements: account.md#change-password). */
export const PASSWORD_MESSAGES = {
  changed: 'Password changed successfully',
  incorrect: 'Current password is incorrect',
  serverError: 'Server error. Please try again later or contact support.',
  noResponse: 'No response from server. Please check your internet connection.',
  failed: 'Failed to change password',
} as const

/** How long each dashboard message shows (requirements: display.md#message-timings). */
export const MESSAGE_DURATIONS = {
  success: 3_000,
  error: 5_000,
} as const

/** Agency properties messages (requirements: account.md#agency-properties). */
export const AGENCY_PROPERTIES_MESSAGES = {
  notApproved: 'You must be an approved agency member to view agency properties',
  noAgency: 'You must be associated with an agency to view agency properties',
  failed: (reason: string) => `Failed to load agency properties: ${reason}`,
} as const
