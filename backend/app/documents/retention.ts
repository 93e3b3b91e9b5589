import type { DateTime } from 'luxon'
import { displayDate } from '#core/dates'
import env from '#start/env'
import { RELEASED_STATUSES, SOLD_STATUSES, type BookingStatus } from '#bookings'

/**
 * Counted from when the booking ended (docs/privacy.md, "Retention"): DOCUMENT_RETENTION_UNSOLD_DAYS without
 * a sale, DOCUMENT_RETENTION_SOLD_DAYS for a sold one.
 */
export type RetentionRule = 'unsold' | 'sold'

export const DEFAULT_UNSOLD_DAYS = 90
export const DEFAULT_SOLD_DAYS = 2557

/** The statuses each rule applies to: ended without a sale (the lot went back), or sold. */
export const RETENTION_STATUSES: Record<RetentionRule, BookingStatus[]> = {
  unsold: RELEASED_STATUSES,
  sold: SOLD_STATUSES,
}

export type RetentionPeriods = Record<RetentionRule, number>

function days(value: number | undefined, fallback: number) {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback
}

export function retentionPeriods(): RetentionPeriods {
  return {
    unsold: days(env.get('DOCUMENT_RETENTION_UNSOLD_DAYS'), DEFAULT_UNSOLD_DAYS),
    sold: days(env.get('DOCUMENT_RETENTION_SOLD_DAYS'), DEFAULT_SOLD_DAYS),
  }
}

export const RETENTION_REASONS: Record<RetentionRule, string> = {
  unsold: 'retention_unsold',
  sold: 'retention_sold',
}

/** The rule as the booking details name it: "Deleted on <date> (retention: <rule>)". */
const RULE_LABELS: Record<string, string> = {
  retention_unsold: 'retention: ended without a sale',
  retention_sold: 'retention: sold',
  account_deletion: 'account deleted',
}

export function deletionLabel(reason: string | null): string | null {
  return reason ? (RULE_LABELS[reason] ?? reason.replace(/_/g, ' ')) : null
}

/** What a download of a deleted document answers (410). */
export function deletedDocumentMessage(document: { deletedAt: DateTime | null; deletionReason: string | null }) {
  const on = document.deletedAt ? displayDate(document.deletedAt) : 'an earlier date'
  const rule = deletionLabel(document.deletionReason)
  return `This document was deleted on ${on}${rule ? ` (${rule})` : ''}.`
}
