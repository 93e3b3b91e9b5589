import db from '@adonisjs/lucid/services/db'
import User from '#identity/models/user'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import UserPolicy from '#identity/policies/user_policy'
import { AppError } from '#core/errors'
import { authorizeLocked } from '#core/policies/after_lock'
import { announceAccessEndedOnCommit } from '#identity/events'

/** Its bookings stay with their creator snapshot (the schema sets their user links to NULL). */
export default class DeleteUser {
  async handle(actor: User, userId: number, by: AuditBy): Promise<User> {
    return db.transaction(async (trx) => {
      const user = await User.query({ client: trx }).where('id', userId).preload('agency').forUpdate().first()
      if (!user) throw AppError.notFound('User not found')
      if (user.id === actor.id) throw AppError.invalid('id', 'You cannot delete your own account.')
      authorizeLocked(new UserPolicy().delete(actor, user))
      await user.delete()
      announceAccessEndedOnCommit(trx, { userId: user.id, cause: 'account_deleted' })
      await recordAudit(trx, by, {
        action: 'user.deleted',
        subject: { type: 'user', id: user.id, label: `${user.name} (${user.email})` },
        before: auditFields(user),
        after: null,
      })
      return user
    })
  }
}
