import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import env from '#start/env'
import { User } from '#identity'
import { LIVE_CHANNELS, type NotificationMessage } from '#core/live'
import type { NodeMailerMessage } from '@adonisjs/mail/types'
import { queueMessage } from '#core/mail/queue_transport'
import Notification from '#notifications/models/notification'
import type { NotificationKind } from '#notifications/kinds'
import { BRAND, renderNotificationEmail } from '#notifications/mail/notification_email'
import { emailOffKinds } from '#notifications/queries/preferences'

/** What one person is told: the bell's row and, unless they turned the kind off, the email. */
export type Notice = {
  userId: number
  kind: NotificationKind
  title: string
  body: string
  /** A path on the one origin (storefront or /backoffice). */
  link: string | null
  /** The email's summary table (lot, development, status, decided by, notes ...). */
  summary: Array<[string, string]>
  action: string
}

function absolute(link: string | null): string | null {
  if (!link) return null
  return `${env.get('APP_URL').replace(/\/+$/, '')}${link}`
}

/** What a transaction recorded: the bell's rows, and the emails to queue once it committed. */
export type RecordedNotices = { created: Notification[]; emails: NodeMailerMessage[] }

/** One notice per person (the first naming them wins): the bell's rows, written in `trx`, and their emails, rendered. */
export async function recordNotices(trx: TransactionClientContract, notices: Notice[]): Promise<RecordedNotices> {
  const once = new Map<number, Notice>()
  for (const notice of notices) if (!once.has(notice.userId)) once.set(notice.userId, notice)
  if (once.size === 0) return { created: [], emails: [] }

  const ids = [...once.keys()]
  const people = new Map(
    (await User.query({ client: trx }).whereIn('id', ids).select('id', 'name', 'email')).map((u) => [u.id, u])
  )
  const emailOff = await emailOffKinds(ids, trx)
  const from = { address: env.get('MAIL_FROM_ADDRESS') ?? 'no-reply@aero-demo.my', name: BRAND }

  const emails: NodeMailerMessage[] = []
  const created: Notification[] = []
  for (const notice of once.values()) {
    const person = people.get(notice.userId)
    if (!person) continue
    created.push(
      await Notification.create(
        { userId: person.id, kind: notice.kind, title: notice.title, body: notice.body, link: notice.link },
        { client: trx }
      )
    )
    if (emailOff.get(person.id)?.has(notice.kind)) continue
    const email = renderNotificationEmail({
      recipientName: person.name,
      title: notice.title,
      body: notice.body,
      summary: notice.summary,
      url: absolute(notice.link),
      action: notice.action,
    })
    emails.push({ from, to: [{ address: person.email, name: person.name }], ...email })
  }
  return { created, emails }
}

/** After the commit: each email queued as a `SendMail` job, each row pushed to its owner's bell. */
export async function sendNotices({ created, emails }: RecordedNotices): Promise<void> {
  for (const email of emails) {
    try {
      await queueMessage(email)
    } catch (error) {
      logger.error({ err: error, to: email.to }, 'a notification email could not be queued')
    }
  }

  for (const row of created) {
    const message: NotificationMessage = {
      type: 'notification',
      id: row.id,
      kind: row.kind,
      title: row.title,
      link: row.link,
      createdAt: row.createdAt.toISO()!,
    }
    try {
      transmit.broadcast(LIVE_CHANNELS.userNotifications(row.userId), message)
    } catch (error) {
      logger.warn({ err: error, notificationId: row.id }, 'a notification could not be pushed live')
    }
  }
}

/**
 * Records the notices in their own transaction, then sends them: emails are queued only after the
 * commit, so no request waits for SMTP and no email goes out for a rolled-back notice.
 */
export async function notify(notices: Notice[]): Promise<Notification[]> {
  if (notices.length === 0) return []
  const recorded = await db.transaction((trx) => recordNotices(trx, notices))
  await sendNotices(recorded)
  return recorded.created
}
