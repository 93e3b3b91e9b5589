import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'

/** Emitted after a membership request commits: the agency's agent admins have a request to answer. */
export type MembershipRequested = {
  requestId: number
  userId: number
  agencyId: number
  position: string
  message: string
}

/** Emitted after a membership decision commits: who decided, which way, and why. */
export type MembershipDecided = {
  requestId: number
  userId: number
  agencyId: number
  decision: 'approve' | 'reject'
  deciderId: number
  notes: string | null
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'membership:requested': MembershipRequested
    'membership:decided': MembershipDecided
  }
}

/** Listeners react after the commit; one failing never undoes or fails the request or decision. */
export async function announceMembership<Name extends 'membership:requested' | 'membership:decided'>(
  name: Name,
  event: Name extends 'membership:requested' ? MembershipRequested : MembershipDecided
): Promise<void> {
  try {
    await emitter.emit(name, event as never)
  } catch (error) {
    logger.error({ err: error, requestId: event.requestId }, `A ${name} listener failed`)
  }
}
