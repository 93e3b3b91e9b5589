import { isoFromRow } from '#core/dates'

/** A `mail_outbox` row as the driver returns it (snake_case, ids possibly as strings). */
export type OutboxMailRow = {
  id: number | string
  recipients: unknown
  subject: unknown
  text: string | null
  html: string | null
  sent_at: Date | string | null
}

export function serializeOutboxMail(row: OutboxMailRow) {
  return {
    id: Number(row.id),
    to: String(row.recipients),
    subject: String(row.subject),
    text: row.text ?? null,
    html: row.html ?? null,
    sentAt: isoFromRow(row.sent_at),
  }
}

export type OutboxMailResource = ReturnType<typeof serializeOutboxMail>
