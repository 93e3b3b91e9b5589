/**
 * A buyer's Bumiputera status as the screens show it: the record the identity API sends (on the
 * signed-in user, and on a declaration's answer), its labels and the declaration form's texts.
 */
import { formatDate } from '~/utils/format'

export type BumiputeraStatus = 'none' | 'declared' | 'verified' | 'rejected'
export type BumiputeraKind = 'individual' | 'company'

/** The fields the identity API sends about a person's status (flat, as on the user record). */
export interface BumiputeraRecord {
  bumiputeraStatus?: string | null
  bumiputeraKind?: string | null
  bumiputeraVerifiedAt?: string | null
  /** Who decided it: their name where the API sends one. */
  bumiputeraVerifiedByName?: string | null
  bumiputeraVerifiedBy?: number | string | { name?: string | null } | null
}

export interface BumiputeraView {
  status: BumiputeraStatus
  kind: BumiputeraKind | null
  decidedAt: string | null
  decidedBy: string | null
}

const STATUSES: readonly BumiputeraStatus[] = ['none', 'declared', 'verified', 'rejected']
export const BUMIPUTERA_KINDS: readonly BumiputeraKind[] = ['individual', 'company']

/** The status from whatever the API sent; 'none' when it said nothing. */
export function bumiputeraOf(record: BumiputeraRecord | null | undefined): BumiputeraView {
  const status = STATUSES.find((known) => known === record?.bumiputeraStatus) ?? 'none'
  const kind = BUMIPUTERA_KINDS.find((known) => known === record?.bumiputeraKind) ?? null
  const by = record?.bumiputeraVerifiedBy
  const decidedBy =
    record?.bumiputeraVerifiedByName ?? (by && typeof by === 'object' ? (by.name ?? null) : null) ?? null
  const decided = status === 'verified' || status === 'rejected'
  return {
    status,
    kind,
    decidedAt: decided ? (record?.bumiputeraVerifiedAt ?? null) : null,
    decidedBy: decided ? decidedBy : null,
  }
}

const STATUS_LABELS: Record<BumiputeraStatus, string> = {
  none: 'Not declared',
  declared: 'Declared, awaiting verification',
  verified: 'Verified',
  rejected: 'Rejected',
}

const KIND_LABELS: Record<BumiputeraKind, string> = { individual: 'Individual', company: 'Company' }

export function bumiputeraStatusLabel(status: BumiputeraStatus): string {
  return STATUS_LABELS[status]
}

export function bumiputeraKindLabel(kind: BumiputeraKind): string {
  return KIND_LABELS[kind]
}

export type BumiputeraTone = 'green' | 'yellow' | 'red' | 'grey'

/** Badge colours: verified green, declared yellow, rejected red, none grey. */
export function bumiputeraTone(status: BumiputeraStatus): BumiputeraTone {
  return status === 'verified' ? 'green' : status === 'declared' ? 'yellow' : status === 'rejected' ? 'red' : 'grey'
}

/** 'Verified by Aisyah Rahman on Mar 05, 2026'; the decision's who and when, as far as known. */
export function bumiputeraDecisionText(view: BumiputeraView): string | null {
  if (view.status !== 'verified' && view.status !== 'rejected') return null
  const by = view.decidedBy ? ` by ${view.decidedBy}` : ''
  const on = view.decidedAt ? ` on ${formatDate(view.decidedAt)}` : ''
  return `${bumiputeraStatusLabel(view.status)}${by}${on}`
}

export const BUMIPUTERA_TEXTS = {
  title: 'Bumiputera status',
  intro:
    "Some lots are kept for Bumiputera buyers under the state's quota, and a Bumiputera discount may apply. Declare your status with a document that shows it; staff verify it before such a lot can be booked for you.",
  declared:
    'Your declaration is waiting for staff to verify it. You will be able to book Bumiputera lots once it is verified.',
  verified: 'You may book Bumiputera lots, and the Bumiputera discount is applied to your bookings automatically.',
  rejected: 'Your declaration was not accepted. You may declare again with another document.',
  kindLegend: 'Declaring as',
  evidenceLabel: 'Evidence document',
  evidenceHint: 'Your IC, or for a company its certificate showing Bumiputera status: PDF, JPG or PNG, up to 10 MB.',
  kindRequired: 'Choose whether you declare as an individual or a company.',
  evidenceRequired: 'Attach a document that shows your Bumiputera status.',
  submit: 'Declare Bumiputera status',
  sending: 'Sending…',
  failed: 'Your declaration could not be sent. Please try again.',
  success: 'Bumiputera status declared. It will be verified by staff.',
} as const

/** A quota lot whose release is not recorded (`bumiputeraReserved`): its mark and the booking forms' notices. */
export const BUMIPUTERA_LOT_TEXTS = {
  tag: 'Bumiputera lot',
  /** The backend's refusal, word for word (backend/app/inventory/bumiputera.ts). */
  refusal:
    "This lot is reserved for Bumiputera buyers. The buyer's Bumiputera status must be verified before it can be booked.",
  verified: 'This is a Bumiputera lot. You are a verified Bumiputera buyer: the Bumiputera discount applies.',
  declare: 'Declare your Bumiputera status on your profile',
  review: 'See your Bumiputera status on your profile',
} as const

/** The profile's Bumiputera card (its heading), where a buyer declares their status. */
export const BUMIPUTERA_PROFILE_HREF = '/profile#bumiputera-title'
