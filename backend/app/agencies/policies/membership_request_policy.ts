import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'
import type AgencyMembershipRequest from '#agencies/models/agency_membership_request'

/** Who files membership requests and who decides them. */
export default class MembershipRequestPolicy extends BasePolicy {
  /** Agent admins and super admins already run agencies: only role user asks to join one. */
  file(user: User): boolean {
    return user.role === 'user'
  }

  /** An agent admin sees their own agency's requests; a super admin sees all. */
  viewAny(user: User): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, user.agencyId)
  }

  decide(user: User, request: AgencyMembershipRequest): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, request.agencyId)
  }
}
