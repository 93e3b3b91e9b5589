/**
 * Approval time limits (docs/decisions/021-approval-time-limits.md): the tier a booking waits for,
 * since when, and its deadline, all computed by the backend; the screens only word them.
 */
export type ApprovalTier = 'agent' | 'developer'

/** A booking's `queue` as the API serialises it; null when it waits for no one. */
export interface QueuePosition {
  tier: ApprovalTier
  since: string
  targetMinutes: number
  dueAt: string
  overdue: boolean
}

/** A tier's figures on the dashboards (GET /api/dashboard/admin and /agent, `approvalTimes`). */
export interface TierFigures {
  decisions: number
  medianSeconds: number | null
  p90Seconds: number | null
  overdue: number
}

export interface ApprovalTimes {
  windowDays: number
  tiers: Record<ApprovalTier, TierFigures>
}

export const TIER_NAMES: Record<ApprovalTier, string> = {
  agent: 'Agent admin approval',
  developer: 'Developer decision',
}

/** A duration in words, to the two largest units: "45 min", "3 h 20 min", "2 d 4 h". */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** How long a booking has waited, and whether it is past its tier's target (the backend's word). */
export function timeInQueue(queue: QueuePosition | null | undefined, now: Date = new Date()) {
  if (!queue) return null
  const waited = (now.getTime() - Date.parse(queue.since)) / 1000
  const late = (now.getTime() - Date.parse(queue.dueAt)) / 1000
  return {
    waited: formatDuration(waited),
    overdue: queue.overdue,
    text: queue.overdue
      ? `Waiting ${formatDuration(waited)} · overdue by ${formatDuration(late)}`
      : `Waiting ${formatDuration(waited)} · target ${formatDuration(queue.targetMinutes * 60)}`,
  }
}

/** A figure in seconds on a dashboard card, or a dash without decisions. */
export function formatFigure(seconds: number | null): string {
  return seconds === null ? '—' : formatDuration(seconds)
}
