import { Suspense, lazy } from 'react'
import { Stack, Typography } from '@mui/material'
import type { ListTable as EagerListTable } from '../../../components/ListTable'
import { PlainList } from '../../../components/PlainList'
import { ListTableOrCards } from '../../../components/ResponsiveList'
import { formatDateTime } from '../../../format'
import { useBackofficeIdentity } from '../../../hooks/useBackofficeIdentity'
import { useIsLaptop } from '../../../hooks/useIsLaptop'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { agencyBookingsChannel } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import { useFlash } from '../../../messages'
import { StatusFilterTabs, useBookingDialogs } from '../shared/BookingListParts'
import { TimeInQueue, overdueRowSx } from '../shared/TimeInQueue'
import { HoldCountdown } from '../shared/HoldCountdown'
import { AGENT_SIDE } from '../shared/bookingSides'
import type { Booking } from '../types'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { AGENT_REQUEST_FILTERS, bookedProperty, bookingClient } from './agentStatus'
import { describeAgentBookingMessage } from './liveMessages'
import { AGENT_BOOKINGS_RESOURCE } from './types'
import { bookingPriceText } from '../bookings/bookingPrice'
import { WithPrice } from '../bookings/BookingPrice'

// A phone shows cards: the table's code loads only where a table is shown.
const ListTable = lazy(() =>
  import('../../../components/ListTable').then(({ ListTable }) => ({ default: ListTable }))
) as unknown as typeof EagerListTable

/** Rows waiting for the agent admin's answer (they may act on them) stand out. */
const waitingRowSx = (booking: Booking) =>
  booking.allowedActions.length > 0 ? { backgroundColor: 'rgba(237, 108, 2, 0.08)' } : {}

/** Overdue rows carry a rule and an "Overdue" label too (approval time limits). */
const queueRowSx = (booking: Booking) => ({ ...waitingRowSx(booking), ...overdueRowSx(booking.queue) })

const NO_REQUESTS = (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    No booking requests found.
  </Typography>
)

/**
 * The agent booking requests page, /agent/booking-requests
 * (requirements: agent-admin.md#booking-requests-page): the agency's requests
 * only (GET /api/bookings/agent), View Details for every request (the documents included), and
 * Process where the booking's `allowedActions` let the agent admin approve or reject.
 */
export default function AgentBookingRequestList() {
  const flash = useFlash()
  const bookings = useBookingDialogs(AGENT_SIDE)
  // On a laptop the time in queue and the hold go under the status, so every row's actions stay on screen.
  const laptop = useIsLaptop()
  // The agency's booking changes refresh the list.
  const { identity } = useBackofficeIdentity()
  const announcement = useLiveRefresh(agencyBookingsChannel(identity?.agencyId), describeAgentBookingMessage)

  return (
    <>
      <LiveAnnouncer text={announcement} />
      <PlainList<Booking>
        resource={AGENT_BOOKINGS_RESOURCE}
        title="Booking Requests"
        filterDefaultValues={{ status: 'all' }}
        sort={{ field: 'statusChangedAt', order: 'ASC' }}
        perPage={25}
        exporter={false}
        queryOptions={{ onError: () => flash.error('Failed to load booking requests.') }}
      >
        <StatusFilterTabs filters={AGENT_REQUEST_FILTERS} />
        <ListTableOrCards<Booking>
          label="Booking requests"
          card={{
            primary: bookedProperty,
            secondary: (booking) => [
              bookingClient(booking).name,
              bookingClient(booking).email,
              formatDateTime(booking.createdAt),
              bookingPriceText(booking),
            ],
            tertiary: (booking) => (
              <>
                <AgentBookingStatusBadge status={booking.status} />
                <TimeInQueue queue={booking.queue} />
                <HoldCountdown heldUntil={booking.heldUntil} />
              </>
            ),
            actions: bookings.actions,
            sx: queueRowSx,
          }}
          empty={NO_REQUESTS}
        >
          <Suspense fallback={null}>
            <ListTable<Booking>
              rowSx={queueRowSx}
              empty={NO_REQUESTS}
              columns={[
                {
                  label: 'User',
                  render: (booking) => {
                    const client = bookingClient(booking)
                    return (
                      <Stack>
                        <span>{client.name}</span>
                        <Typography variant="caption" color="text.secondary">
                          {client.email ?? 'N/A'}
                        </Typography>
                      </Stack>
                    )
                  },
                },
                {
                  label: 'Property',
                  render: (booking) => <WithPrice booking={booking}>{bookedProperty(booking)}</WithPrice>,
                },
                { source: 'createdAt', label: 'Date', render: (booking) => formatDateTime(booking.createdAt) },
                {
                  source: 'status',
                  label: 'Status',
                  render: (booking) =>
                    laptop ? (
                      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                        <AgentBookingStatusBadge status={booking.status} />
                        <TimeInQueue queue={booking.queue} />
                        <HoldCountdown heldUntil={booking.heldUntil} />
                      </Stack>
                    ) : (
                      <AgentBookingStatusBadge status={booking.status} />
                    ),
                },
                !laptop && {
                  source: 'statusChangedAt',
                  label: 'Time in Queue',
                  render: (booking) => <TimeInQueue queue={booking.queue} />,
                },
                !laptop && {
                  source: 'heldUntil',
                  label: 'Held Until',
                  render: (booking) => <HoldCountdown heldUntil={booking.heldUntil} />,
                },
                { label: 'Actions', render: bookings.actions },
              ]}
            />
          </Suspense>
        </ListTableOrCards>
      </PlainList>
      {bookings.dialogs}
    </>
  )
}
