import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

/** The audit trail is read by super admins only; nobody changes or deletes it (there is no route to). */
export default class AuditEntryPolicy extends BasePolicy {
  view(user: Actor): boolean {
    return this.isSuperAdmin(user)
  }
}
