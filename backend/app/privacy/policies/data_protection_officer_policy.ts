import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

/** Anyone reads the Data Protection Officer's contact; only super admins set it. */
export default class DataProtectionOfficerPolicy extends BasePolicy {
  update(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
