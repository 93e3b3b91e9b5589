import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin } from '#core/roles'
import { clientRefusal, type User } from '#identity'

export const PACKAGES_FORBIDDEN = 'Only super admins can manage packages.'
export const PACKAGES_FOR_FORBIDDEN = 'You may see packages only for yourself or for a client you may book for.'

/** Packages are a development's prices: the super admins'. Anyone signed in sees what they are offered. */
export default class PackagePolicy extends BasePolicy {
  /** Reading the list too: a scheduled package is not public yet. */
  manage(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(PACKAGES_FORBIDDEN, 403)
  }

  /** The packages offered to `buyer`: oneself, a super admin for anyone, an agent admin for whom they may book for. */
  offerTo(user: User, buyer: User) {
    if (buyer.id === user.id || this.isSuperAdmin(user)) return true
    if (isAgentAdmin(user.role) && clientRefusal(user, buyer) === null) return true
    return AuthorizationResponse.deny(PACKAGES_FOR_FORBIDDEN, 403)
  }
}
