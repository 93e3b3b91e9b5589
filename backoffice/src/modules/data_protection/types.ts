import { formatDateTime } from '../../format'

/** A notification clock of an incident, as the backend computed it (backend/app/privacy/services/breach_clocks.ts). */
export interface BreachClock {
  state: 'waiting' | 'running' | 'overdue' | 'done'
  deadline: string | null
  notifiedAt: string | null
  secondsLeft: number | null
  late: boolean
}

/** GET /api/data-breaches: one incident on the breach register. */
export interface DataBreach {
  id: number
  discoveredAt: string
  description: string
  affectedPeople: string
  dataKinds: string[]
  affectedCount: number
  status: 'open' | 'closed'
  commissionerNotifiedAt: string | null
  commissionerReference: string | null
  individualsNotifiedAt: string | null
  closedAt: string | null
  recordedBy: string
  clocks: { commissioner: BreachClock; individuals: BreachClock }
}

/** GET /api/data-breach-notices: a notice emailed to the people a breach affected. */
export interface BreachNotice {
  id: number
  breachId: number
  subject: string
  body: string
  recipients: string[]
  recipientCount: number
  sentBy: string
  sentAt: string
}

/** GET /api/data-protection-officer/1. */
export interface DataProtectionOfficer {
  id: 1
  appointed: boolean
  name: string | null
  email: string | null
  phone: string | null
  updatedAt: string | null
}

export const DATA_KIND_CHOICES = [
  { id: 'identity_documents', name: 'Identity cards (IC images)' },
  { id: 'cheques', name: 'Cheques' },
  { id: 'contact_details', name: 'Names and contact details' },
  { id: 'account_credentials', name: 'Sign-in details' },
  { id: 'booking_records', name: 'Booking records' },
  { id: 'fees', name: 'Booking fees and receipts' },
  { id: 'notifications', name: 'Notifications' },
  { id: 'other', name: 'Other' },
]

export const BREACH_STATUS_CHOICES = [
  { id: 'open', name: 'Open' },
  { id: 'closed', name: 'Closed' },
]

/** "2 d 4 h", "5 h 12 min", "12 min": how long, in the two largest units. */
export function durationText(seconds: number): string {
  const minutes = Math.floor(Math.abs(seconds) / 60)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${rest} min`
  return `${rest} min`
}

/** A clock in words: time left, overdue, not started, or when it was done. */
export function clockText(clock: BreachClock): string {
  switch (clock.state) {
    case 'waiting':
      return 'Starts when the Commissioner is notified'
    case 'running':
      return `${durationText(clock.secondsLeft ?? 0)} left (due ${formatDateTime(clock.deadline)})`
    case 'overdue':
      return `Overdue by ${durationText(clock.secondsLeft ?? 0)} (was due ${formatDateTime(clock.deadline)})`
    case 'done':
      return `Notified ${formatDateTime(clock.notifiedAt)}${clock.late ? ' (late)' : ''}`
  }
}

/** The addresses typed into the notice form: one per line, or separated by commas or spaces. */
export function recipientsFrom(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean)
}

export const breachRepresentation = (breach: DataBreach) => `Breach #${breach.id}`
