import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import type { User } from '#identity'

export const AGENT_DASHBOARD_FORBIDDEN = 'Only agent admins have an agent dashboard.'

/** Whose dashboard figures are whose. */
export default class DashboardPolicy extends BasePolicy {
  /** The platform's figures: super admins. */
  viewAdmin(user: User): boolean {
    return this.isSuperAdmin(user)
  }

  /** One agency's figures: its agent admin (a super admin has the admin dashboard instead). */
  viewAgent(user: User) {
    return isAgentAdmin(user.role) || AuthorizationResponse.deny(AGENT_DASHBOARD_FORBIDDEN, 403)
  }
}
