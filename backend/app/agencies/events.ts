import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { recordOutbox } from '#core/outbox'

/** Written in a membership request's transaction: the agency's agent admins have a request to answer. */
export type MembershipRequested = {
  requestId: number
  userId: number
  agencyId: number
  position: string
  message: string
}

/** Written in a membership decision's transaction: who decided, which way, and why. */
export type MembershipDecided = {
  requestId: number
  userId: number
  agencyId: number
  decision: 'approve' | 'reject'
  deciderId: number
  notes: string | null
}

/** Who is told is delivered after the commit, and only if the request or decision committed. */
declare module '#core/outbox' {
  interface OutboxTopics {
    'membership:requested': MembershipRequested
    'membership:decided': MembershipDecided
  }
}

export async function announceMembership<Name extends 'membership:requested' | 'membership:decided'>(
  trx: TransactionClientContract,
  name: Name,
  event: Name extends 'membership:requested' ? MembershipRequested : MembershipDecided
): Promise<void> {
  await recordOutbox(trx, name, event as never)
}
