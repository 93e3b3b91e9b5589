import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import type { User } from '#identity'
import type AgentProperty from '#portfolio/models/agent_property'

export const ONLY_AGENT_ADMINS = 'Access denied. Only agent admins can view properties.'
export const NO_AGENCY = 'You must be associated with an agency to view agency properties'
export const NOT_APPROVED = 'You must be an approved agency member to view agency properties'

/**
 * An agency's shared entries are for its approved members and agent admins (requirements:
 * account.md#agency-properties), and for super admins.
 */
export default class AgentPropertyPolicy extends BasePolicy {
  manage(user: User) {
    return isAgentAdmin(user.role) || AuthorizationResponse.deny(ONLY_AGENT_ADMINS, 403)
  }

  /** The owner, or an agent admin of the agency the entry is shared with. */
  share(user: User, property: AgentProperty) {
    return (
      property.agentAdminId === user.id ||
      (property.source === 'agency' && this.isAgentAdminOf(user, property.agencyId)) ||
      AuthorizationResponse.deny('You do not have permission to share this property.', 403)
    )
  }

  viewAgency(user: User, agencyId: number) {
    if (this.isSuperAdmin(user) || this.isAgentAdminOf(user, agencyId) || this.isApprovedMemberOf(user, agencyId)) {
      return true
    }
    return AuthorizationResponse.deny(user.agencyId === null ? NO_AGENCY : NOT_APPROVED, 403)
  }
}
