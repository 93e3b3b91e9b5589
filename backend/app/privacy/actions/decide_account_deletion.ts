import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { User, anonymiseAccount, anonymousName } from '#identity'
import { forgetRequester, removeForgottenFiles, type ForgottenRequester } from '#bookings'
import { forgetMembershipMessages } from '#agencies'
import { forgetBumiputeraEvidence, removeStoredDocuments } from '#documents'
import { recordAudit, redactPerson, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import { isSuperAdmin } from '#core/roles'
import AccountDeletionRequest from '#privacy/models/account_deletion_request'

export const DELETION_REQUEST_NOT_FOUND = 'Deletion request not found'
export const DELETION_REQUEST_DECIDED = 'This request has already been answered.'
export const SUPER_ADMIN_NOT_DELETED =
  'A super admin account cannot be deleted. Change its role first, then confirm the request.'

export type DeletionDecision = { decision: 'confirm' } | { decision: 'decline'; declineReason: string }

/**
 * Confirming anonymises the account and keeps its bookings as anonymous sale records (docs/privacy.md,
 * "Access"); documents are marked deleted in the transaction and leave the store once it commits. The audit
 * entries name no person, only the request and document ids.
 */
export default class DecideAccountDeletion {
  async handle(requestId: number, decision: DeletionDecision, by: AuditBy): Promise<AccountDeletionRequest> {
    const { request, forgotten, evidence } = await db.transaction(async (trx) => {
      let forgotten: ForgottenRequester | null = null
      let evidence: Array<{ id: number; storageKey: string }> = []
      const locked = await AccountDeletionRequest.query({ client: trx }).where('id', requestId).forUpdate().first()
      if (!locked) throw AppError.notFound(DELETION_REQUEST_NOT_FOUND)
      if (locked.status !== 'pending') throw AppError.conflict(DELETION_REQUEST_DECIDED)
      const label = locked.userId ? anonymousName(locked.userId) : locked.userLabel
      // A declined request leaves the person as they were: their entry names the account, not a deletion.
      const declinedLabel = locked.userId ? `User #${locked.userId}` : locked.userLabel

      locked.decidedById = by.actor.id
      locked.decidedAt = DateTime.now()
      if (decision.decision === 'decline') {
        locked.status = 'declined'
        locked.declineReason = decision.declineReason
        await locked.save()
        await recordAudit(trx, by, {
          action: 'account_deletion.declined',
          subject: { type: 'user', id: locked.userId, label: declinedLabel },
          before: { status: 'pending' },
          after: { deletionRequestId: locked.id, status: 'declined', declineReason: decision.declineReason },
        })
        return { request: locked, forgotten, evidence }
      }

      const user = locked.userId
        ? await User.query({ client: trx }).where('id', locked.userId).forUpdate().first()
        : null
      if (user && isSuperAdmin(user.role)) throw AppError.conflict(SUPER_ADMIN_NOT_DELETED)
      let auditEntriesRedacted = 0
      if (user && !user.anonymisedAt) {
        auditEntriesRedacted = await redactPerson(trx, { id: user.id, email: user.email }, label)
        forgotten = await forgetRequester(trx, user.id, anonymousName(user.id))
        evidence = await forgetBumiputeraEvidence(trx, user.id)
        await forgetMembershipMessages(trx, user.id)
        await anonymiseAccount(trx, user)
      }
      locked.status = 'confirmed'
      locked.userLabel = label
      locked.reason = null
      await locked.save()
      await recordAudit(trx, by, {
        action: 'user.anonymised',
        subject: { type: 'user', id: locked.userId, label },
        before: { status: 'pending' },
        after: {
          deletionRequestId: locked.id,
          status: 'confirmed',
          bookingsKept: forgotten?.bookings ?? 0,
          auditEntriesRedacted,
          documentsDeleted: forgotten?.documents.map((document) => document.id) ?? [],
          bumiputeraEvidenceDeleted: evidence.map((row) => row.id),
        },
      })
      return { request: locked, forgotten, evidence }
    })
    if (forgotten) await removeForgottenFiles(forgotten)
    await removeStoredDocuments(evidence)
    return request
  }
}
