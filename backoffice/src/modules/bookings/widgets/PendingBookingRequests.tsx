import { useGetList } from 'react-admin'
import { QuickView } from '../../../components/QuickView'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime } from '../../../format'
import { unitOrLot, type Booking } from '../types'

/** Dashboard, Booking Requests tab: the requests waiting for the super admin. */
export default function PendingBookingRequests() {
  const { data, total, isPending, error } = useGetList<Booking>('admin/bookings', {
    pagination: { page: 1, perPage: 10 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { status: 'pending_admin' },
  })
  return (
    <QuickView
      title="Pending Booking Requests"
      total={total}
      loading={isPending}
      failed={!!error}
      failureText="Failed to load booking requests. Please try refreshing the page."
      emptyText="No booking requests are waiting for your approval."
      linkLabel="Open Booking Approvals"
      to="/admin/bookings"
      items={(data ?? []).map((booking) => ({
        key: booking.id,
        primary: `${bookingReference(booking.id)} · ${unitOrLot(booking)} · ${booking.user?.name ?? booking.creatorName ?? 'N/A'}`,
        secondary: `${booking.agency?.name ?? 'No agency'} · ${formatDateTime(booking.createdAt)}`,
        aside: <BookingStatusBadge status={booking.status} />,
      }))}
    />
  )
}
