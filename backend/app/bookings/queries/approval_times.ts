import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { APPROVAL_TIERS, overdueCondition, secondsBetween, sqlTime, type ApprovalTier } from '#bookings/approval_tiers'

/** The dashboards look back this many days for decisions. */
export const DECISION_WINDOW_DAYS = 30

export type TierFigures = {
  decisions: number
  /** Nearest-rank median time to decision, in seconds; null without decisions. */
  medianSeconds: number | null
  /** Nearest-rank 90th percentile time to decision, in seconds; null without decisions. */
  p90Seconds: number | null
  overdue: number
}

export type ApprovalTimes = { windowDays: number; tiers: Record<ApprovalTier, TierFigures> }

const TIERS: ApprovalTier[] = ['agent', 'developer']

function list(statuses: string[]) {
  return statuses.map((status) => `'${status}'`).join(', ')
}

/**
 * A decision is a history row leaving a tier's waiting status, timed from the row before it (LAG); document
 * steps are not the tier's. Nearest-rank percentiles (docs/decisions/021-approval-time-limits.md) from
 * ROW_NUMBER and COUNT, since MySQL/MariaDB have no PERCENTILE_CONT: 1, 2, 3, 4, 10 hours have median 3 h
 * and p90 10 h.
 */
export async function approvalTimes(agencyId?: number, now: DateTime = DateTime.utc()): Promise<ApprovalTimes> {
  const windowStart = sqlTime(now.minus({ days: DECISION_WINDOW_DAYS }))
  const agency = agencyId === undefined ? '' : 'AND bookings.agency_id = ?'
  const tierCase = TIERS.map(
    (tier) =>
      `WHEN from_status IN (${list(APPROVAL_TIERS[tier].waiting)}) AND to_status IN (${list(APPROVAL_TIERS[tier].decided)}) THEN '${tier}'`
  ).join(' ')
  // A booking decided in the window entered its current status no earlier than the decision.
  const decisions = await db.rawQuery(
    `WITH steps AS (
       SELECT history.from_status, history.to_status, history.created_at,
         LAG(history.created_at) OVER (PARTITION BY history.booking_id ORDER BY history.created_at, history.id) AS entered_at
       FROM booking_status_history history
       JOIN bookings ON bookings.id = history.booking_id
       WHERE bookings.status_changed_at >= ? ${agency}
         AND history.event IS NULL
     ), decided AS (
       SELECT CASE ${tierCase} END AS tier, ${secondsBetween('entered_at', 'created_at')} AS waited
       FROM steps
       WHERE created_at >= ? AND entered_at IS NOT NULL
     ), ranked AS (
       SELECT tier, waited,
         ROW_NUMBER() OVER (PARTITION BY tier ORDER BY waited) AS position,
         COUNT(*) OVER (PARTITION BY tier) AS total
       FROM decided
       WHERE tier IS NOT NULL
     )
     SELECT tier, MAX(total) AS decisions,
       MIN(CASE WHEN position * 2 >= total THEN waited END) AS median_seconds,
       MIN(CASE WHEN position * 10 >= total * 9 THEN waited END) AS p90_seconds
     FROM ranked
     GROUP BY tier`,
    agencyId === undefined ? [windowStart, windowStart] : [windowStart, agencyId, windowStart]
  )

  const at = sqlTime(now)
  const overdue = await db.rawQuery(
    `SELECT ${TIERS.map((tier) => `SUM(CASE WHEN ${overdueCondition(tier)} THEN 1 ELSE 0 END) AS ${tier}`).join(', ')}
     FROM bookings
     WHERE bookings.status IN (${list(TIERS.flatMap((tier) => APPROVAL_TIERS[tier].waiting))}) ${agency}`,
    agencyId === undefined ? [at, at] : [at, at, agencyId]
  )

  const overdueRow = (rowsOf(overdue)[0] ?? {}) as Record<string, unknown>
  const byTier = new Map(rowsOf(decisions).map((row) => [String(row.tier), row]))
  const figures = (tier: ApprovalTier): TierFigures => {
    const row = byTier.get(tier)
    return {
      decisions: Number(row?.decisions ?? 0),
      medianSeconds:
        row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds),
      p90Seconds: row?.p90_seconds === null || row?.p90_seconds === undefined ? null : Number(row.p90_seconds),
      overdue: Number(overdueRow[tier] ?? 0),
    }
  }
  return { windowDays: DECISION_WINDOW_DAYS, tiers: { agent: figures('agent'), developer: figures('developer') } }
}

/** mysql2 answers a raw query with [rows, fields], better-sqlite3 with the rows. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Array<Record<string, unknown>>
}
