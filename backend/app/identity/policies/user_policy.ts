import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import type User from '#identity/models/user'

/** Who may see and manage accounts. */
export default class UserPolicy extends BasePolicy {
  /**
   * Super admins list everyone. An agent admin may list only the users of role user,
   * the clients of the create-booking form, and filter nothing else.
   */
  list(actor: User, filter: Record<string, unknown>): boolean {
    if (this.isSuperAdmin(actor)) return true
    const keys = Object.keys(filter)
    return isAgentAdmin(actor.role) && keys.length === 1 && keys[0] === 'role' && filter.role === 'user'
  }

  /** Creating, editing and deleting accounts, granting any role (super_admin included). */
  manage(actor: User): boolean {
    return this.isSuperAdmin(actor)
  }
}
