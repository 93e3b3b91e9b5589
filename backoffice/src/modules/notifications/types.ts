/** GET /api/mail-deliveries: one email of the queue, never its body (docs/notifications.md, "Email"). */
export interface MailDelivery {
  id: number
  _id: number
  recipients: string
  subject: string
  state: MailDeliveryState
  attempts: number
  lastError: string | null
  nextAttemptAt: string | null
  failedAt: string | null
  sentAt: string | null
  createdAt: string | null
}

export type MailDeliveryState = 'failed' | 'waiting' | 'sent'

/** The list's `state` filter; the backend shows the given-up ones unless told otherwise. */
export const MAIL_DELIVERY_STATE_CHOICES: Array<{ id: MailDeliveryState; name: string }> = [
  { id: 'failed', name: 'Failed (given up)' },
  { id: 'waiting', name: 'Waiting to be sent' },
  { id: 'sent', name: 'Sent' },
]

export const mailDeliveryRepresentation = (delivery: MailDelivery) => `${delivery.subject} (${delivery.recipients})`
