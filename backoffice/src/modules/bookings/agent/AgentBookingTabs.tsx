import type { ReactNode } from 'react'
import { Button, Typography } from '@mui/material'
import { useGetList, type SortPayload } from 'react-admin'
import type { RecordCard } from '../../../components/RecordCards'
import { RecordTable, type RecordColumn } from '../../../components/RecordTable'
import { bookingReference, formatDateTime } from '../../../format'
import { useBackofficeIdentity } from '../../../hooks/useBackofficeIdentity'
import { LiveAnnouncer } from '../../../live/LiveAnnouncer'
import { agencyBookingsChannel } from '../../../live/messages'
import { useLiveRefresh } from '../../../live/useLiveRefresh'
import { AgentTab } from '../../dashboards/agent/TabHeader'
import { useBookingDialogs } from '../shared/BookingListParts'
import { AGENT_SIDE } from '../shared/bookingSides'
import type { Booking } from '../types'
import { AgentBookingStatusBadge } from './AgentBookingStatusBadge'
import { bookedProperty, bookingClient } from './agentStatus'
import { describeAgentBookingMessage } from './liveMessages'
import { AGENT_BOOKINGS_RESOURCE } from './types'

/** The dashboard tabs show the latest requests; the booking requests page pages through them all. */
export const TAB_ROWS = 50

const COLUMNS = {
  id: { header: 'Booking ID', cell: (booking) => bookingReference(booking.id), sx: { fontFamily: 'monospace' } },
  property: { header: 'Property', cell: bookedProperty },
  client: { header: 'Client', cell: (booking) => bookingClient(booking).name },
  contact: {
    header: 'Contact',
    cell: (booking) => (
      <>
        <div>{bookingClient(booking).email ?? 'N/A'}</div>
        <Typography variant="caption" color="text.secondary">
          {bookingClient(booking).phone ?? 'N/A'}
        </Typography>
      </>
    ),
  },
  requested: { header: 'Date', cell: (booking) => formatDateTime(booking.createdAt) },
  updated: { header: 'Date', cell: (booking) => formatDateTime(booking.updatedAt ?? booking.createdAt) },
  status: { header: 'Status', cell: (booking) => <AgentBookingStatusBadge status={booking.status} /> },
  notes: {
    header: 'Notes',
    cell: (booking) => booking.adminNotes || booking.agentNotes || 'N/A',
    sx: { maxWidth: 280, whiteSpace: 'pre-line' },
  },
} satisfies Record<string, RecordColumn<Booking>>

/** A booking's card on a phone: what it books, its status, then the tab's facts. */
const bookingCard = (details: (booking: Booking) => ReactNode[]): Omit<RecordCard<Booking>, 'actions'> => ({
  primary: bookedProperty,
  secondary: details,
  tertiary: (booking) => <AgentBookingStatusBadge status={booking.status} />,
})

/** An agent dashboard tab listing the agency's bookings, each with View Details. */
function AgentBookingsTab({
  title,
  noun,
  sort,
  filter,
  columns,
  card,
}: {
  title: string
  /** How the tab's texts name what it lists: "booking requests", "booking history". */
  noun: string
  sort: SortPayload
  filter?: Record<string, unknown>
  columns: readonly RecordColumn<Booking>[]
  /** How a booking reads on a phone; its action is View Details. */
  card: Omit<RecordCard<Booking>, 'actions'>
}) {
  const bookings = useBookingDialogs(AGENT_SIDE)
  const query = useGetList<Booking>(AGENT_BOOKINGS_RESOURCE, {
    pagination: { page: 1, perPage: TAB_ROWS },
    sort,
    filter,
  })
  // The agency's booking changes load the tab again.
  const { identity } = useBackofficeIdentity()
  const announcement = useLiveRefresh(agencyBookingsChannel(identity?.agencyId), describeAgentBookingMessage)
  const viewDetails = (booking: Booking) => (
    <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => bookings.view(booking)}>
      View Details
    </Button>
  )
  const view: RecordColumn<Booking> = { header: 'Actions', cell: viewDetails }

  return (
    <AgentTab title={title} query={query} refreshFailure={`Couldn't refresh ${noun}`}>
      <LiveAnnouncer text={announcement} />
      <RecordTable
        label={noun.charAt(0).toUpperCase() + noun.slice(1)}
        records={query.data}
        loading={query.isPending}
        failureText={`Failed to load ${noun}.`}
        emptyText={`No ${noun} yet.`}
        columns={[...columns, view]}
        card={{ ...card, actions: viewDetails }}
      />
      {bookings.dialogs}
    </AgentTab>
  )
}

/**
 * The agent dashboard's Booking Requests tab (requirements: agent-admin.md#agent-dashboard): the agency's
 * requests, newest first,
 * each with View Details (where the agent admin approves or rejects what the API allows).
 */
export function BookingRequestsTab() {
  const { property, client, contact, requested, status } = COLUMNS
  return (
    <AgentBookingsTab
      title="Booking Requests"
      noun="booking requests"
      sort={{ field: 'createdAt', order: 'DESC' }}
      columns={[property, client, contact, requested, status]}
      card={bookingCard((booking) => {
        const { name, email, phone } = bookingClient(booking)
        return [name, [email, phone].filter(Boolean).join(' · '), formatDateTime(booking.createdAt)]
      })}
    />
  )
}

/**
 * The agent dashboard's Booking History tab (requirements: agent-admin.md#agent-dashboard): the agency's
 * bookings past the agent's
 * decision (the backend leaves out pending_agent), with their notes.
 */
export function BookingHistoryTab() {
  const { id, property, client, updated, status, notes } = COLUMNS
  return (
    <AgentBookingsTab
      title="Booking History"
      noun="booking history"
      sort={{ field: 'updatedAt', order: 'DESC' }}
      filter={{ history: 1 }}
      columns={[id, property, client, updated, status, notes]}
      card={bookingCard((booking) => [
        `#${bookingReference(booking.id)} · ${bookingClient(booking).name}`,
        formatDateTime(booking.updatedAt ?? booking.createdAt),
        booking.adminNotes || booking.agentNotes,
      ])}
    />
  )
}
