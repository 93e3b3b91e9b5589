import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

export const SUPER_ADMIN_DELETION_REQUEST =
  'A super admin account cannot be deleted on request. Ask another super admin to change its role first.'

/** A super admin cannot ask for their own account's deletion: the platform must keep one who can answer. */
export default class PersonalDataPolicy extends BasePolicy {
  /** Their own data: every signed-in role. The query reads only rows keyed by their id. */
  export(_actor: Actor): boolean {
    return true
  }

  requestDeletion(actor: Actor) {
    return !this.isSuperAdmin(actor) || AuthorizationResponse.deny(SUPER_ADMIN_DELETION_REQUEST, 403)
  }

  decide(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
