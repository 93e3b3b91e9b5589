import { BasePolicy as BouncerBasePolicy } from '@adonisjs/bouncer'
import { isAgentAdmin, isSuperAdmin } from '#core/roles'
import type { Actor } from '#core/actor'

export default class BasePolicy extends BouncerBasePolicy {
  protected isSuperAdmin(user: Actor): boolean {
    return isSuperAdmin(user.role)
  }

  /** An agent admin acts only on their own agency (requirements: decisions.md#d4-agent-admin-scope). */
  protected isAgentAdminOf(user: Actor, agencyId: number | null | undefined): boolean {
    return isAgentAdmin(user.role) && agencyId != null && user.agencyId === agencyId
  }

  protected isApprovedMemberOf(user: Actor, agencyId: number | null | undefined): boolean {
    return agencyId != null && user.agencyId === agencyId && user.agencyStatus === 'approved'
  }
}
