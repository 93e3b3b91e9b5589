import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import type User from '#identity/models/user'
import { AppError } from '#core/errors'

/**
 * Replaces the password after checking the current one, and signs out every other
 * sign-in of the user (their tokens are revoked; the current one is kept).
 */
export default class ChangePassword {
  async handle(user: User, currentPassword: string, newPassword: string, keepTokenId?: string) {
    if (!(await hash.verify(user.password, currentPassword))) {
      // 422, not 401: a wrong current password must not look like a lost sign-in.
      throw AppError.invalid('currentPassword', 'Current password is incorrect')
    }
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.password = newPassword
      await user.save()
      const others = trx.from('auth_access_tokens').where('tokenable_id', user.id)
      if (keepTokenId) others.whereNot('id', keepTokenId)
      await others.delete()
    })
  }
}
