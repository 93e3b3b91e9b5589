import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

/**
 * The breach register (docs/privacy.md, "Breaches"): only super admins see it, record and
 * update incidents and send the notices to the people affected.
 */
export default class DataBreachPolicy extends BasePolicy {
  manage(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
