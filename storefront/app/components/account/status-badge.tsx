import { bookingStatusLabel } from '~/utils/format'
import { bookingStatusTone } from '~/utils/user-bookings'

export function BookingStatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${bookingStatusTone(status)}`}>{bookingStatusLabel(status)}</span>
}
