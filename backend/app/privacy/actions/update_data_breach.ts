import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { auditFields, recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import DataBreach, { type BreachStatus } from '#privacy/models/data_breach'
import { breachLabel, type BreachFacts } from '#privacy/actions/record_data_breach'

export const BREACH_NOT_FOUND = 'Breach not found'
export const REFERENCE_REQUIRED = 'Enter the reference the Commissioner gave the notification'
export const NOTIFIED_BEFORE_FOUND = 'The Commissioner cannot have been notified before the breach was found'
export const CLOSE_NEEDS_COMMISSIONER = 'Record the notification to the Commissioner before closing the incident'

export type BreachChange = Partial<BreachFacts> & {
  commissionerNotifiedAt?: DateTime | null
  commissionerReference?: string | null
  status?: BreachStatus
}

/** What the change was, for the audit trail: the most telling of the things it did. */
function actionOf(before: DataBreach['$original'], breach: DataBreach): string {
  if (before.status !== breach.status) return breach.status === 'closed' ? 'data_breach.closed' : 'data_breach.reopened'
  if (!before.commissionerNotifiedAt && breach.commissionerNotifiedAt) return 'data_breach.commissioner_notified'
  return 'data_breach.updated'
}

/**
 * The people's 7-day clock starts at the Commissioner's notification. Checked on the locked row, written
 * with its audit entry in one transaction.
 */
export default class UpdateDataBreach {
  async handle(id: number, change: BreachChange, by: AuditBy): Promise<DataBreach> {
    return db.transaction(async (trx) => {
      const breach = await DataBreach.query({ client: trx }).where('id', id).forUpdate().first()
      if (!breach) throw AppError.notFound(BREACH_NOT_FOUND)
      const before = auditFields(breach)
      const original = { ...breach.$original }
      const { status, commissionerReference, ...facts } = change
      breach.merge(facts)
      if (commissionerReference !== undefined) breach.commissionerReference = commissionerReference || null

      if (breach.commissionerNotifiedAt && !breach.commissionerReference) {
        throw AppError.invalid('commissionerReference', REFERENCE_REQUIRED)
      }
      if (breach.commissionerNotifiedAt && breach.commissionerNotifiedAt < breach.discoveredAt) {
        throw AppError.invalid('commissionerNotifiedAt', NOTIFIED_BEFORE_FOUND)
      }
      if (status !== undefined && status !== breach.status) {
        breach.status = status
        breach.closedAt = status === 'closed' ? DateTime.now() : null
      }
      if (breach.status === 'closed' && !breach.commissionerNotifiedAt) {
        throw AppError.invalid('status', CLOSE_NEEDS_COMMISSIONER)
      }

      await breach.useTransaction(trx).save()
      await recordAudit(trx, by, {
        action: actionOf(original, breach),
        subject: { type: 'data_breach', id: breach.id, label: breachLabel(breach) },
        before,
        after: auditFields(breach),
      })
      return breach
    })
  }
}
