import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { Actor } from '#core/actor'

export const SUPER_ADMIN_DELETION_REQUEST =
  'A super admin account cannot be deleted on request. Ask another super admin to change its role first.'

/**
 * A person's rights (docs/privacy.md, "Access"): anyone signed in exports their own data; anyone
 * but a super admin asks for their own account's deletion (the platform must keep one who can
 * answer); only super admins see and answer the requests.
 */
export default class PersonalDataPolicy extends BasePolicy {
  /** Their own data: every signed-in role. The query reads only rows keyed by their id. */
  export(_actor: Actor): boolean {
    return true
  }

  requestDeletion(actor: Actor) {
    return !this.isSuperAdmin(actor) || AuthorizationResponse.deny(SUPER_ADMIN_DELETION_REQUEST, 403)
  }

  /** The backoffice's list of deletion requests, and confirming or declining one. */
  decide(actor: Actor): boolean {
    return this.isSuperAdmin(actor)
  }
}
