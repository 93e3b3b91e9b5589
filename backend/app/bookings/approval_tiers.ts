import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type Booking from '#bookings/models/booking'
import { TRANSITIONS, statusesWhere, type ApprovalTier, type BookingStatus } from '#bookings/workflow_table'

/**
 * A request waits for its agent admin's answer, then for the developer's decision
 * (docs/decisions/021-approval-time-limits.md); each tier's statuses come from the workflow's table.
 */
export type { ApprovalTier }

type TierDefinition = {
  waiting: BookingStatus[]
  decided: BookingStatus[]
  /** The developments column holding the tier's target, in minutes. */
  targetColumn: 'agent_target_minutes' | 'developer_target_minutes'
}

function tierOf(by: 'respondAsAgent' | 'process', waitingFor: BookingStatus): TierDefinition['decided'] {
  return [
    ...new Set(
      TRANSITIONS.filter(
        (row) => row.by === by && row.from !== null && (row.from as readonly string[]).includes(waitingFor)
      ).map((row) => row.to)
    ),
  ]
}

export const APPROVAL_TIERS: Record<ApprovalTier, TierDefinition> = {
  agent: {
    waiting: statusesWhere((meaning) => meaning.queue === 'agent'),
    decided: tierOf('respondAsAgent', 'pending_agent'),
    targetColumn: 'agent_target_minutes',
  },
  developer: {
    waiting: statusesWhere((meaning) => meaning.queue === 'developer'),
    decided: tierOf('process', 'pending_admin'),
    targetColumn: 'developer_target_minutes',
  },
}

export const DEFAULT_TARGET_MINUTES: Record<ApprovalTier, number> = { agent: 24 * 60, developer: 48 * 60 }

/** The tier a booking in `status` waits for, or null when it waits for no one. */
export function waitingTier(status: BookingStatus): ApprovalTier | null {
  if (APPROVAL_TIERS.agent.waiting.includes(status)) return 'agent'
  if (APPROVAL_TIERS.developer.waiting.includes(status)) return 'developer'
  return null
}

/** The queue a booking stands in, as the lists show it; null when it waits for no one. */
export type QueuePosition = {
  tier: ApprovalTier
  since: string
  targetMinutes: number
  dueAt: string
  overdue: boolean
}

/** Where `booking` stands in its tier's queue at `now` (preload lot.development for its target). */
export function queuePosition(booking: Booking, now: DateTime = DateTime.utc()): QueuePosition | null {
  const tier = waitingTier(booking.status)
  const since = booking.statusChangedAt ?? booking.updatedAt
  if (!tier || !since) return null
  const development = booking.lot?.$preloaded.development ? booking.lot.development : null
  const targetMinutes =
    (tier === 'agent' ? development?.agentTargetMinutes : development?.developerTargetMinutes) ??
    DEFAULT_TARGET_MINUTES[tier]
  const dueAt = since.plus({ minutes: targetMinutes })
  return { tier, since: since.toUTC().toISO()!, targetMinutes, dueAt: dueAt.toUTC().toISO()!, overdue: now >= dueAt }
}

function isMysql() {
  return db.connection().dialect.name === 'mysql'
}

/** SQL: whole seconds from `from` to `to` (two datetime expressions), on MySQL/MariaDB and SQLite. */
export function secondsBetween(from: string, to: string) {
  return isMysql()
    ? `TIMESTAMPDIFF(SECOND, ${from}, ${to})`
    : `CAST(ROUND((julianday(${to}) - julianday(${from})) * 86400) AS INTEGER)`
}

/** SQL: the datetime expression `at` plus the minutes expression `minutes`. */
export function plusMinutes(at: string, minutes: string) {
  return isMysql() ? `DATE_ADD(${at}, INTERVAL ${minutes} MINUTE)` : `datetime(${at}, '+' || ${minutes} || ' minutes')`
}

export function sqlTime(at: DateTime) {
  return at.toUTC().toFormat('yyyy-LL-dd HH:mm:ss')
}

/** Bookings aliased `bookings`; the `status` comparison uses the (status, status_changed_at) index. */
export function overdueCondition(tier: ApprovalTier): string {
  const { waiting, targetColumn } = APPROVAL_TIERS[tier]
  const statuses = waiting.map((status) => `'${status}'`).join(', ')
  return `(bookings.status IN (${statuses}) AND EXISTS (SELECT 1 FROM lots JOIN developments ON developments.id = lots.development_id
    WHERE lots.id = bookings.lot_id AND ${plusMinutes('bookings.status_changed_at', `developments.${targetColumn}`)} <= ?))`
}
