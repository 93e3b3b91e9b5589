import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { AGENT_ADMIN_POSITION, MEMBER_POSITION, announceAccessEndedOnCommit, type User } from '#identity'
import { isAgentAdmin } from '#core/roles'

/**
 * What a membership change does to a user's agency fields:
 * - `requested`: the user asked to join (pending, with the request's date, message, position);
 * - `approved` / `rejected`: the agency decided (an approval may make them its agent admin);
 * - `left`: no agency any more; an agent admin goes back to role user.
 */
export type AgencyMembershipChange =
  | { kind: 'requested'; agencyId: number; position: string; message: string }
  | { kind: 'approved'; agencyId: number; position?: string; asAgentAdmin?: boolean }
  | { kind: 'rejected'; agencyId: number }
  | { kind: 'left' }

/** The only writer of a user's agency fields besides identity's account screens, inside the caller's transaction. */
export default class SetAgencyMembership {
  async handle(user: User, change: AgencyMembershipChange, trx: TransactionClientContract): Promise<User> {
    const now = DateTime.utc()
    const previousAgencyId = user.agencyId
    user.useTransaction(trx)
    switch (change.kind) {
      case 'requested':
        user.agencyId = change.agencyId
        user.agencyStatus = 'pending'
        user.agencyStatusDate = now
        user.agencyRequestDate = now
        user.agencyRequestMessage = change.message
        user.position = change.position
        break
      case 'approved':
        user.agencyId = change.agencyId
        user.agencyStatus = 'approved'
        user.agencyStatusDate = now
        if (change.asAgentAdmin) {
          user.role = 'agent_admin'
          user.position = AGENT_ADMIN_POSITION
        } else if (change.position) {
          user.position = change.position
        }
        break
      case 'rejected':
        user.agencyId = change.agencyId
        user.agencyStatus = 'rejected'
        user.agencyStatusDate = now
        break
      case 'left':
        if (isAgentAdmin(user.role)) user.role = 'user'
        user.agencyId = null
        user.agencyStatus = 'none'
        user.agencyStatusDate = now
        user.position = MEMBER_POSITION
        break
    }
    await user.save()
    // Out of their agency (or moved to another): what they heard as its people ends once this commits.
    if (change.kind === 'left' || (previousAgencyId !== null && user.agencyId !== previousAgencyId)) {
      announceAccessEndedOnCommit(trx, { userId: user.id, cause: 'agency_left' })
    }
    return user
  }
}
