import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import type { User } from '#identity'

export const WAITLIST_SUPER_ADMIN = 'Super admins cannot join a waitlist.'
export const WAITLIST_NOT_A_MEMBER = 'You must be an approved agency member to join a waitlist.'
export const LINE_FORBIDDEN = "Only agent admins and super admins can view a lot's waitlist."
export const AGENCY_WAITLIST_FORBIDDEN = "Only agent admins can view their agency's waitlist."
export const NO_AGENCY = 'You are not the agent admin of an agency.'
export const WINDOW_FORBIDDEN = 'Only super admins can change waitlist windows.'

export default class WaitlistPolicy extends BasePolicy {
  /** Joining a lot's line: the people who may request it (BookingPolicy.requestLot's rule). */
  join(user: User) {
    if (this.isSuperAdmin(user)) return AuthorizationResponse.deny(WAITLIST_SUPER_ADMIN, 403)
    if (isAgentAdmin(user.role)) return true
    return (
      (user.agencyId !== null && user.agencyStatus === 'approved') ||
      AuthorizationResponse.deny(WAITLIST_NOT_A_MEMBER, 403)
    )
  }

  /** A lot's line: the whole line for super admins, their members' places for an agent admin. */
  viewLine(user: User) {
    if (this.isSuperAdmin(user)) return true
    if (!isAgentAdmin(user.role)) return AuthorizationResponse.deny(LINE_FORBIDDEN, 403)
    return user.agencyId !== null || AuthorizationResponse.deny(NO_AGENCY, 403)
  }

  /** Their agency's members' places across lots (GET /api/agency/waitlist). */
  listAgency(user: User) {
    if (!isAgentAdmin(user.role)) return AuthorizationResponse.deny(AGENCY_WAITLIST_FORBIDDEN, 403)
    return user.agencyId !== null || AuthorizationResponse.deny(NO_AGENCY, 403)
  }

  manageWindow(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(WINDOW_FORBIDDEN, 403)
  }
}
