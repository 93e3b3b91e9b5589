import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { roleAdmits } from '#core/roles'
import type { User } from '#identity'
import type AgencyMembershipRequest from '#agencies/models/agency_membership_request'

export const MEMBERSHIP_FOR_OTHERS_FORBIDDEN = 'You can only request agency membership for yourself.'

export default class MembershipRequestPolicy extends BasePolicy {
  /** Agent admins and super admins already run agencies: only role user asks to join one. */
  file(user: User): boolean {
    return user.role === 'user'
  }

  /** A request names its applicant (`userId`, optional): only oneself. */
  fileFor(user: User, userId: number | null | undefined) {
    return userId == null || userId === user.id || AuthorizationResponse.deny(MEMBERSHIP_FOR_OTHERS_FORBIDDEN, 403)
  }

  /** An agent admin sees their own agency's requests; a super admin sees all. */
  viewAny(user: User): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, user.agencyId)
  }

  /** Asked before the request is looked up; `decide` then says which requests. */
  decideAny(user: User): boolean {
    return roleAdmits('agent_admin', user.role)
  }

  decide(user: User, request: AgencyMembershipRequest): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, request.agencyId)
  }
}
