import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'

export const TIME_LIMITS_FORBIDDEN = 'Only super admins can change approval time limits.'
export const HOLDS_FORBIDDEN = 'Only super admins can change hold lengths.'
export const PRICE_LISTS_FORBIDDEN = 'Only super admins can manage price lists.'
export const BUMIPUTERA_QUOTA_FORBIDDEN = 'Only super admins can set the Bumiputera quota.'
export const RELEASE_BATCHES_FORBIDDEN = 'Only super admins can manage release batches.'
export const LOT_VISIBILITY_FORBIDDEN = 'Only super admins can choose whether lots not yet released are shown.'

/** A development's settings are the super admins' (requirements: decisions.md#d3-admin-is-super-admin). */
export default class DevelopmentPolicy extends BasePolicy {
  manageTimeLimits(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(TIME_LIMITS_FORBIDDEN, 403)
  }

  manageHolds(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(HOLDS_FORBIDDEN, 403)
  }

  /** Reading the history too: unpublished prices (a version not yet in force) are the developer's. */
  managePriceLists(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(PRICE_LISTS_FORBIDDEN, 403)
  }

  manageBumiputeraQuota(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(BUMIPUTERA_QUOTA_FORBIDDEN, 403)
  }

  /** Reading them too: a scheduled batch says when lots not yet on sale will be. */
  manageReleaseBatches(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(RELEASE_BATCHES_FORBIDDEN, 403)
  }

  manageLotVisibility(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(LOT_VISIBILITY_FORBIDDEN, 403)
  }
}
