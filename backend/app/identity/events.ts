import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * A change ended some of what a person could see (a sign-out, a role or agency change, a deleted account):
 * their live channels close and the browser reconnects and is asked again.
 */
export type AccessEnded = {
  userId: number
  cause: 'sign_out' | 'role_changed' | 'agency_left' | 'account_deleted'
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'user:access_ended': AccessEnded
  }
}

/** Listeners run after the change; one failing never undoes or fails it. */
export async function announceAccessEnded(event: AccessEnded): Promise<void> {
  try {
    await emitter.emit('user:access_ended', event)
  } catch (error) {
    logger.error({ err: error, userId: event.userId }, 'A user:access_ended listener failed')
  }
}

/** The same, once `trx` commits (nothing is announced if it rolls back). */
export function announceAccessEndedOnCommit(trx: TransactionClientContract, event: AccessEnded): void {
  trx.after('commit', () => announceAccessEnded(event))
}
