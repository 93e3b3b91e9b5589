import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'

export const PACKAGES_FORBIDDEN = 'Only super admins can manage packages.'

/** Packages are a development's prices: the super admins'. What a buyer is offered is the bookings module's. */
export default class PackagePolicy extends BasePolicy {
  /** Reading the list too: a scheduled package is not public yet. */
  manage(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(PACKAGES_FORBIDDEN, 403)
  }
}
