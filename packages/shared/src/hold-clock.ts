/**
 * Holds with a clock (docs/decisions/020-booking-hold-clock.md): a pending booking holds its lot
 * until the server's `heldUntil`; the pages and screens count down to exactly that moment.
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

/** The extension lengths offered; the backend refuses one longer than the development's hold length. */
export const EXTENSION_CHOICES = [
  { minutes: 15, label: '15 minutes' },
  { minutes: 30, label: '30 minutes' },
  { minutes: 60, label: '1 hour' },
  { minutes: 120, label: '2 hours' },
  { minutes: 24 * 60, label: '1 day' },
  { minutes: 3 * 24 * 60, label: '3 days' },
  { minutes: 7 * 24 * 60, label: '7 days' },
] as const

/** Hold lengths for the development settings: '30 minutes', '2 hours 30 minutes', '7 days'. */
export function formatHoldLength(minutes: number): string {
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  const parts: string[] = []
  if (days) parts.push(`${days} day${days === 1 ? '' : 's'}`)
  if (hours) parts.push(`${hours} hour${hours === 1 ? '' : 's'}`)
  if (rest || parts.length === 0) parts.push(`${rest} minute${rest === 1 ? '' : 's'}`)
  return parts.join(' ')
}
