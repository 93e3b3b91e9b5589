import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { roleAdmits } from '#core/roles'
import type User from '#identity/models/user'

export const TWO_FACTOR_STAFF_ONLY = 'Two-step sign-in is available to super admins and agent admins only.'

/** Who may turn on two-step sign-in (TOTP) for their own account: super admins and agent admins. */
export default class TwoFactorPolicy extends BasePolicy {
  manage(actor: User) {
    return roleAdmits('agent_admin', actor.role) || AuthorizationResponse.deny(TWO_FACTOR_STAFF_ONLY, 403)
  }
}
