import { lotStatusLabel, lotStatusTone } from '~/utils/format'

/** A lot's status: available green, reserved yellow, booked blue, sold red, others grey. */
export function LotStatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${lotStatusTone(status)}`}>{lotStatusLabel(status)}</span>
}
