/**
 * Holds with a clock (docs/decisions/booking-hold-clock.md): a pending booking holds its lot
 * until the server's `heldUntil`; the pages count down to exactly that moment.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Milliseconds left until the deadline at `now` (never below zero); null without a deadline. */
export function holdRemainingMs(heldUntil: string | null | undefined, now: number): number | null {
  if (!heldUntil) return null
  const deadline = Date.parse(heldUntil)
  return Number.isNaN(deadline) ? null : Math.max(0, deadline - now)
}

/** The countdown: '04:09' (mm:ss) under an hour, '5 h 3 m' under a day, '2 d 3 h' beyond; 'Expired' at zero. */
export function formatHoldRemaining(ms: number): string {
  if (ms <= 0) return 'Expired'
  if (ms < HOUR) {
    const seconds = Math.ceil(ms / SECOND)
    return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`
  }
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ${Math.floor((ms % HOUR) / MINUTE)} m`
  return `${Math.floor(ms / DAY)} d ${Math.floor((ms % DAY) / HOUR)} h`
}
