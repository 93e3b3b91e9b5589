import { BasePolicy as BouncerBasePolicy } from '@adonisjs/bouncer'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import type { User } from '#identity'

/** The role helpers every module's policy builds on. */
export default class BasePolicy extends BouncerBasePolicy {
  protected isSuperAdmin(user: User): boolean {
    return isSuperAdmin(user.role)
  }

  /** An agent admin acts only on their own agency (spec README decision 4). */
  protected isAgentAdminOf(user: User, agencyId: number | null | undefined): boolean {
    return isAgentAdmin(user.role) && agencyId != null && user.agencyId === agencyId
  }

  protected isApprovedMemberOf(user: User, agencyId: number | null | undefined): boolean {
    return agencyId != null && user.agencyId === agencyId && user.agencyStatus === 'approved'
  }
}
