import { useEffect, useState } from 'react'
import { formatDateTime } from '~/utils/format'
import { formatHoldRemaining, holdRemainingMs } from '@aero/shared/hold-clock'

/**
 * "Held until <date time MYT>" and a live countdown to the server's `heldUntil` (holds with a
 * clock). The count is the browser's; the deadline is the server's, so a reload never moves it.
 */
export function HoldCountdown({ heldUntil }: { heldUntil: string }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [heldUntil])
  const remaining = holdRemainingMs(heldUntil, now) ?? 0
  return (
    <span className="hold-countdown" data-held-until={heldUntil}>
      Held until <time dateTime={heldUntil}>{formatDateTime(heldUntil)}</time>{' '}
      <span className="hold-countdown__left" role="timer" aria-live="off" suppressHydrationWarning>
        ({formatHoldRemaining(remaining)}
        {remaining > 0 ? ' left' : ''})
      </span>
    </span>
  )
}
