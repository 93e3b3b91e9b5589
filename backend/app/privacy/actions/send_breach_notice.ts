import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import mail from '@adonisjs/mail/services/main'
import { recordAudit, type AuditBy } from '#audit'
import { AppError } from '#core/errors'
import DataBreach from '#privacy/models/data_breach'
import DataBreachNotice from '#privacy/models/data_breach_notice'
import DataProtectionOfficer from '#privacy/models/data_protection_officer'
import { breachLabel } from '#privacy/actions/record_data_breach'
import { BREACH_NOT_FOUND } from '#privacy/actions/update_data_breach'

export type BreachNoticeInput = { breachId: number; subject: string; body: string; recipients: string[] }

/** The officer's contact under every notice, so the people know whom to ask. */
function officerLines(officer: DataProtectionOfficer | null): string[] {
  if (!officer) return []
  return ['', '---', `Data Protection Officer: ${officer.name}`, `Email: ${officer.email}`, `Phone: ${officer.phone}`]
}

/**
 * Each email is a queued SendMail job, so the request does not wait for the mail server; the first notice
 * stops the people's 7-day clock.
 */
export default class SendBreachNotice {
  async handle(input: BreachNoticeInput, by: AuditBy): Promise<DataBreachNotice> {
    const recipients = [...new Set(input.recipients.map((address) => address.toLowerCase()))]
    const notice = await db.transaction(async (trx) => {
      const breach = await DataBreach.query({ client: trx }).where('id', input.breachId).forUpdate().first()
      if (!breach) throw AppError.invalid('breachId', BREACH_NOT_FOUND)
      // Whole seconds, as DATETIME keeps them, so the answer and the stored record agree.
      const sentAt = DateTime.now().startOf('second')
      const created = await DataBreachNotice.create(
        {
          dataBreachId: breach.id,
          subject: input.subject,
          body: input.body,
          recipients,
          recipientCount: recipients.length,
          sentById: by.actor.id,
          sentByName: by.actor.name.slice(0, 120),
          sentAt,
        },
        { client: trx }
      )
      const firstNotice = !breach.individualsNotifiedAt
      if (firstNotice) {
        breach.individualsNotifiedAt = sentAt
        await breach.useTransaction(trx).save()
      }
      await recordAudit(trx, by, {
        action: 'data_breach.notice_sent',
        subject: { type: 'data_breach', id: breach.id, label: breachLabel(breach) },
        before: null,
        after: {
          noticeId: created.id,
          subject: created.subject,
          recipientCount: created.recipientCount,
          ...(firstNotice ? { individualsNotifiedAt: sentAt.toUTC().toISO() } : {}),
        },
      })
      return created
    })

    const text = [notice.body, ...officerLines(await DataProtectionOfficer.find(1))].join('\n')
    for (const address of recipients) {
      try {
        await mail.send((message) => {
          message.to(address).subject(notice.subject).text(text)
        })
      } catch (error) {
        logger.error({ err: error, noticeId: notice.id }, 'a breach notice could not be queued for one recipient')
      }
    }
    return notice
  }
}
