import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'

export default class LotPolicy extends BasePolicy {
  manage(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny('Only super admins can manage lots.', 403)
  }
}
