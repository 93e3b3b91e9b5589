/**
 * The sign-in's life as the browser sees it (requirements: account.md#sessions): a warning when
 * an hour or less remains, a check every five minutes while a page is open.
 */

/** The warning shows when 1 hour or less remains (requirements: account.md#sessions). */
export const SESSION_WARNING_MS = 60 * 60 * 1000
/** Session expiry check every 5 minutes (requirements: account.md#sessions). */
export const SESSION_CHECK_INTERVAL_MS = 5 * 60 * 1000
/** These events update the last-activity time (requirements: account.md#sessions). */
export const ACTIVITY_EVENTS = ['mousedown', 'keydown', 'scroll', 'touchstart'] as const

/** Milliseconds left before `expiresAt`; null when it cannot be read. */
export function remainingMs(expiresAt: string | null | undefined, now: number): number | null {
  if (!expiresAt) return null
  const end = Date.parse(expiresAt)
  return Number.isNaN(end) ? null : end - now
}

/** Whether the session-expiring banner shows: an hour or less left, not yet over. */
export function isExpiringSoon(remaining: number | null): boolean {
  return remaining !== null && remaining > 0 && remaining <= SESSION_WARNING_MS
}

/** The banner's time: 'less than a minute', '1 minute', 'N minutes'. */
export function timeLeftText(remaining: number): string {
  const minutes = Math.floor(Math.max(remaining, 0) / 60_000)
  if (minutes < 1) return 'less than a minute'
  if (minutes === 1) return '1 minute'
  return `${minutes} minutes`
}
