import db from '@adonisjs/lucid/services/db'
import type { User } from '#identity'
import { recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import AccountDeletionRequest from '#privacy/models/account_deletion_request'

export const DELETION_ALREADY_REQUESTED = 'You have already asked for your account to be deleted.'

export default class RequestAccountDeletion {
  async handle(user: User, reason: string | null, by: AuditBy): Promise<AccountDeletionRequest> {
    return db.transaction(async (trx) => {
      // The account row's lock makes two requests sent at once one request.
      await trx.from('users').where('id', user.id).forUpdate().first()
      const pending = await AccountDeletionRequest.query({ client: trx })
        .where('user_id', user.id)
        .where('status', 'pending')
        .first()
      if (pending) throw AppError.conflict(DELETION_ALREADY_REQUESTED)
      const request = await AccountDeletionRequest.create(
        { userId: user.id, userLabel: `${user.name} (${user.email})`, reason: reason || null, status: 'pending' },
        { client: trx }
      )
      await recordAudit(trx, by, {
        action: 'account_deletion.requested',
        subject: { type: 'user', id: user.id, label: request.userLabel },
        before: null,
        after: { deletionRequestId: request.id, reason: request.reason },
      })
      return request
    })
  }
}
