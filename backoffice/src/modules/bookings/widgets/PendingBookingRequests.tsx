import { ResourceQuickView } from '../../../components/QuickView'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime } from '../../../format'
import { unitOrLot, type Booking } from '../types'

/** Dashboard, Booking Requests tab: the requests waiting for the super admin. */
export default function PendingBookingRequests() {
  return (
    <ResourceQuickView<Booking>
      resource="admin/bookings"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filter={{ status: 'pending_admin' }}
      title="Pending Booking Requests"
      failureText="Failed to load booking requests. Please try refreshing the page."
      emptyText="No booking requests are waiting for your approval."
      linkLabel="Open Booking Approvals"
      to="/admin/bookings"
      item={(booking) => ({
        primary: `${bookingReference(booking.id)} · ${unitOrLot(booking)} · ${booking.user?.name ?? booking.creatorName ?? 'N/A'}`,
        secondary: `${booking.agency?.name ?? 'No agency'} · ${formatDateTime(booking.createdAt)}`,
        aside: <BookingStatusBadge status={booking.status} />,
      })}
    />
  )
}
