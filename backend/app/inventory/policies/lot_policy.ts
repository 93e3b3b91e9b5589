import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'

/** Only super admins (and admins) create, edit and delete lots. */
export default class LotPolicy extends BasePolicy {
  manage(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny('Only super admins can manage lots.', 403)
  }
}
