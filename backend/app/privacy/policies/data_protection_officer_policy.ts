import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

export default class DataProtectionOfficerPolicy extends BasePolicy {
  update(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
