import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'
import type Agency from '#agencies/models/agency'

/**
 * Super admins run every agency; an agent admin sees and acts on their own agency only
 * (requirements: decisions.md#d4-agent-admin-scope).
 */
export default class AgencyPolicy extends BasePolicy {
  /** Contact details and inactive agencies in the list are for super admins. */
  viewAll(user: User): boolean {
    return this.isSuperAdmin(user)
  }

  view(user: User, agency: Agency): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, agency.id)
  }

  /** Listing the agency's people and removing a member. */
  manageMembers(user: User, agency: Agency): boolean {
    return this.isSuperAdmin(user) || this.isAgentAdminOf(user, agency.id)
  }

  /** Creating, editing and deleting agencies; assigning and removing agent admins. */
  manage(user: User): boolean {
    return this.isSuperAdmin(user)
  }
}
