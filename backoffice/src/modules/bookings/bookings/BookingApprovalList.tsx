import { Stack } from '@mui/material'
import { DataTable, List } from 'react-admin'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { BookingStatusBadge } from '../../../components/StatusBadge'
import { bookingReference, formatDateTime } from '../../../format'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { ADMIN_BOOKINGS_CHANNEL, describeBookingMessage } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import { useIsLaptop } from '../../../hooks/useIsLaptop'
import { useFlash } from '../../../messages'
import { bookingClient } from '../agent/agentStatus'
import { StatusFilterTabs, useBookingDialogs } from '../shared/BookingListParts'
import { TimeInQueue, overdueRowSx } from '../shared/TimeInQueue'
import { HoldCountdown } from '../shared/HoldCountdown'
import { ADMIN_SIDE } from '../shared/bookingSides'
import { APPROVAL_FILTERS, unitOrLot, type Booking } from '../types'
import { bookingPriceText } from './bookingPrice'
import { WithPrice } from './BookingPrice'

/** Rows waiting for the super admin stand out (requirements: super-admin.md#booking-approvals). */
const waitingRowSx = (booking: Booking) =>
  booking.status === 'pending_admin'
    ? { backgroundColor: 'rgba(237, 108, 2, 0.08)', '& td:first-of-type': { fontWeight: 600 } }
    : {}

/** Waiting rows stand out; overdue ones carry a rule and an "Overdue" label too. */
const queueRowSx = (booking: Booking) => ({ ...waitingRowSx(booking), ...overdueRowSx(booking.queue) })

/** The status with the time in queue and the hold under it: one column on a laptop, three from `xl` up. */
const statusWithClocks = (booking: Booking) => (
  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
    <BookingStatusBadge status={booking.status} />
    <TimeInQueue queue={booking.queue} />
    <HoldCountdown heldUntil={booking.heldUntil} />
  </Stack>
)

/**
 * Booking Requests Management (requirements: super-admin.md#booking-approvals): view, and process what the API
 * allows.
 */
export default function BookingApprovalList() {
  const flash = useFlash()
  const bookings = useBookingDialogs(ADMIN_SIDE)
  const laptop = useIsLaptop()
  // Every booking change (requests, decisions, cancellations, expiry) refreshes the list.
  const announcement = useLiveRefresh(ADMIN_BOOKINGS_CHANNEL, describeBookingMessage)

  return (
    <>
      <LiveAnnouncer text={announcement} />
      <List<Booking>
        resource="admin/bookings"
        title="Booking Approvals"
        filterDefaultValues={{ status: 'all' }}
        sort={{ field: 'statusChangedAt', order: 'ASC' }}
        perPage={25}
        exporter={false}
        queryOptions={{
          onError: () => flash.error('Failed to load booking requests. Please try refreshing the page.'),
        }}
      >
        <StatusFilterTabs filters={APPROVAL_FILTERS} />
        <ListTableOrCards<Booking>
          label="Booking requests"
          card={{
            primary: unitOrLot,
            secondary: (booking) => [
              `${bookingClient(booking).name} · ${booking.agency?.name ?? 'N/A'}`,
              `#${bookingReference(booking.id)} · ${formatDateTime(booking.createdAt)}`,
              bookingPriceText(booking),
            ],
            tertiary: (booking) => (
              <>
                <BookingStatusBadge status={booking.status} />
                <TimeInQueue queue={booking.queue} />
                <HoldCountdown heldUntil={booking.heldUntil} />
              </>
            ),
            actions: bookings.actions,
            sx: queueRowSx,
          }}
        >
          <DataTable<Booking> bulkActionButtons={false} rowClick={false} rowSx={queueRowSx}>
            <DataTable.Col<Booking> source="id" label="Booking ID" render={(booking) => bookingReference(booking.id)} />
            <DataTable.Col<Booking>
              label="Unit/Lot"
              render={(booking) => <WithPrice booking={booking}>{unitOrLot(booking)}</WithPrice>}
            />
            <DataTable.Col<Booking> label="Agency" render={(booking) => booking.agency?.name ?? 'N/A'} />
            <DataTable.Col<Booking>
              source="createdAt"
              label="Date"
              render={(booking) => formatDateTime(booking.createdAt)}
            />
            {laptop ? (
              <DataTable.Col<Booking> source="status" label="Status" render={statusWithClocks} />
            ) : (
              <DataTable.Col<Booking>
                source="status"
                label="Status"
                render={(booking) => <BookingStatusBadge status={booking.status} />}
              />
            )}
            {laptop ? null : (
              <DataTable.Col<Booking>
                source="statusChangedAt"
                label="Time in Queue"
                render={(booking) => <TimeInQueue queue={booking.queue} />}
              />
            )}
            {laptop ? null : (
              <DataTable.Col<Booking>
                source="heldUntil"
                label="Held Until"
                render={(booking) => <HoldCountdown heldUntil={booking.heldUntil} />}
              />
            )}
            <DataTable.Col<Booking> label="Action" render={bookings.actions} />
          </DataTable>
        </ListTableOrCards>
      </List>
      {bookings.dialogs}
    </>
  )
}
