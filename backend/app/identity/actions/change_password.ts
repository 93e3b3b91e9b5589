import db from '@adonisjs/lucid/services/db'
import type User from '#identity/models/user'
import { proveOwner, type OwnerProof } from '#identity/services/owner_proof'
import notifyAccountChange from '#identity/actions/notify_account_change'
import { announceAccessEndedOnCommit } from '#identity/events'

/**
 * Replaces the password once the owner has proved themselves (the current password, and the
 * second factor when it is on), signs out every other sign-in of the user (their tokens are
 * revoked; the current one is kept) and tells the owner by email.
 */
export default class ChangePassword {
  async handle(user: User, proof: OwnerProof, newPassword: string, keepTokenId?: string) {
    await proveOwner(user, proof, 'currentPassword')
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.password = newPassword
      await user.save()
      const others = trx.from('auth_access_tokens').where('tokenable_id', user.id)
      if (keepTokenId) others.whereNot('id', keepTokenId)
      await others.delete()
      announceAccessEndedOnCommit(trx, { userId: user.id, cause: 'sign_out' })
    })
    await notifyAccountChange(user, 'password_changed')
  }
}
