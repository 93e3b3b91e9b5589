/** GET /api/admin/jobs/failed: one background job that failed, never its payload (docs/notifications.md, "Email"). */
export interface FailedJob {
  id: string
  queue: string
  /** `SendMail`, `HoldClock`, `PruneState`, `DocumentRetention`. */
  name: string
  attempts: number
  lastError: string | null
  failedAt: string | null
  /** For an email: to whom and about what. */
  summary: string | null
}

export const failedJobRepresentation = (job: FailedJob) => job.summary ?? job.name

/** GET /api/admin/outbox: an email kept, as rendered, while no SMTP server is configured. */
export interface OutboxEmail {
  id: number
  to: string
  subject: string
  text: string | null
  html: string | null
  sentAt: string | null
}

export const outboxEmailRepresentation = (email: OutboxEmail) => `${email.subject} (${email.to})`
