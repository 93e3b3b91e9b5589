import db from '@adonisjs/lucid/services/db'
import type User from '#identity/models/user'
import { proveOwner, type OwnerProof } from '#identity/services/owner_proof'
import notifyAccountChange from '#identity/actions/notify_account_change'
import { announceAccessEndedOnCommit } from '#identity/events'

/** Other sign-ins are revoked (the current one kept) and the owner is told by email. */
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
