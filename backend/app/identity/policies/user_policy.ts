import { AuthorizationResponse } from '@adonisjs/bouncer'
import BasePolicy from '#core/policies/base_policy'
import { isAgentAdmin, roleAdmits } from '#core/roles'
import type User from '#identity/models/user'
import { clientRefusal, isOwnAgencyPerson } from '#identity/clients'

/** What an agent admin may filter the client list by: the role (user, required) and a search. */
const CLIENT_FILTERS = ['role', 'q']

export const BUMIPUTERA_SELF_VERIFICATION = 'You cannot verify or reject your own Bumiputera status.'
export const BUMIPUTERA_DECISION_FORBIDDEN =
  "Only a super admin, or an agent admin for their own agency's members, can verify a Bumiputera status."

export const BUMIPUTERA_EVIDENCE_FORBIDDEN =
  "Only the person, a super admin, or an agent admin for their own agency's members, can see this evidence."

export const SUPER_ADMIN_DELETION_FORBIDDEN = 'A super admin cannot be deleted by another super admin'

export default class UserPolicy extends BasePolicy {
  /** Asked before the query is read or the account looked up; `list` and `view` then narrow. */
  viewAny(actor: User): boolean {
    return roleAdmits('agent_admin', actor.role)
  }

  /** An agent admin may list only the create-booking form's clients (users of role user, by name or email). */
  list(actor: User, filter: Record<string, unknown>): boolean {
    if (this.isSuperAdmin(actor)) return true
    const keys = Object.keys(filter)
    return isAgentAdmin(actor.role) && filter.role === 'user' && keys.every((key) => CLIENT_FILTERS.includes(key))
  }

  /** Super admins see any account; an agent admin only a client they may act for (identity/clients.ts). */
  view(actor: User, user: User) {
    if (this.isSuperAdmin(actor)) return true
    if (!isAgentAdmin(actor.role)) return false
    const refusal = clientRefusal(actor, user)
    return refusal === null || AuthorizationResponse.deny(refusal, 403)
  }

  /** Creating, editing and deleting accounts, granting any role (super_admin included). */
  manage(actor: User): boolean {
    return this.isSuperAdmin(actor)
  }

  /** Whom a deletion may take, asked about the account's row once DeleteUser has locked it (after-lock). */
  delete(_actor: User, user: User) {
    return !this.isSuperAdmin(user) || AuthorizationResponse.deny(SUPER_ADMIN_DELETION_FORBIDDEN, 403)
  }

  /** Asked first, before the input is read: only staff decide a Bumiputera status. */
  decideAnyBumiputera(actor: User) {
    return roleAdmits('agent_admin', actor.role) || AuthorizationResponse.deny(BUMIPUTERA_DECISION_FORBIDDEN, 403)
  }

  /**
   * Verifying or rejecting a person's Bumiputera status: super admins for anyone, an agent admin for their
   * agency's approved members; nobody for themselves. Asked about the person's locked row.
   */
  decideBumiputera(actor: User, user: User) {
    if (actor.id === user.id) return AuthorizationResponse.deny(BUMIPUTERA_SELF_VERIFICATION, 403)
    if (this.isSuperAdmin(actor)) return true
    if (isAgentAdmin(actor.role) && isOwnAgencyPerson(actor, user)) return true
    return AuthorizationResponse.deny(BUMIPUTERA_DECISION_FORBIDDEN, 403)
  }

  /** The evidence of a declaration: the person, and whoever may decide on it (decideBumiputera). */
  viewBumiputeraEvidence(actor: User, user: User) {
    if (actor.id === user.id || this.isSuperAdmin(actor)) return true
    if (isAgentAdmin(actor.role) && isOwnAgencyPerson(actor, user)) return true
    return AuthorizationResponse.deny(BUMIPUTERA_EVIDENCE_FORBIDDEN, 403)
  }
}
