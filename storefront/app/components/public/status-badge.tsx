import { heldText, heldUntil } from '~/components/public/hub/waitlist-hold'
import { lotStatusLabel, lotStatusTone } from '~/utils/format'

/**
 * A lot's status: available green, reserved yellow, booked blue, sold red, others grey. An
 * available lot a waitlist offer holds reads as held (yellow), with until when.
 */
export function LotStatusBadge({ status, offeredUntil = null }: { status: string; offeredUntil?: string | null }) {
  const until = heldUntil({ status, offeredUntil })
  if (until) return <span className="badge badge--yellow">{heldText(until)}</span>
  return <span className={`badge badge--${lotStatusTone(status)}`}>{lotStatusLabel(status)}</span>
}
