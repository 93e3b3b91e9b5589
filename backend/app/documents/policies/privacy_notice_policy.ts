import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import type { User } from '#identity'

export const NOTICE_EDIT_FORBIDDEN = 'Only super admins can edit the privacy notice.'

export default class PrivacyNoticePolicy extends BasePolicy {
  update(user: User) {
    return this.isSuperAdmin(user) || AuthorizationResponse.deny(NOTICE_EDIT_FORBIDDEN, 403)
  }
}
