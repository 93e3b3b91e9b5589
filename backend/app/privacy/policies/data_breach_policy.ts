import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

export default class DataBreachPolicy extends BasePolicy {
  manage(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
