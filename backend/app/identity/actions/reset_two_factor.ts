import db from '@adonisjs/lucid/services/db'
import User from '#identity/models/user'
import { recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import { disable, TWO_FACTOR_NOT_ON } from '#identity/services/two_factor'
import { proveOwner, type OwnerProof } from '#identity/services/owner_proof'
import notifyAccountChange from '#identity/actions/notify_account_change'

export const OWN_TWO_FACTOR_RESET = 'Turn off your own two-step sign-in on My Profile.'

/**
 * A super admin's way back in for a locked-out owner: two-step sign-in off and every sign-in revoked, so
 * whoever set it up cannot keep a session.
 */
export default class ResetTwoFactor {
  async handle(userId: number, proof: OwnerProof, by: AuditBy): Promise<User> {
    if (userId === by.actor.id) throw AppError.invalid('id', OWN_TWO_FACTOR_RESET)
    await proveOwner(by.actor as User, proof)
    const user = await db.transaction(async (trx) => {
      const account = await User.query({ client: trx }).where('id', userId).forUpdate().first()
      if (!account) throw AppError.notFound('User not found')
      if (!(await disable(account.id, trx))) throw AppError.invalid('id', TWO_FACTOR_NOT_ON)
      await trx.from('auth_access_tokens').where('tokenable_id', account.id).delete()
      await recordAudit(trx, by, {
        action: 'user.two_factor_reset',
        subject: { type: 'user', id: account.id, label: `${account.name} (${account.email})` },
        before: { twoFactor: 'on' },
        after: { twoFactor: 'off' },
      })
      return account
    })
    await notifyAccountChange(user, 'two_factor_reset')
    return user
  }
}
