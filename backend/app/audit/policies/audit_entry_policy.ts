import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

export default class AuditEntryPolicy extends BasePolicy {
  view(user: Actor): boolean {
    return this.isSuperAdmin(user)
  }
}
