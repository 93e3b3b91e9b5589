import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { roleAdmits } from '#core/roles'
import type { User } from '#identity'
import type Agency from '#agencies/models/agency'

export const AGENCY_DELETE_FORBIDDEN = 'You do not have permission to delete this agency.'
export const AGENT_ADMIN_REMOVAL_FORBIDDEN = 'Only a super admin can remove an agent admin.'

/** An agent admin sees and acts on their own agency only (requirements: decisions.md#d4-agent-admin-scope). */
export default class AgencyPolicy extends BasePolicy {
  /** Contact details and inactive agencies in the list are for super admins. */
  viewAll(user: User): boolean {
    return this.isSuperAdmin(user)
  }

  /** Asked before the agency is looked up; `view` and `manageMembers` then say which agency. */
  administer(user: User): boolean {
    return roleAdmits('agent_admin', user.role)
  }

  view(user: User, agency: Agency): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, agency.id)
  }

  manageMembers(user: User, agency: Agency): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, agency.id)
  }

  /** Asked about the member's row once locked: only a super admin removes an agent admin. */
  removeMember(user: User, member: User) {
    return (
      member.role !== 'agent_admin' ||
      this.isSuperAdmin(user) ||
      AuthorizationResponse.deny(AGENT_ADMIN_REMOVAL_FORBIDDEN, 403)
    )
  }

  manage(user: User): boolean {
    return this.isSuperAdmin(user)
  }

  /** Deleting an agency: the requirements name its refusal (requirements: super-admin.md#agency-deletion). */
  delete(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(AGENCY_DELETE_FORBIDDEN, 403)
  }
}
